import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { useDocumentTitle } from '../../components/document-title';
import { PageLoading } from '../../components/PageLoading';
import { useFormat } from '../../settings/useFormat';
import { useCreator } from './api/creator';
import { formatFixed } from '../../lib/format';

function Stat({ label, value, wide }: { label: string; value: string; wide?: boolean }) {
  return (
    <div
      className={`rounded-2xl border border-white/10 bg-zinc-900/60 p-4 ${wide ? 'col-span-2 md:col-span-1' : ''}`}
    >
      <dt className="text-sm text-zinc-400">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-white">{value}</dd>
    </div>
  );
}

const marketplaceButton =
  'inline-flex h-11 items-center rounded-xl bg-gradient-to-r from-violet-500 to-fuchsia-500 px-6 font-semibold text-white transition hover:brightness-110';

/** Creator public profile: the creator's real figures from GET /api/creators/{name} (spec 2 §2, issue 9). */
function CreatorPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const { name = '' } = useParams();
  const query = useCreator(name);
  const shownName = query.data?.creator.name;
  useDocumentTitle(shownName && t('titles.page', { page: shownName }));

  if (query.isPending) return <PageLoading />;
  if (query.isError) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return (
      <div role={notFound ? undefined : 'alert'} className="mx-auto max-w-xl py-16 text-center">
        <p aria-hidden="true" className="text-5xl">
          🎧
        </p>
        <h1 className="mt-4 text-2xl font-bold text-white">
          {notFound ? t('creator.notFoundTitle') : t('creator.loadError')}
        </h1>
        {notFound && <p className="mt-2 text-zinc-400">{t('creator.notFoundText', { name })}</p>}
        <div className="mt-6 flex justify-center gap-3">
          {!notFound && (
            <button
              type="button"
              onClick={() => void query.refetch()}
              className="h-11 rounded-xl border border-white/15 px-5 text-white"
            >
              {t('creator.retry')}
            </button>
          )}
          <Link to="/marketplace" className={marketplaceButton}>
            {t('creator.marketplace')}
          </Link>
        </div>
      </div>
    );
  }

  const creator = query.data.creator;
  const perBeat = creator.products ? Math.round(creator.downloads / creator.products) : 0;
  return (
    <div className="mx-auto max-w-5xl">
      <header className="flex flex-wrap items-center gap-5 rounded-3xl border border-white/10 bg-gradient-to-br from-violet-950/50 via-zinc-950 to-fuchsia-950/30 p-6">
        <span
          aria-hidden="true"
          className="grid size-20 place-items-center rounded-full bg-gradient-to-br from-violet-500 to-fuchsia-500 text-3xl font-bold text-white"
        >
          {creator.name.charAt(0).toUpperCase()}
        </span>
        <div className="min-w-0 flex-1">
          <p className="text-xs font-medium uppercase tracking-wider text-violet-200">{t('creator.badge')}</p>
          <h1 className="truncate text-3xl font-bold text-white">{creator.name}</h1>
          <p className="mt-1 text-sm text-zinc-400">
            {t('creator.activeSince', { year: format.year(creator.active_since) })}
          </p>
        </div>
        <dl className="grid grid-cols-3 gap-4 text-sm">
          <div>
            <dt className="text-zinc-400">{t('creator.rating')}</dt>
            <dd className="font-semibold text-amber-300">
              {creator.rating === null ? t('creator.noRating') : `★ ${formatFixed(creator.rating, 1)}`}
            </dd>
            {creator.rating !== null && (
              <dd className="text-xs text-zinc-400" data-testid="creator-rating-count">
                {t('creator.ratingCount', { count: creator.rating_count })}
              </dd>
            )}
          </div>
          <div>
            <dt className="text-zinc-400">{t('creator.monthlyGrowth')}</dt>
            <dd className="font-semibold text-emerald-300">
              {creator.monthly_growth === null
                ? t('creator.none')
                : `${creator.monthly_growth > 0 ? '+' : ''}${creator.monthly_growth}%`}
            </dd>
          </div>
          <div>
            <dt className="text-zinc-400">{t('creator.topGenre')}</dt>
            <dd className="font-semibold text-white">{creator.top_genre ?? t('creator.none')}</dd>
          </div>
        </dl>
      </header>

      <dl className="mt-6 grid grid-cols-2 gap-3 md:grid-cols-5">
        <Stat label={t('creator.beats')} value={format.compact(creator.products)} />
        <Stat label={t('creator.downloads')} value={format.compact(creator.downloads)} />
        <Stat
          label={t('creator.favorites')}
          value={creator.favorites === null ? t('creator.none') : format.compact(creator.favorites)}
        />
        <Stat label={t('creator.sales')} value={format.compact(creator.sales)} />
        <Stat wide label={t('creator.revenue')} value={t(`creator.revenueBands.${creator.revenue_band}`)} />
      </dl>

      <section
        aria-labelledby="performance-title"
        className="mt-6 rounded-2xl border border-white/10 bg-zinc-900/60 p-5"
      >
        <h2 id="performance-title" className="text-lg font-semibold text-white">
          {t('creator.performanceTitle')}
        </h2>
        <ul className="mt-3 flex flex-wrap gap-2 text-sm">
          <li className="rounded-full bg-violet-500/15 px-3 py-1 text-violet-200">
            {t('creator.level', { level: creator.level })}
          </li>
          <li className="rounded-full bg-white/5 px-3 py-1 text-zinc-200">
            {t('creator.xp', { xp: format.compact(creator.xp_points) })}
          </li>
          <li className="rounded-full bg-white/5 px-3 py-1 text-zinc-200">
            {t('creator.streak', { count: creator.streak_days })}
          </li>
          <li className="rounded-full bg-white/5 px-3 py-1 text-zinc-200">
            {t('creator.downloadsPerBeat')}: {format.compact(perBeat)}
          </li>
        </ul>
      </section>

      <section aria-labelledby="top-beats-title" className="mt-6">
        <h2 id="top-beats-title" className="text-lg font-semibold text-white">
          {t('creator.topBeats')}
        </h2>
        {creator.top_beats.length === 0 ? (
          <p className="mt-3 rounded-2xl border border-dashed border-white/15 p-8 text-center text-zinc-400">
            {t('creator.noBeats')}
          </p>
        ) : (
          <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {creator.top_beats.map((beat) => (
              <li
                key={beat.id}
                data-testid="top-beat"
                className="rounded-2xl border border-white/10 bg-zinc-900/60 p-4"
              >
                <p className="truncate font-semibold text-white">{beat.title}</p>
                <p className="mt-1 text-sm text-zinc-400">
                  {beat.genre} · {t('creator.bpm', { bpm: beat.bpm })}
                </p>
                <p className="mt-3 flex items-center justify-between text-sm">
                  <span className="text-zinc-300">
                    {t('creator.downloadsCount', {
                      count: beat.downloads,
                      value: format.compact(beat.downloads),
                    })}
                  </span>
                  <span className="font-semibold text-white">{format.price(beat.price)}</span>
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>

      <div className="mt-8">
        <Link to="/marketplace" className={marketplaceButton}>
          {t('creator.marketplace')}
        </Link>
      </div>
    </div>
  );
}

export { CreatorPage as Component };
