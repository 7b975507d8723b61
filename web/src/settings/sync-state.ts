import { useSyncExternalStore } from 'react';

/**
 * Whether the preferences on screen are the ones to show: 'pending' while the session is being checked
 * or a signed-in user's saved preferences are on their way (the store still holds this browser's, e.g.
 * its language), 'ready' once they arrived, failed to, or nobody is signed in. SettingsSync sets it;
 * /settings keeps the profile's choices disabled while pending, so it never shows a value about to change.
 */
export type SavedSettingsState = 'pending' | 'ready';

let state: SavedSettingsState = 'pending';
const listeners = new Set<() => void>();

export function setSavedSettingsState(next: SavedSettingsState): void {
  if (next === state) return;
  state = next;
  for (const listener of listeners) listener();
}

export function getSavedSettingsState(): SavedSettingsState {
  return state;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSavedSettingsState(): SavedSettingsState {
  return useSyncExternalStore(subscribe, getSavedSettingsState, getSavedSettingsState);
}
