import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../../shared/i18n/language';
import { loadFeatureTexts, type Feature } from './feature-texts';
import type { CoursesCatalogue } from './locales/pt-BR/courses';
import type { LegalCatalogue } from './locales/pt-BR/legal';
import type { StudioCatalogue } from './locales/pt-BR/studio';

/**
 * Texts of the studio site pages (/shifter-studio, /courses, /privacy, /terms, /thank-you). They are
 * merged into the i18next `translation` bundle only when one of those pages opens, so the shell and the
 * home page never download them (web budget). Missing keys fall back to pt-BR like every other text.
 */
export interface SiteCatalogue {
  studio: StudioCatalogue;
  courses: CoursesCatalogue;
  legal: LegalCatalogue;
}

const SITE_FEATURES: readonly Feature[] = ['studio', 'courses', 'legal'];

/**
 * Dotted paths to every text of a catalogue: 'studio.home.title', ...; a plural ('weeks_one',
 * 'weeks_other') is named by its base key, as i18next takes it with `count`.
 */
type PluralBase<K extends string> = K extends `${infer Base}_${'zero' | 'one' | 'many' | 'other'}` ? Base : K;
type Paths<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${PluralBase<K>}` : Paths<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
export type SiteKey = Paths<SiteCatalogue>;
export type SiteT = (key: SiteKey, options?: Record<string, string | number>) => string;

/**
 * Loads the site texts for the current language (and pt-BR as the fallback) and returns a typed `t`.
 * `ready` is false until they are in; `failed` when the catalogue could not be downloaded.
 */
export function useSiteText(): { t: SiteT; ready: boolean; failed: boolean; language: Language } {
  const { i18n: instance } = useTranslation();
  const language = isLanguage(instance.resolvedLanguage) ? instance.resolvedLanguage : DEFAULT_LANGUAGE;
  const [state, setState] = useState<{ language: Language | null; failed: boolean }>({
    language: null,
    failed: false,
  });

  useEffect(() => {
    let active = true;
    loadFeatureTexts(SITE_FEATURES).then(
      () => active && setState({ language, failed: false }),
      () => active && setState({ language: null, failed: true }),
    );
    return () => {
      active = false;
    };
  }, [language]);

  const t = useCallback<SiteT>(
    // The app's typed `t` only knows the root catalogue; these keys are checked by SiteKey instead.
    (key, options) => (instance.t as unknown as (k: string, o?: object) => string)(key, options),
    // Re-created when the language changes so memoised children re-render with the new texts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [instance, language, state.language],
  );

  return { t, ready: state.language === language, failed: state.failed, language };
}
