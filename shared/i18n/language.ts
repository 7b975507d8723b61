/**
 * The interface languages and the rule that picks one at start (spec 1, section 9):
 * stored choice → browser language (pt/es/en prefixes) → viewer country → pt-BR.
 */
export const LANGUAGES = ['pt-BR', 'en-US', 'es-ES'] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'pt-BR';
/** localStorage key holding the user's explicit choice. */
export const LANGUAGE_STORAGE_KEY = 'preferred-language';

/** Native names, as the settings page lists them. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  'pt-BR': 'Português',
  'en-US': 'English',
  'es-ES': 'Español',
};

const SPANISH_COUNTRIES = new Set(['ES', 'MX', 'AR', 'CO', 'CL', 'PE', 'VE']);
const PORTUGUESE_COUNTRIES = new Set(['BR', 'PT']);

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** A browser tag like `pt-PT`, `es`, `EN-gb` → our language by its primary subtag; others → null. */
export function languageFromBrowserTag(tag: string): Language | null {
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  if (primary === 'pt') return 'pt-BR';
  if (primary === 'es') return 'es-ES';
  if (primary === 'en') return 'en-US';
  return null;
}

/** The first of the browser's preferred languages we support, or null. */
export function languageFromBrowser(tags: readonly string[]): Language | null {
  for (const tag of tags) {
    const language = languageFromBrowserTag(tag);
    if (language) return language;
  }
  return null;
}

/**
 * An `Accept-Language` header (`pt-BR,pt;q=0.9,en;q=0.8`; the web sends the app's own language) → the
 * first language we speak, else the default. Quality values are ignored: browsers list tags by preference.
 */
export function languageFromAcceptLanguage(header: string | null | undefined): Language {
  if (!header) return DEFAULT_LANGUAGE;
  return languageFromBrowser(header.split(',').map((tag) => tag.split(';')[0] ?? '')) ?? DEFAULT_LANGUAGE;
}

/** Country (ISO 3166 alpha-2) → language; unknown or missing country → pt-BR (the product's default). */
export function languageFromCountry(country: string | null | undefined): Language {
  if (!country) return DEFAULT_LANGUAGE;
  const code = country.trim().toUpperCase();
  if (PORTUGUESE_COUNTRIES.has(code)) return 'pt-BR';
  if (SPANISH_COUNTRIES.has(code)) return 'es-ES';
  return /^[A-Z]{2}$/.test(code) ? 'en-US' : DEFAULT_LANGUAGE;
}

export interface LanguageSignals {
  /** What the user chose before (localStorage), possibly garbage. */
  readonly stored: string | null;
  /** `navigator.languages` (or `[navigator.language]`). */
  readonly browserLanguages: readonly string[];
  /** Asks the server for the viewer's country; only called when the first two signals say nothing. */
  readonly fetchCountry: () => Promise<string | null>;
}

/** Picks the start language. A failing country lookup falls back to pt-BR, never throws. */
export async function chooseLanguage(signals: LanguageSignals): Promise<Language> {
  if (isLanguage(signals.stored)) return signals.stored;
  const fromBrowser = languageFromBrowser(signals.browserLanguages);
  if (fromBrowser) return fromBrowser;
  try {
    return languageFromCountry(await signals.fetchCountry());
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

/** The header toggle cycles pt → en → es → pt. */
export function nextLanguage(current: Language): Language {
  const index = LANGUAGES.indexOf(current);
  return LANGUAGES[(index + 1) % LANGUAGES.length] ?? DEFAULT_LANGUAGE;
}

/** The toggle's label: the first two letters of the language code in capitals (`pt-BR` → `PT`). */
export function languageToggleLabel(language: Language): string {
  return language.slice(0, 2).toUpperCase();
}
