/**
 * Which signed-in user has preference edits on this browser that the profile has not confirmed yet.
 * Saves are debounced (SettingsSync), so a choice followed at once by a reload or a closed tab never
 * reached the profile, and at the next sign-in the profile's older choice replaced it. Remembering the
 * pending edit across page loads lets the next load upload it instead (issue 18).
 */
const UNSAVED_STORAGE_KEY = '5d.settings.unsaved';

export function markUnsaved(userId: string): void {
  try {
    localStorage.setItem(UNSAVED_STORAGE_KEY, userId);
  } catch {
    // storage unavailable: the debounced save is then the only chance, as before
  }
}

/** Forgets the marker once the profile holds this user's edits (another user's marker is kept). */
export function clearUnsaved(userId: string): void {
  try {
    if (localStorage.getItem(UNSAVED_STORAGE_KEY) === userId) localStorage.removeItem(UNSAVED_STORAGE_KEY);
  } catch {
    // nothing stored, nothing to forget
  }
}

export function hasUnsaved(userId: string): boolean {
  try {
    return localStorage.getItem(UNSAVED_STORAGE_KEY) === userId;
  } catch {
    return false;
  }
}
