import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PRODUCT_GENRES } from '../../../../../shared/marketplace/genres';
import type { CatalogueCard } from '../../../../../shared/schemas/catalogue';
import { Dialog } from '../../../components/Dialog';
import { formatClock } from '../../../lib/format';
import { useCreatorDirectory } from '../api/catalogue';
import {
  FILTER_LIMITS,
  SORTS,
  defaultFilters,
  parseMinDownloads,
  type CatalogueFilters,
  type Sort,
} from '../catalogue-state';
import { KeyTempoFilter } from './KeyTempoFilter';
import { SORT_LABELS } from './SimpleView';

interface FilterSheetProps {
  open: boolean;
  onClose: () => void;
  /** The applied filters; the sheet edits a draft of them. */
  applied: CatalogueFilters;
  onApply: (filters: CatalogueFilters) => void;
  /** The cards on screen: they name the creators of the applied creator filter. */
  cards: readonly CatalogueCard[];
}

const fieldClass =
  'h-10 w-full rounded-lg border border-white/10 bg-zinc-950 px-3 text-sm text-zinc-100 focus:border-violet-400 focus:outline-none focus:ring-2 focus:ring-violet-500/40';

/**
 * The advanced filter side sheet. Edits stay in a draft until 'Aplicar Filtros'; 'Limpar' resets to the
 * defaults and applies them at once (spec 1 §4). A slider at its end means no limit on that side.
 */
export function FilterSheet({ open, onClose, applied, onApply, cards }: FilterSheetProps) {
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
          cards={cards}
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
  cards,
  onApply,
}: {
  formId: string;
  applied: CatalogueFilters;
  cards: readonly CatalogueCard[];
  onApply: (filters: CatalogueFilters) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [draft, setDraft] = useState<CatalogueFilters>(() => structuredClone(applied));
  const [downloadsText, setDownloadsText] = useState(
    applied.downloadsMin ? String(applied.downloadsMin) : '',
  );
  const update = (patch: Partial<CatalogueFilters>) => setDraft((current) => ({ ...current, ...patch }));
  const toggleIn = (list: string[], item: string) =>
    list.includes(item) ? list.filter((entry) => entry !== item) : [...list, item];
  const priceLabel = (value: number) => `R$ ${value}${value === FILTER_LIMITS.price.max ? '+' : ''}`;

  return (
    <form
      id={formId}
      className="space-y-6"
      onSubmit={(event) => {
        event.preventDefault();
        onApply({ ...draft, downloadsMin: parseMinDownloads(downloadsText) });
      }}
    >
      <RangeField
        label={t('marketplace.price')}
        limits={FILTER_LIMITS.price}
        value={draft.price}
        format={priceLabel}
        onChange={(price) => update({ price })}
      />
      <RangeField
        label={t('marketplace.bpm')}
        limits={FILTER_LIMITS.bpm}
        value={draft.bpm}
        format={String}
        onChange={(bpm) => update({ bpm })}
      />
      <KeyTempoFilter draft={draft} update={update} />
      <RangeField
        label={t('marketplace.duration')}
        limits={FILTER_LIMITS.duration}
        value={draft.duration}
        format={formatClock}
        onChange={(duration) => update({ duration })}
      />

      <div className="grid grid-cols-2 gap-3">
        <div>
          <label htmlFor={`${id}-rating`} className="mb-1.5 block text-sm font-medium text-zinc-200">
            {t('marketplace.minRating')}
          </label>
          <select
            id={`${id}-rating`}
            className={fieldClass}
            value={draft.ratingMin}
            onChange={(event) => update({ ratingMin: Number(event.target.value) })}
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
        items={PRODUCT_GENRES.map((genre) => ({ id: genre, label: genre }))}
        selected={draft.genres}
        onToggle={(genre) => update({ genres: toggleIn(draft.genres, genre) })}
      />
      <CreatorField
        selected={draft.creators}
        cards={cards}
        onToggle={(creator) => update({ creators: toggleIn(draft.creators, creator).slice(0, 5) })}
      />

      <div>
        <label htmlFor={`${id}-sort`} className="mb-1.5 block text-sm font-medium text-zinc-200">
          {t('marketplace.sortBy')}
        </label>
        <select
          id={`${id}-sort`}
          className={fieldClass}
          value={draft.sort}
          onChange={(event) => update({ sort: event.target.value as Sort })}
        >
          {SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {t(SORT_LABELS[sort])}
            </option>
          ))}
        </select>
      </div>
    </form>
  );
}

/** Creators: a name search over the creators with beats (GET /api/catalogue/creators), up to five chosen. */
function CreatorField({
  selected,
  cards,
  onToggle,
}: {
  selected: readonly string[];
  cards: readonly CatalogueCard[];
  onToggle: (creatorId: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [search, setSearch] = useState('');
  const directory = useCreatorDirectory(search, true);
  const names = useMemo(() => {
    const known = new Map<string, string>();
    for (const card of cards) known.set(card.creator_id, card.creator);
    for (const entry of directory.data ?? []) known.set(entry.id, entry.name);
    return known;
  }, [cards, directory.data]);
  const found = (directory.data ?? []).filter((entry) => !selected.includes(entry.id));
  const items = [
    ...selected.map((creatorId) => ({ id: creatorId, label: names.get(creatorId) ?? creatorId })),
    ...found.map((entry) => ({ id: entry.id, label: entry.name })),
  ];
  return (
    <div className="space-y-2">
      <label htmlFor={`${id}-creator`} className="block text-sm font-medium text-zinc-200">
        {t('marketplace.creators')}
      </label>
      <input
        id={`${id}-creator`}
        type="search"
        className={fieldClass}
        value={search}
        maxLength={60}
        aria-label={t('marketplace.creatorSearch')}
        placeholder={t('marketplace.creatorSearchPlaceholder')}
        onChange={(event) => setSearch(event.target.value)}
      />
      {directory.isSuccess && items.length === 0 ? (
        <p className="text-sm text-zinc-500">{t('marketplace.creatorsNone')}</p>
      ) : (
        <CheckList
          legend={t('marketplace.creators')}
          hideLegend
          items={items}
          selected={selected}
          onToggle={onToggle}
        />
      )}
    </div>
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
  hideLegend = false,
  items,
  selected,
  onToggle,
}: {
  legend: string;
  hideLegend?: boolean;
  items: readonly { id: string; label: string }[];
  selected: readonly string[];
  onToggle: (item: string) => void;
}) {
  return (
    <fieldset>
      <legend className={hideLegend ? 'sr-only' : 'text-sm font-medium text-zinc-200'}>{legend}</legend>
      <div className="mt-2 flex max-h-40 flex-wrap gap-2 overflow-y-auto">
        {items.map((item) => (
          <label
            key={item.id}
            className="inline-flex cursor-pointer items-center gap-2 rounded-full border border-white/10 px-3 py-1 text-sm text-zinc-300 has-checked:border-violet-400 has-checked:bg-violet-600/30 has-focus-visible:outline-2 has-focus-visible:outline-violet-400"
          >
            <input
              type="checkbox"
              className="sr-only"
              checked={selected.includes(item.id)}
              onChange={() => onToggle(item.id)}
            />
            {item.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
