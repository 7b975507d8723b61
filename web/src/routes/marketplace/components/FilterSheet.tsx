import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  FILTER_LIMITS,
  SORT_FIELDS,
  defaultFilters,
  parseMinDownloads,
  type BeatFilters,
  type SortField,
} from '../../../../../shared/marketplace/filter';
import { Dialog } from '../../../components/Dialog';
import { formatClock } from '../../../lib/format';
import { KeyTempoFilter } from './KeyTempoFilter';

interface FilterSheetProps {
  open: boolean;
  onClose: () => void;
  /** The applied filters; the sheet edits a draft of them. */
  applied: BeatFilters;
  onApply: (filters: BeatFilters) => void;
  genres: readonly string[];
  creators: readonly string[];
}

const sortKeys: Record<
  SortField,
  'sortDownloads' | 'sortRating' | 'sortPrice' | 'sortTitle' | 'sortCreatedAt'
> = {
  downloads: 'sortDownloads',
  rating: 'sortRating',
  price: 'sortPrice',
  title: 'sortTitle',
  created_at: 'sortCreatedAt',
};

const fieldClass =
  'h-10 w-full rounded-lg border border-white/10 bg-zinc-950 px-3 text-sm text-zinc-100 focus:border-violet-400 focus:outline-none focus:ring-2 focus:ring-violet-500/40';

/**
 * The advanced filter side sheet. Edits stay in a draft until 'Aplicar Filtros'; 'Limpar' resets to the
 * defaults and applies them at once (spec 1 §4).
 */
export function FilterSheet({ open, onClose, applied, onApply, genres, creators }: FilterSheetProps) {
  const { t } = useTranslation();
  const formId = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      variant="sheet"
      title={t('marketplace.filterTitle')}
      description={t('marketplace.filterDescription')}
      closeLabel={t('marketplace.close')}
      footer={
        <div className="flex gap-3">
          <button
            type="button"
            onClick={() => {
              onApply(defaultFilters());
              onClose();
            }}
            className="h-11 flex-1 rounded-lg border border-white/15 text-sm font-medium text-zinc-200 hover:bg-white/5 focus-visible:outline-2 focus-visible:outline-violet-400"
          >
            {t('marketplace.clear')}
          </button>
          <button
            type="submit"
            form={formId}
            className="h-11 flex-1 rounded-lg bg-violet-600 text-sm font-semibold text-white hover:bg-violet-500 focus-visible:outline-2 focus-visible:outline-violet-300"
          >
            {t('marketplace.apply')}
          </button>
        </div>
      }
    >
      {/* Mounted per opening, so each opening starts from the applied filters. */}
      {open && (
        <FilterForm
          formId={formId}
          applied={applied}
          genres={genres}
          creators={creators}
          onApply={(filters) => {
            onApply(filters);
            onClose();
          }}
        />
      )}
    </Dialog>
  );
}

function FilterForm({
  formId,
  applied,
  genres,
  creators,
  onApply,
}: {
  formId: string;
  applied: BeatFilters;
  genres: readonly string[];
  creators: readonly string[];
  onApply: (filters: BeatFilters) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [draft, setDraft] = useState<BeatFilters>(() => structuredClone(applied));
  const [downloadsText, setDownloadsText] = useState(
    applied.minDownloads ? String(applied.minDownloads) : '',
  );
  const update = (patch: Partial<BeatFilters>) => setDraft((current) => ({ ...current, ...patch }));

  const toggleIn = (list: string[], item: string) =>
    list.includes(item) ? list.filter((entry) => entry !== item) : [...list, item];

  return (
    <form
      id={formId}
      className="space-y-6"
      onSubmit={(event) => {
        event.preventDefault();
        onApply({ ...draft, minDownloads: parseMinDownloads(downloadsText) });
      }}
    >
      <RangeField
        label={t('marketplace.price')}
        limits={FILTER_LIMITS.price}
        value={draft.priceRange}
        format={(v) => `R$ ${v}`}
        onChange={(priceRange) => update({ priceRange })}
      />
      <RangeField
        label={t('marketplace.bpm')}
        limits={FILTER_LIMITS.bpm}
        value={draft.bpmRange}
        format={String}
        onChange={(bpmRange) => update({ bpmRange })}
      />
      <KeyTempoFilter draft={draft} update={update} />
      <RangeField
        label={t('marketplace.duration')}
        limits={FILTER_LIMITS.duration}
        value={draft.durationRange}
        format={formatClock}
        onChange={(durationRange) => update({ durationRange })}
      />

      <div className="grid grid-cols-2 gap-3">
        <div>
          <label htmlFor={`${id}-rating`} className="mb-1.5 block text-sm font-medium text-zinc-200">
            {t('marketplace.minRating')}
          </label>
          <select
            id={`${id}-rating`}
            className={fieldClass}
            value={draft.minRating}
            onChange={(event) => update({ minRating: Number(event.target.value) })}
          >
            {FILTER_LIMITS.ratingOptions.map((rating) => (
              <option key={rating} value={rating}>
                {rating === 0 ? t('marketplace.ratingAny') : t('marketplace.ratingOption', { count: rating })}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-downloads`} className="mb-1.5 block text-sm font-medium text-zinc-200">
            {t('marketplace.minDownloads')}
          </label>
          <input
            id={`${id}-downloads`}
            inputMode="numeric"
            className={fieldClass}
            value={downloadsText}
            placeholder="0"
            onChange={(event) => setDownloadsText(event.target.value)}
          />
        </div>
      </div>

      <CheckList
        legend={t('marketplace.genres')}
        items={genres}
        selected={draft.genres}
        onToggle={(genre) => update({ genres: toggleIn(draft.genres, genre) })}
      />
      <CheckList
        legend={t('marketplace.creators')}
        items={creators}
        selected={draft.creators}
        onToggle={(creator) => update({ creators: toggleIn(draft.creators, creator) })}
      />

      <div className="grid grid-cols-2 gap-3">
        <div>
          <label htmlFor={`${id}-sort`} className="mb-1.5 block text-sm font-medium text-zinc-200">
            {t('marketplace.sortBy')}
          </label>
          <select
            id={`${id}-sort`}
            className={fieldClass}
            value={draft.sortBy}
            onChange={(event) => update({ sortBy: event.target.value as SortField })}
          >
            {SORT_FIELDS.map((field) => (
              <option key={field} value={field}>
                {t(`marketplace.${sortKeys[field]}`)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-order`} className="mb-1.5 block text-sm font-medium text-zinc-200">
            {t('marketplace.sortOrder')}
          </label>
          <select
            id={`${id}-order`}
            className={fieldClass}
            value={draft.sortOrder}
            onChange={(event) => update({ sortOrder: event.target.value === 'asc' ? 'asc' : 'desc' })}
          >
            <option value="desc">{t('marketplace.orderDesc')}</option>
            <option value="asc">{t('marketplace.orderAsc')}</option>
          </select>
        </div>
      </div>
    </form>
  );
}

interface Limits {
  min: number;
  max: number;
  step: number;
}

function RangeField({
  label,
  limits,
  value,
  format,
  onChange,
}: {
  label: string;
  limits: Limits;
  value: [number, number];
  format: (value: number) => string;
  onChange: (range: [number, number]) => void;
}) {
  const { t } = useTranslation();
  const [low, high] = value;
  return (
    <fieldset>
      <legend className="flex w-full justify-between text-sm font-medium text-zinc-200">
        <span>{label}</span>
        <span className="tabular-nums text-zinc-400">
          {format(low)} – {format(high)}
        </span>
      </legend>
      <div className="mt-2 grid grid-cols-2 gap-3">
        <input
          type="range"
          min={limits.min}
          max={limits.max}
          step={limits.step}
          value={low}
          aria-label={t('marketplace.rangeMin', { label })}
          aria-valuetext={format(low)}
          onChange={(event) => onChange([Math.min(Number(event.target.value), high), high])}
          className="accent-violet-500"
        />
        <input
          type="range"
          min={limits.min}
          max={limits.max}
          step={limits.step}
          value={high}
          aria-label={t('marketplace.rangeMax', { label })}
          aria-valuetext={format(high)}
          onChange={(event) => onChange([low, Math.max(Number(event.target.value), low)])}
          className="accent-violet-500"
        />
      </div>
    </fieldset>
  );
}

function CheckList({
  legend,
  items,
  selected,
  onToggle,
}: {
  legend: string;
  items: readonly string[];
  selected: readonly string[];
  onToggle: (item: string) => void;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-zinc-200">{legend}</legend>
      <div className="mt-2 flex max-h-40 flex-wrap gap-2 overflow-y-auto">
        {items.map((item) => (
          <label
            key={item}
            className="inline-flex cursor-pointer items-center gap-2 rounded-full border border-white/10 px-3 py-1 text-sm text-zinc-300 has-checked:border-violet-400 has-checked:bg-violet-600/30 has-focus-visible:outline-2 has-focus-visible:outline-violet-400"
          >
            <input
              type="checkbox"
              className="sr-only"
              checked={selected.includes(item)}
              onChange={() => onToggle(item)}
            />
            {item}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
