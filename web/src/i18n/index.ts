import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  LANGUAGE_STORAGE_KEY,
  chooseLanguage,
  isLanguage,
  type Language,
} from '../../../shared/i18n/language';
import { setApiErrorTextsLoader } from '../api/error-text';
import { loadFeatureTexts, loadTextsForLanguage, markI18nReady, type Feature } from './feature-texts';
import ptBR, { type ShellCatalogue } from './locales/pt-BR';
import { browserLanguages, readStoredLanguage } from './start-language';

const GLOBAL_FEATURES: readonly Feature[] = ['chat', 'coins'];

/**
 * pt-BR's shell catalogue (~1 KB gzip) ships with the shell: it is the default and every language's
 * fallback, so it is always needed. The others are one dynamic import each, fetched only when chosen.
 */
const catalogues: Record<Language, () => Promise<{ default: ShellCatalogue }>> = {
  'pt-BR': () => Promise.resolve({ default: ptBR }),
  'en-US': () => import('./locales/en-US'),
  'es-ES': () => import('./locales/es-ES'),
};

const catalogueBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    if (!isLanguage(language)) {
      callback(new Error(`No catalogue for ${language}`), false);
      return;
    }
    catalogues[language]().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

async function fetchViewerCountry(): Promise<string | null> {
  const response = await fetch('/api/geo', { signal: AbortSignal.timeout(3000) });
  if (!response.ok) return null;
  const body: unknown = await response.json();
  const country = (body as { country?: unknown } | null)?.country;
  return typeof country === 'string' ? country : null;
}

function applyDocumentLanguage(language: Language): void {
  document.documentElement.lang = language;
}

/** The start language: stored choice → browser language → viewer country (GET /api/geo) → pt-BR. */
export function chooseStartLanguage(): Promise<Language> {
  return chooseLanguage({
    stored: readStoredLanguage(),
    browserLanguages: browserLanguages(),
    fetchCountry: fetchViewerCountry,
  });
}

/**
 * Starts i18next in this language with its shell catalogue and the texts every page shows (the chat
 * button and the header's coins chip). Also used by the build's prerender (web/prerender), in Node.
 */
export async function initI18n(language: Language): Promise<void> {
  const globalTexts = loadFeatureTexts(GLOBAL_FEATURES);
  if (i18n.isInitialized) {
    // The dev server's prerender re-evaluates this module after an edit; i18next itself stays started.
    await i18n.changeLanguage(language);
    markI18nReady();
    await globalTexts;
    return;
  }
  await i18n
    .use(catalogueBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      load: 'currentOnly',
      interpolation: { escapeValue: false }, // React escapes already
      // A key found in no catalogue (not even pt-BR) is reported, so e2e runs fail on it (issue 9).
      saveMissing: true,
      missingKeyHandler: (_languages, _namespace, key) => console.error(`Missing i18n key: ${key}`),
      react: { useSuspense: false },
    });
  markI18nReady();
  setApiErrorTextsLoader(() => loadFeatureTexts(['apiErrors']));
  await globalTexts;
}

/** Chooses the start language (stored → browser → country) and loads its catalogue. */
export async function startI18n(): Promise<Language> {
  // Texts every page shows start downloading now when the language is already known (see feature-texts).
  const globalTexts = loadFeatureTexts(GLOBAL_FEATURES);
  const language = await chooseStartLanguage();
  await initI18n(language);
  await globalTexts;
  applyDocumentLanguage(language);
  return language;
}

/** In Node, for the prerender: the shell and every feature loaded so far, in this language. */
export async function switchPrerenderLanguage(language: Language): Promise<void> {
  await i18n.loadLanguages(language);
  await loadTextsForLanguage(language);
  await i18n.changeLanguage(language);
}

// The language of the newest switch asked for. Catalogues load asynchronously, so a quick second press
// can finish loading before the first: only the newest request is applied.
let requestedLanguage: Language | null = null;

/** The user's explicit choice: remembered, applied, and reflected in `<html lang>`. */
export async function switchLanguage(language: Language): Promise<void> {
  requestedLanguage = language;
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // not persisted when storage is unavailable; the switch still applies to this visit
  }
  // The shell catalogue first: once feature texts create the language's bundle, i18next would consider
  // the language loaded and never fetch its shell texts (the header kept pt-BR's after a switch).
  await i18n.loadLanguages(language);
  await loadTextsForLanguage(language);
  if (requestedLanguage !== language) return; // a newer press wins
  await i18n.changeLanguage(language);
  applyDocumentLanguage(language);
}

export function currentLanguage(): Language {
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;
}
