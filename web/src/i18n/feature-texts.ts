import i18n from 'i18next';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../../shared/i18n/language';
import type { Catalogue, ShellCatalogue } from './locales/pt-BR';
import { languageKnownAtStart } from './start-language';

/**
 * Screen texts load with their screen. The start catalogue (`locales/<lang>.ts`) holds only the shell;
 * each feature's texts (`locales/<lang>/<feature>.ts`) are merged into the same `translation` bundle
 * when a route that needs them loads, so `/` never downloads the texts of every other page.
 * pt-BR is loaded beside the chosen language as the fallback, as the spec asks.
 */
export type Feature = Exclude<keyof Catalogue, keyof ShellCatalogue>;

type FeatureModule = { default: Record<string, unknown> };
const modules = import.meta.glob<FeatureModule>('./locales/*/*.ts');

const loaded = new Map<string, Promise<void>>();
const downloads = new Map<string, Promise<FeatureModule>>();
const wanted = new Set<Feature>();

// The router starts loading the first screen while the language is still being chosen; texts are
// merged only once i18next is initialised (startI18n calls markI18nReady).
let markReady: () => void = () => undefined;
const i18nReady = new Promise<void>((resolve) => {
  markReady = resolve;
});
export function markI18nReady(): void {
  markReady();
}

/** Starts (or joins) the download of one feature's texts; merging them waits for i18next. */
function download(id: string): Promise<FeatureModule> {
  let pending = downloads.get(id);
  if (!pending) {
    const load = modules[`./locales/${id}.ts`];
    if (!load) return Promise.reject(new Error(`No texts for ${id}`));
    pending = load();
    // A failed download may be retried on the next navigation.
    pending.catch(() => downloads.delete(id));
    downloads.set(id, pending);
  }
  return pending;
}

function loadOne(language: Language, feature: Feature): Promise<void> {
  const id = `${language}/${feature}`;
  let pending = loaded.get(id);
  if (!pending) {
    pending = download(id).then((module) => {
      i18n.addResourceBundle(language, 'translation', { [feature]: module.default }, true, true);
    });
    // A failed download may be retried on the next navigation.
    pending.catch(() => loaded.delete(id));
    loaded.set(id, pending);
  }
  return pending;
}

function languagesToLoad(language: Language): Language[] {
  return language === DEFAULT_LANGUAGE ? [language] : [language, DEFAULT_LANGUAGE];
}

/** Makes the texts of these features available in the current language (and pt-BR). */
export async function loadFeatureTexts(features: readonly Feature[]): Promise<void> {
  for (const feature of features) wanted.add(feature);
  if (!i18n.isInitialized) {
    // The first screen's texts download beside the start catalogue instead of after it.
    const early = languageKnownAtStart();
    if (early) {
      for (const language of languagesToLoad(early))
        for (const feature of features) download(`${language}/${feature}`).catch(() => undefined);
    }
  }
  await i18nReady;
  const current = isLanguage(i18n.resolvedLanguage ?? i18n.language)
    ? ((i18n.resolvedLanguage ?? i18n.language) as Language)
    : DEFAULT_LANGUAGE;
  await Promise.all(
    languagesToLoad(current).flatMap((language) => features.map((feature) => loadOne(language, feature))),
  );
}

/**
 * Whether these features' texts are already merged for the current language (and pt-BR): a panel whose
 * screen loaded them with its route (withTexts) draws at once, in the build's prerender and in the
 * hydration of that HTML alike.
 */
export function featureTextsLoaded(features: readonly Feature[]): boolean {
  if (!i18n.isInitialized) return false;
  const current = isLanguage(i18n.resolvedLanguage ?? i18n.language)
    ? ((i18n.resolvedLanguage ?? i18n.language) as Language)
    : DEFAULT_LANGUAGE;
  return languagesToLoad(current).every((language) =>
    features.every((feature) => i18n.getResource(language, 'translation', feature) !== undefined),
  );
}

/** Before switching language: every feature already shown gets its texts in the new language. */
export async function loadTextsForLanguage(language: Language): Promise<void> {
  await Promise.all(
    languagesToLoad(language).flatMap((lang) => [...wanted].map((feature) => loadOne(lang, feature))),
  );
}

/** A route `lazy` loader that resolves once both the screen's code and its texts are in. */
export function withTexts<T>(features: readonly Feature[], load: () => Promise<T>): () => Promise<T> {
  return async () => {
    const [module] = await Promise.all([load(), loadFeatureTexts(features)]);
    return module;
  };
}
