import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { creatorSlug } from '../../../../../shared/site-rules';
import { useLeaderboard } from '../api/competitions';
import { EmptyState, ErrorState, LoadingList } from './States';
import { formatCompact } from '../../../lib/format';

/** Top 5 creators by points (XP) from the leaderboard route. */
export function Ranking() {
  const { t } = useTranslation();
  const query = useLeaderboard();
  if (query.isPending) return <LoadingList />;
  if (query.isError)
    return <ErrorState message={t('competitions.rankingError')} onRetry={() => void query.refetch()} />;
  if (query.data.items.length === 0) return <EmptyState message={t('competitions.emptyRanking')} />;
  return (
    <section aria-labelledby="ranking-title">
      <h2 id="ranking-title" className="text-lg font-semibold text-white">
        {t('competitions.rankingTitle')}
      </h2>
      <ol aria-label={t('competitions.rankingLabel')} className="mt-4 space-y-2">
        {query.data.items.map((entry, index) => (
          <li
            key={entry.id}
            className="flex items-center gap-4 rounded-xl border border-white/10 bg-zinc-900/60 px-4 py-3"
          >
            <span
              aria-label={t('competitions.position', { position: index + 1 })}
              className={`grid size-9 shrink-0 place-items-center rounded-full text-sm font-bold ${
                index === 0 ? 'bg-amber-400 text-zinc-950' : 'bg-white/10 text-white'
              }`}
            >
              {index + 1}
            </span>
            <span className="min-w-0 flex-1">
              <Link
                to={`/creator/${creatorSlug(entry.full_name)}`}
                className="block truncate font-medium text-white hover:underline"
              >
                {entry.full_name}
              </Link>
              <span className="text-xs text-zinc-400">{t('competitions.level', { level: entry.level })}</span>
            </span>
            <span className="font-semibold text-violet-200">
              {t('competitions.points', { points: formatCompact(entry.xp_points) })}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
