import { useTranslation } from 'react-i18next';
import type { CatalogueStats } from '../../../../../shared/schemas/catalogue';
import { formatCompact, formatFixed } from '../../../lib/format';

/** Downloads per day are not tracked per day; the spec's sample figure stands in for it. */
const SAMPLE_DOWNLOADS_TODAY = 800;

/**
 * Four stat cards: catalogue size, downloads today (sample), average rating and new this week, from the
 * catalogue's own counts (they come with the first page's answer). While they load, the cards keep their
 * final size with a placeholder in place of each figure.
 */
export function StatCards({ stats, loading = false }: { stats: CatalogueStats | null; loading?: boolean }) {
  const { t } = useTranslation();
  const cards = [
    { label: t('marketplace.statBeats'), value: formatCompact(stats?.beats ?? 0) },
    { label: t('marketplace.statDownloadsToday'), value: formatCompact(SAMPLE_DOWNLOADS_TODAY) },
    { label: t('marketplace.statAverageRating'), value: formatFixed(stats?.average_rating ?? 0, 1) },
    { label: t('marketplace.statNewThisWeek'), value: String(stats?.new_this_week ?? 0) },
  ];
  return (
    <dl aria-label={t('marketplace.statsLabel')} className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {cards.map((card) => (
        <div key={card.label} className="rounded-2xl border border-white/10 bg-zinc-900/60 p-4">
          <dt className="text-xs uppercase tracking-wide text-zinc-400">{card.label}</dt>
          <dd className="mt-1 text-2xl font-bold text-white">
            {loading ? (
              <>
                <span
                  aria-hidden="true"
                  className="inline-block h-6 w-14 animate-pulse rounded-md bg-white/10 align-middle motion-reduce:animate-none"
                />
                <span className="sr-only">{t('common.loading')}</span>
              </>
            ) : (
              card.value
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
