import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PLANS, type PlanId } from '../../../../../shared/plans';
import {
  SORT_FIELDS,
  defaultFilters,
  filterBeats,
  type SortField,
} from '../../../../../shared/marketplace/filter';
import type { Project } from '../../../../../shared/schemas/marketplace';
import { formatBRL, formatFixed, formatWholeUsd } from '../../../lib/format';
import { Pagination } from './Pagination';
import { Stars } from './Stars';

const SUBSCRIPTION_PLANS: readonly PlanId[] = ['INICIANTE', 'ARTISTA', 'PRO'];
const PRICE_CAPS = [25, 50, 100] as const;
const DELIVERY_DAYS = 7;
const fieldClass =
  'h-10 rounded-lg border border-white/10 bg-zinc-900 px-3 text-sm text-zinc-100 focus:border-violet-400 focus:outline-none focus:ring-2 focus:ring-violet-500/40';

interface SimpleViewProps {
  beats: readonly Project[];
  genres: readonly string[];
  onBuy: (beat: Project) => void;
  onSubscribe: (plan: PlanId) => void;
}

/** The simple marketplace view: search, category, price cap, sort; subscriptions and projects sections. */
export function SimpleView({ beats, genres, onBuy, onSubscribe }: SimpleViewProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState('all');
  const [cap, setCap] = useState(100);
  const [sortBy, setSortBy] = useState<SortField>('downloads');

  const [page, setPage] = useState(1);

  // The same shared rules as the full view: search, category as the genre chip, price cap, sort, 12 a page.
  const result = useMemo(
    () =>
      filterBeats(beats, {
        search,
        genreChip: category,
        filters: { ...defaultFilters(), priceRange: [0, cap], sortBy },
        page,
      }),
    [beats, search, category, cap, sortBy, page],
  );
  const projects = result.items;

  const sortLabels: Record<SortField, string> = {
    downloads: t('marketplace.sortDownloads'),
    rating: t('marketplace.sortRating'),
    price: t('marketplace.sortPrice'),
    title: t('marketplace.sortTitle'),
    created_at: t('marketplace.sortCreatedAt'),
  };

  return (
    <div className="space-y-10">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <label className="text-sm text-zinc-300">
          {t('marketplace.simpleSearchLabel')}
          <input
            type="search"
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              setPage(1);
            }}
            placeholder={t('marketplace.searchPlaceholder')}
            className={`${fieldClass} mt-1 w-full`}
          />
        </label>
        <label className="text-sm text-zinc-300">
          {t('marketplace.categoryLabel')}
          <select
            value={category}
            onChange={(event) => {
              setCategory(event.target.value);
              setPage(1);
            }}
            className={`${fieldClass} mt-1 w-full`}
          >
            <option value="all">{t('marketplace.categoryAll')}</option>
            {genres.map((genre) => (
              <option key={genre} value={genre}>
                {genre}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm text-zinc-300">
          {t('marketplace.priceFilterLabel')}
          <select
            value={cap}
            onChange={(event) => {
              setCap(Number(event.target.value));
              setPage(1);
            }}
            className={`${fieldClass} mt-1 w-full`}
          >
            {PRICE_CAPS.map((max) => (
              <option key={max} value={max}>
                {max === 100
                  ? t('marketplace.priceAny')
                  : t('marketplace.priceUpTo', { max: formatBRL(max) })}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm text-zinc-300">
          {t('marketplace.sortBy')}
          <select
            value={sortBy}
            onChange={(event) => {
              setSortBy(event.target.value as SortField);
              setPage(1);
            }}
            className={`${fieldClass} mt-1 w-full`}
          >
            {SORT_FIELDS.map((field) => (
              <option key={field} value={field}>
                {sortLabels[field]}
              </option>
            ))}
          </select>
        </label>
      </div>

      <section aria-labelledby="simple-subscriptions">
        <h2 id="simple-subscriptions" className="text-xl font-semibold text-white">
          {t('marketplace.subscriptionsTitle')}
        </h2>
        {SUBSCRIPTION_PLANS.length === 0 ? (
          <p className="mt-4 text-zinc-400">{t('marketplace.subscriptionsEmpty')}</p>
        ) : (
          <ul className="mt-4 grid gap-4 md:grid-cols-3">
            {SUBSCRIPTION_PLANS.map((id) => {
              const plan = PLANS[id];
              return (
                <li
                  key={id}
                  className="flex flex-col gap-2 rounded-2xl border border-white/10 bg-zinc-900/60 p-5"
                >
                  <h3 className="text-lg font-semibold text-white">{plan.name}</h3>
                  <p className="text-2xl font-bold text-white">
                    {t('marketplace.perMonth', { price: formatWholeUsd(plan.monthlyPricesUsd?.[0] ?? 0) })}
                  </p>
                  <p className="text-sm text-zinc-400">
                    {t('marketplace.planCoins', { count: plan.monthlyCoins })}
                  </p>
                  <button
                    type="button"
                    onClick={() => onSubscribe(id)}
                    aria-label={t('marketplace.subscribeLabel', { name: plan.name })}
                    className="mt-2 h-10 rounded-lg bg-violet-600 text-sm font-semibold text-white hover:bg-violet-500"
                  >
                    {t('marketplace.subscribe')}
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </section>

      <section aria-labelledby="simple-projects">
        <h2 id="simple-projects" className="text-xl font-semibold text-white">
          {t('marketplace.projectsTitle')}
        </h2>
        {projects.length === 0 ? (
          <p className="mt-4 rounded-2xl border border-white/10 bg-zinc-900/60 p-8 text-center text-zinc-400">
            {t('marketplace.projectsEmpty')}
          </p>
        ) : (
          <ul className="mt-4 grid gap-3 md:grid-cols-2">
            {projects.map((project) => (
              <li
                key={project.id}
                className="flex items-center justify-between gap-4 rounded-xl border border-white/10 bg-zinc-900/60 p-4"
              >
                <div className="min-w-0">
                  <h3 className="truncate font-semibold text-white">{project.title}</h3>
                  <p className="truncate text-sm text-zinc-400">
                    {t('marketplace.byCreator', { creator: project.creator })} · {project.genre}
                  </p>
                  <div className="mt-1 flex flex-wrap items-center gap-3 text-xs text-zinc-400">
                    {project.rating > 0 ? (
                      <Stars
                        rating={project.rating}
                        label={t('marketplace.ratingLabel', { rating: formatFixed(project.rating, 1) })}
                      />
                    ) : (
                      <span>{t('dashboardHub.client.ratingNone')}</span>
                    )}
                    <span>{t('marketplace.deliveryDays', { count: DELIVERY_DAYS })}</span>
                  </div>
                </div>
                <div className="flex shrink-0 flex-col items-end gap-2">
                  <span className="font-bold text-white">{formatBRL(project.price)}</span>
                  <button
                    type="button"
                    onClick={() => onBuy(project)}
                    className="h-9 rounded-lg bg-violet-600 px-3 text-sm font-semibold text-white hover:bg-violet-500"
                  >
                    {t('marketplace.buy')}
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
        <div className="mt-6">
          <Pagination
            page={result.page}
            pageCount={result.pageCount}
            buttons={result.pageButtons}
            onChange={setPage}
          />
        </div>
      </section>
    </div>
  );
}
