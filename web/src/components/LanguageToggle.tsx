import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  LANGUAGE_NAMES,
  isLanguage,
  languageToggleLabel,
  nextLanguage,
  type Language,
} from '../../../shared/i18n/language';
import { switchLanguage } from '../i18n';

/** Shows the current language as two capitals (PT, EN, ES); each press moves to the next one. */
export function LanguageToggle() {
  const { t, i18n } = useTranslation();
  // The language a press asked for while its catalogue loads: a second quick press moves on from it
  // (PT → EN → ES) instead of from the language still on screen (which pressed PT → EN twice).
  const [pending, setPending] = useState<Language | null>(null);
  const current = pending ?? (isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'pt-BR');
  const next = nextLanguage(current);
  const press = () => {
    setPending(next);
    void switchLanguage(next).finally(() => setPending((latest) => (latest === next ? null : latest)));
  };
  return (
    <button
      type="button"
      onClick={press}
      // The name starts with the visible code (axe label-content-name-mismatch, WCAG 2.5.3).
      aria-label={`${languageToggleLabel(current)} — ${t('header.languageToggle', {
        current: LANGUAGE_NAMES[current],
        next: LANGUAGE_NAMES[next],
      })}`}
      className="inline-flex h-9 min-w-11 items-center justify-center rounded-lg border border-white/10 bg-white/5 px-2.5 text-sm font-semibold tracking-wide text-zinc-100 transition hover:border-violet-400/60 hover:bg-white/10"
    >
      {languageToggleLabel(current)}
    </button>
  );
}
