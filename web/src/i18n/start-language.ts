import {
  LANGUAGE_STORAGE_KEY,
  isLanguage,
  languageFromBrowser,
  type Language,
} from '../../../shared/i18n/language';

export function readStoredLanguage(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null; // storage disabled (private mode, policy): behave as if nothing was stored
  }
}

export function browserLanguages(): readonly string[] {
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}

/**
 * The start language when it is known without asking the server (stored choice, then browser
 * language), else null. Lets texts start downloading while the shell's code is still evaluating.
 */
export function languageKnownAtStart(): Language | null {
  const stored = readStoredLanguage();
  if (isLanguage(stored)) return stored;
  return languageFromBrowser(browserLanguages());
}
