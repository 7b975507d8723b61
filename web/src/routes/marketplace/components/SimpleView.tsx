import { useTranslation } from 'react-i18next';
import { PRODUCT_GENRES } from '../../../../../shared/marketplace/genres';
import { PLANS, type PlanId } from '../../../../../shared/plans';
import { planDisplayName } from '../../../lib/plan-name';
import type { CatalogueCard } from '../../../../../shared/schemas/catalogue';
import { formatBRL, formatFixed, formatWholeUsd } from '../../../lib/format';
import {
  FILTER_LIMITS,
  SORTS,
  type CatalogueFilters,
  type CatalogueState,
  type Sort,
} from '../catalogue-state';
import type { ResultsPage } from './CatalogueResults';
import { Pagination } from './Pagination';
import { Stars } from './Stars';

const SUBSCRIPTION_PLANS: readonly PlanId[] = ['INICIANTE', 'ARTISTA', 'PRO'];
const PRICE_CAPS = [25, 50, FILTER_LIMITS.price.max] as const;
const DELIVERY_DAYS = 7;
const fieldClass =
  'h-10 rounded-lg border border-white/10 bg-zinc-900 px-3 text-sm text-zinc-100 focus:border-violet-400 focus:outline-none focus:ring-2 focus:ring-violet-500/40';

export const SORT_LABELS = {
  popular: 'marketplace.sortPopular',
  newest: 'marketplace.sortNewest',
  price_asc: 'marketplace.sortPriceAsc',
  price_desc: 'marketplace.sortPriceDesc',
  bpm_asc: 'marketplace.sortBpmAsc',
  bpm_desc: 'marketplace.sortBpmDesc',
} as const satisfies Record<Sort, string>;

interface SimpleViewProps {
  state: CatalogueState;
  /** The search box's text (the URL follows it after a pause). */
  text: string;
  onText: (text: string) => void;
  onFilters: (filters: CatalogueFilters) => void;
  results: ResultsPage | null;
  updating: boolean;
  onPage: (page: number) => void;
  onBuy: (beat: CatalogueCard) => void;
  onSubscribe: (plan: PlanId) => void;
}

/**
 * The simple marketplace view: search, category, price cap, sort; subscriptions and projects sections.
 * The same URL state and the same server pages as the full view (GET /api/projects): switching views
 * keeps the search.
 */
export function SimpleView({
  state,
  text,
  onText,
  onFilters,
  results,
  updating,
  onPage,
  onBuy,
  onSubscribe,
}: SimpleViewProps) {
  const { t } = useTranslation();
  const { filters } = state;
  const category = filters.genres.length === 1 ? filters.genres[0]! : 'all';
  const cap =
    filters.price[0] === FILTER_LIMITS.price.min &&
    (PRICE_CAPS as readonly number[]).includes(filters.price[1])
      ? filters.price[1]
      : FILTER_LIMITS.price.max;
  const projects = results?.items ?? [];

  return (
    <div className="space-y-10">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <label className="text-sm text-zinc-300">
          {t('marketplace.simpleSearchLabel')}
          <input
            type="search"
            value={text}
            maxLength={100}
            onChange={(event) => onText(event.target.value)}
            placeholder={t('marketplace.searchPlaceholder')}
            className={`${fieldClass} mt-1 w-full`}
          />
        </label>
        <label className="text-sm text-zinc-300">
          {t('marketplace.categoryLabel')}
          <select
            value={category}
            onChange={(event) =>
              onFilters({ ...filters, genres: event.target.value === 'all' ? [] : [event.target.value] })
            }
            className={`${fieldClass} mt-1 w-full`}
          >
            <option value="all">{t('marketplace.categoryAll')}</option>
            {PRODUCT_GENRES.map((genre) => (
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
            onChange={(event) =>
              onFilters({ ...filters, price: [FILTER_LIMITS.price.min, Number(event.target.value)] })
            }
            className={`${fieldClass} mt-1 w-full`}
          >
            {PRICE_CAPS.map((max) => (
              <option key={max} value={max}>
                {max === FILTER_LIMITS.price.max
                  ? t('marketplace.priceAny')
                  : t('marketplace.priceUpTo', { max: formatBRL(max) })}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm text-zinc-300">
          {t('marketplace.sortBy')}
          <select
            value={filters.sort}
            onChange={(event) => onFilters({ ...filters, sort: event.target.value as Sort })}
            className={`${fieldClass} mt-1 w-full`}
          >
            {SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {t(SORT_LABELS[sort])}
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
                  <h3 className="text-lg font-semibold text-white">{planDisplayName(id)}</h3>
                  <p className="text-2xl font-bold text-white">
                    {t('marketplace.perMonth', { price: formatWholeUsd(plan.monthlyPricesUsd?.[0] ?? 0) })}
                  </p>
                  <p className="text-sm text-zinc-400">
                    {t('marketplace.planCoins', { count: plan.monthlyCoins })}
                  </p>
                  <button
                    type="button"
                    onClick={() => onSubscribe(id)}
                    aria-label={t('marketplace.subscribeLabel', { name: planDisplayName(id) })}
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
        {!results ? (
          <p role="status" className="mt-4 text-zinc-400">
            {t('common.loading')}
          </p>
        ) : projects.length === 0 ? (
          <p className="mt-4 rounded-2xl border border-white/10 bg-zinc-900/60 p-8 text-center text-zinc-400">
            {t('marketplace.projectsEmpty')}
          </p>
        ) : (
          <ul
            aria-busy={updating}
            className={`mt-4 grid gap-3 md:grid-cols-2 ${updating ? 'opacity-60' : ''}`}
          >
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
        {results && (
          <div className="mt-6">
            <Pagination
              page={results.page}
              reachable={results.reachable}
              pageCount={results.pageCount}
              onChange={onPage}
            />
          </div>
        )}
      </section>
    </div>
  );
}
