import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeatureTexts } from '../../../i18n/use-feature-texts';
import type { CatalogueFilters } from '../catalogue-state';
import { keyLabel, MUSICAL_KEYS } from '../../../lib/key-names';

/** Filter sheet: musical key (with compatible keys) and half/double tempo for the BPM range (issue 8). */
export function KeyTempoFilter({
  draft,
  update,
}: {
  draft: CatalogueFilters;
  update: (patch: Partial<CatalogueFilters>) => void;
}) {
  const ready = useFeatureTexts(['licensing']);
  const { t } = useTranslation();
  const id = useId();
  if (!ready) return null;
  return (
    <div className="space-y-2">
      <label htmlFor={`${id}-key`} className="block text-sm font-medium text-zinc-200">
        {t('licensing.search.key')}
      </label>
      <select
        id={`${id}-key`}
        value={draft.key ?? ''}
        onChange={(event) => update({ key: event.target.value || null })}
        className="h-10 w-full rounded-lg border border-white/10 bg-zinc-950 px-3 text-sm text-white focus-visible:outline-2 focus-visible:outline-violet-400"
      >
        <option value="">{t('licensing.search.anyKey')}</option>
        {MUSICAL_KEYS.map((key) => (
          <option key={key} value={key}>
            {keyLabel(t, key)}
          </option>
        ))}
      </select>
      <label className="flex items-center gap-2 text-sm text-zinc-300">
        <input
          type="checkbox"
          className="accent-violet-500"
          checked={draft.compatible}
          disabled={!draft.key}
          onChange={(event) => update({ compatible: event.target.checked })}
        />
        {t('licensing.search.compatible')}
      </label>
      <label className="flex items-center gap-2 text-sm text-zinc-300">
        <input
          type="checkbox"
          className="accent-violet-500"
          checked={draft.halfDouble}
          onChange={(event) => update({ halfDouble: event.target.checked })}
        />
        {t('licensing.search.halfDouble')}
      </label>
    </div>
  );
}
