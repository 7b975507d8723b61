import type { UserSettings } from '../../../shared/schemas/site';
import { currentLanguage, switchLanguage } from '../i18n';
import i18n from 'i18next';
import { getSettings, loadSettings, subscribeSettings, updateSettings } from './store';

/** Dark mode and reduced motion become classes on `<html>` (index.css styles both). */
export function applyToDocument(settings: Pick<UserSettings, 'darkMode' | 'reducedMotion'>): void {
  const root = document.documentElement;
  root.classList.toggle('dark', settings.darkMode);
  root.classList.toggle('light', !settings.darkMode);
  root.classList.toggle('reduce-motion', settings.reducedMotion);
  root.style.colorScheme = settings.darkMode ? 'dark' : 'light';
  document
    .querySelector('meta[name="theme-color"]')
    ?.setAttribute('content', settings.darkMode ? '#09090b' : '#fafafa');
}

/**
 * Called once after i18n started: loads the stored preferences, applies them, and keeps page and store
 * in step (a language picked in /settings switches i18n; the header toggle updates the store).
 */
export function startSettings(): void {
  applyToDocument(loadSettings(currentLanguage()));
  subscribeSettings(() => {
    const settings = getSettings();
    applyToDocument(settings);
    if (settings.language !== currentLanguage()) void switchLanguage(settings.language);
  });
  i18n.on('languageChanged', () => {
    const language = currentLanguage();
    if (getSettings().language !== language) updateSettings({ language });
  });
}
