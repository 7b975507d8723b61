import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage } from '../../../../../shared/i18n/language';
import { DEFAULT_TERMS, MAX_CREDIT_LINE, type TierId } from '../../../../../shared/licensing/tiers';
import {
  LIMIT_TERMS,
  termsToForm,
  type TermProblem,
  type TermsForm,
} from '../../../../../shared/licensing/terms-form';

const input =
  'h-10 w-full rounded-lg border border-white/10 bg-zinc-950 px-3 text-sm text-white placeholder:text-zinc-500 focus-visible:outline-2 focus-visible:outline-violet-400 disabled:opacity-60';

interface LicenceTermsEditorProps {
  tier: TierId;
  form: TermsForm;
  problems: Partial<Record<keyof TermsForm, TermProblem>>;
  onChange: (form: TermsForm) => void;
}

/**
 * "Editar termos" of one tier (issue 8): a limit per number field (empty = unlimited, with an
 * Ilimitado checkbox that says so), live performances yes/no, the credit line, and the tier's defaults.
 */
export function LicenceTermsEditor({ tier, form, problems, onChange }: LicenceTermsEditorProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const tierName = t(`licensing.tierNames.${tier}`);
  const defaults = termsToForm(
    DEFAULT_TERMS[tier],
    isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : undefined,
  );
  const set = (change: Partial<TermsForm>) => onChange({ ...form, ...change });
  const problemText = (field: keyof TermsForm) => {
    const problem = problems[field];
    return problem ? t(`licensing.hub.termsEditor.problems.${problem}`, { max: MAX_CREDIT_LINE }) : null;
  };

  return (
    <details
      className="col-span-full rounded-lg border border-white/10 px-3 py-2"
      // A tier with a field to fix opens itself, so the message is seen.
      open={Object.keys(problems).length > 0 ? true : undefined}
      data-testid={`tier-terms-${tier}`}
    >
      <summary className="cursor-pointer text-sm text-violet-300">
        {t('licensing.hub.termsEditor.edit')}
        <span className="sr-only"> — {tierName}</span>
      </summary>
      <fieldset className="mt-3 grid gap-3 sm:grid-cols-2">
        <legend className="sr-only">{t('licensing.hub.termsEditor.legend', { tier: tierName })}</legend>
        {LIMIT_TERMS.map((term) => {
          const unlimited = form[term].trim() === '';
          const error = problemText(term);
          const fieldId = `${id}-${term}`;
          return (
            <div key={term} className="text-sm text-zinc-300">
              <label htmlFor={fieldId}>{t(`licensing.terms.${term}`)}</label>
              <input
                id={fieldId}
                type="number"
                min={0}
                step={1}
                inputMode="numeric"
                placeholder={t('licensing.unlimited')}
                className={`${input} mt-1`}
                value={form[term]}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${fieldId}-error` : undefined}
                onChange={(e) => set({ [term]: e.target.value })}
              />
              <label className="mt-1 flex items-center gap-2 text-xs text-zinc-400">
                <input
                  type="checkbox"
                  className="accent-violet-500"
                  checked={unlimited}
                  // Unticking brings back the tier's default (or 0 when the default is unlimited too).
                  onChange={(e) => set({ [term]: e.target.checked ? '' : defaults[term] || '0' })}
                />
                {t('licensing.unlimited')}
                <span className="sr-only"> — {t(`licensing.terms.${term}`)}</span>
              </label>
              {error && (
                <p id={`${fieldId}-error`} className="mt-1 text-xs text-red-300">
                  {error}
                </p>
              )}
            </div>
          );
        })}
        <label className="flex items-center gap-2 text-sm text-zinc-300 sm:col-span-2">
          <input
            type="checkbox"
            className="accent-violet-500"
            checked={form.live_performances}
            onChange={(e) => set({ live_performances: e.target.checked })}
          />
          {t('licensing.hub.termsEditor.livePerformances')}
        </label>
        <div className="text-sm text-zinc-300 sm:col-span-2">
          <label htmlFor={`${id}-credit`}>{t('licensing.hub.termsEditor.creditLine')}</label>
          <input
            id={`${id}-credit`}
            className={`${input} mt-1`}
            maxLength={MAX_CREDIT_LINE}
            value={form.credit_line}
            aria-describedby={`${id}-credit-hint`}
            aria-invalid={problems.credit_line ? true : undefined}
            onChange={(e) => set({ credit_line: e.target.value })}
          />
          <p id={`${id}-credit-hint`} className="mt-1 text-xs text-zinc-500">
            {problemText('credit_line') ?? t('licensing.hub.termsEditor.creditHint')}
          </p>
        </div>
        <div className="sm:col-span-2">
          <button
            type="button"
            className="text-sm text-violet-300 underline"
            onClick={() => onChange(defaults)}
          >
            {t('licensing.hub.termsEditor.restore')}
            <span className="sr-only"> — {tierName}</span>
          </button>
        </div>
      </fieldset>
    </details>
  );
}
