import { useTranslation } from 'react-i18next';
import { hasStreakBadge, levelFromXp, type Rarity } from '../../../../../shared/gamification';
import type { Profile } from '../../../../../shared/schemas/profile';
import { formatDate } from '../../../lib/format';
import { prizeText } from '../../../lib/prize-text';
import { textIn } from '../../../../../shared/translated-text';
import { useFeatureTexts } from '../../../i18n/use-feature-texts';
import { PageLoading } from '../../../components/PageLoading';
import { useAchievements, useActiveCompetition, useLeaderboard } from '../api/creator';

const rarityTone: Record<Rarity, string> = {
  common: 'border-zinc-500/40 text-zinc-300',
  rare: 'border-sky-400/40 text-sky-300',
  epic: 'border-fuchsia-400/40 text-fuchsia-300',
  legendary: 'border-amber-400/50 text-amber-300',
};

/** Gamification: level from XP, streak badge above 7 days, top-5 ranking, 6 achievements, active competition. */
export function AchievementsTab({ profile }: { profile: Profile }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  // The competition's prize extras ('contrato de distribuição') are texts of the competitions feature.
  useFeatureTexts(['competitions']);
  const leaderboard = useLeaderboard();
  const achievements = useAchievements();
  const competition = useActiveCompetition();
  const box = 'rounded-2xl border border-white/10 bg-zinc-900/60 p-5';

  // Creator stats are public only through the ranking; outside the top 5 a creator starts at level 1.
  const mine = leaderboard.data?.find((entry) => entry.id === profile.id);
  const progress = levelFromXp(mine?.xp_points ?? 0);
  const streak = mine?.streak_days ?? 0;
  const rarityName: Record<Rarity, string> = {
    common: t('dashboardHub.creator.rarityCommon'),
    rare: t('dashboardHub.creator.rarityRare'),
    epic: t('dashboardHub.creator.rarityEpic'),
    legendary: t('dashboardHub.creator.rarityLegendary'),
  };

  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <section className={box} aria-labelledby="level-title">
        <h2 id="level-title" className="text-2xl font-bold text-white">
          {t('dashboardHub.creator.level', { level: progress.level })}
        </h2>
        <p className="text-sm text-zinc-400">{t('dashboardHub.creator.xp', { xp: progress.xp })}</p>
        <div
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress.progressPercent}
          aria-label={t('dashboardHub.creator.nextLevel', {
            xp: progress.xpToNextLevel,
            level: progress.level + 1,
          })}
          className="mt-3 h-2 overflow-hidden rounded-full bg-white/10"
        >
          <div
            className="h-full bg-gradient-to-r from-violet-500 to-fuchsia-500"
            style={{ width: `${progress.progressPercent}%` }}
          />
        </div>
        <p className="mt-1 text-xs text-zinc-400">
          {t('dashboardHub.creator.nextLevel', { xp: progress.xpToNextLevel, level: progress.level + 1 })}
        </p>
        <p className="mt-4 flex items-center gap-2 text-sm text-zinc-300">
          {t('dashboardHub.creator.streak')}: {t('dashboardHub.creator.streakDays', { count: streak })}
          {hasStreakBadge(streak) && (
            <span className="rounded-full bg-orange-500/20 px-2 py-0.5 text-xs font-semibold text-orange-300">
              🔥 {t('dashboardHub.creator.streakBadge')}
            </span>
          )}
        </p>
      </section>

      <section className={box} aria-labelledby="ranking-title">
        <h2 id="ranking-title" className="font-semibold text-white">
          {t('dashboardHub.creator.ranking')}
        </h2>
        {leaderboard.isPending ? (
          <PageLoading />
        ) : !leaderboard.data?.length ? (
          <p className="mt-3 text-sm text-zinc-400">{t('dashboardHub.creator.rankingEmpty')}</p>
        ) : (
          <ol className="mt-3 space-y-2">
            {leaderboard.data.map((entry, index) => (
              <li
                key={entry.id}
                className="flex items-center justify-between gap-2 rounded-lg bg-zinc-950/60 px-3 py-2"
              >
                <span className="flex min-w-0 items-center gap-3">
                  <span className="w-5 text-center font-bold text-violet-300">{index + 1}</span>
                  <span className="truncate text-white">{entry.full_name}</span>
                </span>
                <span className="shrink-0 text-xs text-zinc-400">
                  {t('dashboardHub.creator.level', { level: levelFromXp(entry.xp_points).level })} ·{' '}
                  {t('dashboardHub.creator.xp', { xp: entry.xp_points })}
                  {hasStreakBadge(entry.streak_days) && ' 🔥'}
                </span>
              </li>
            ))}
          </ol>
        )}
      </section>

      <section className={`${box} lg:col-span-2`} aria-labelledby="achievements-title">
        <h2 id="achievements-title" className="font-semibold text-white">
          {t('dashboardHub.creator.achievementsTitle')}
        </h2>
        {achievements.isPending ? (
          <PageLoading />
        ) : !achievements.data?.length ? (
          <p className="mt-3 text-sm text-zinc-400">{t('dashboardHub.creator.achievementsEmpty')}</p>
        ) : (
          <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {achievements.data.map((achievement) => (
              <li
                key={achievement.id}
                className={`rounded-xl border bg-zinc-950/60 p-4 ${rarityTone[achievement.rarity]}`}
              >
                <p className="text-2xl" aria-hidden="true">
                  {achievement.badge_icon}
                </p>
                <p className="mt-1 font-semibold text-white">
                  {textIn(achievement, ['name'], language).name}
                </p>
                <p className="text-sm text-zinc-400">
                  {textIn(achievement, ['description'], language).description}
                </p>
                <p className="mt-2 text-xs font-medium uppercase tracking-wide">
                  {rarityName[achievement.rarity]}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className={`${box} lg:col-span-2`} aria-labelledby="competition-title">
        <h2 id="competition-title" className="font-semibold text-white">
          {t('dashboardHub.creator.competition')}
        </h2>
        {competition.isPending ? (
          <PageLoading />
        ) : !competition.data ? (
          <p className="mt-3 text-sm text-zinc-400">{t('dashboardHub.creator.competitionNone')}</p>
        ) : (
          <div className="mt-3">
            <p className="text-lg font-semibold text-white">
              {textIn(competition.data, ['title'], language).title}
            </p>
            <p className="text-sm text-zinc-400">
              {textIn(competition.data, ['description'], language).description}
            </p>
            <dl className="mt-3 grid gap-2 sm:grid-cols-3">
              {[
                [t('dashboardHub.creator.prize1'), prizeText(competition.data.prize_1st)],
                [t('dashboardHub.creator.prize2'), prizeText(competition.data.prize_2nd)],
                [t('dashboardHub.creator.prize3'), prizeText(competition.data.prize_3rd)],
              ].map(([label, prize]) => (
                <div key={label} className="rounded-lg bg-zinc-950/60 px-3 py-2">
                  <dt className="text-xs text-zinc-400">{label}</dt>
                  <dd className="text-white">{prize}</dd>
                </div>
              ))}
            </dl>
            <p className="mt-2 text-xs text-zinc-400">
              {t('dashboardHub.creator.endsAt', { date: formatDate(competition.data.ends_at) })}
            </p>
          </div>
        )}
      </section>
    </div>
  );
}
