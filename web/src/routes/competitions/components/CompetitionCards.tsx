import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { CompetitionCard } from '../../../../../shared/schemas/site';
import { formatDate, timeLeft } from '../../../lib/format';
import { prizeText } from '../../../lib/prize-text';
import { textIn } from '../../../../../shared/translated-text';

const difficultyStyle = {
  beginner: 'bg-emerald-500/15 text-emerald-200',
  intermediate: 'bg-amber-500/15 text-amber-200',
  advanced: 'bg-red-500/15 text-red-200',
} as const;

function Header({ card }: { card: CompetitionCard }) {
  const { t, i18n } = useTranslation();
  const text = textIn(card, ['title', 'description'], i18n.resolvedLanguage ?? i18n.language);
  return (
    <>
      <div className="flex flex-wrap items-center gap-2 text-xs">
        <span className={`rounded-full px-2.5 py-1 font-medium ${difficultyStyle[card.difficulty]}`}>
          {t(`competitions.difficulty.${card.difficulty}`)}
        </span>
        <span className="rounded-full border border-white/10 px-2.5 py-1 text-zinc-300">
          {t('competitions.category')}: {card.category}
        </span>
      </div>
      <h2 className="mt-3 text-lg font-semibold text-white">{text.title}</h2>
      <p className="mt-1 text-sm text-zinc-400">{text.description}</p>
      {card.tags.length > 0 && (
        <ul className="mt-3 flex flex-wrap gap-1.5">
          {card.tags.map((tag) => (
            <li key={tag} className="rounded-md bg-white/5 px-2 py-0.5 text-xs text-zinc-300">
              #{tag}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/**
 * A running competition: prize, participants, time left, filled spots and 'Participar Agora' (to the
 * contract of this competition), or 'Inscrito' with the track once the user entered, or no spots left.
 */
export function ActiveCompetitionCard({
  card,
  now,
  enteredWith,
}: {
  card: CompetitionCard;
  now: Date;
  /** The title of the user's track in this competition, when they entered it. */
  enteredWith?: string;
}) {
  const { t } = useTranslation();
  const left = timeLeft(card.ends_at, now);
  const filled = Math.min(100, Math.round((card.participants / card.max_participants) * 100));
  return (
    <article className="flex flex-col rounded-2xl border border-white/10 bg-zinc-900/60 p-5">
      <Header card={card} />
      <dl className="mt-4 grid grid-cols-2 gap-3 text-sm">
        <div>
          <dt className="text-zinc-400">{t('competitions.prize')}</dt>
          <dd className="font-semibold text-amber-300">{prizeText(card.prize_1st)}</dd>
          <dd className="text-xs text-zinc-400">
            {t('competitions.otherPrizes', {
              second: prizeText(card.prize_2nd),
              third: prizeText(card.prize_3rd),
            })}
          </dd>
        </div>
        <div className="text-right">
          <dd className="text-zinc-200">{t('competitions.participants', { count: card.participants })}</dd>
          <dd className="text-zinc-400">
            {left
              ? t('competitions.timeLeft', { days: left.days, hours: left.hours })
              : t('competitions.ended')}
          </dd>
        </div>
      </dl>
      <div className="mt-4">
        <div className="flex justify-between text-xs text-zinc-400">
          <span>{t('competitions.progress')}</span>
          <span>{t('competitions.spots', { used: card.participants, count: card.max_participants })}</span>
        </div>
        <div
          role="progressbar"
          aria-label={t('competitions.progress')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={filled}
          className="mt-1.5 h-2 overflow-hidden rounded-full bg-white/10"
        >
          <div
            className="h-full rounded-full bg-gradient-to-r from-violet-500 to-fuchsia-500"
            style={{ width: `${filled}%` }}
          />
        </div>
      </div>
      {enteredWith !== undefined ? (
        <p
          data-testid="competition-entered"
          className="mt-5 flex min-h-10 items-center justify-center gap-2 rounded-xl border border-emerald-400/30 bg-emerald-500/10 px-4 py-2 text-center text-sm font-medium text-emerald-200"
        >
          <span aria-hidden="true">✓</span>
          <span>
            <strong className="font-semibold">{t('competitions.entered')}</strong>{' '}
            {t('competitions.enteredWith', { title: enteredWith })}
          </span>
        </p>
      ) : card.participants >= card.max_participants ? (
        <p className="mt-5 flex h-10 items-center justify-center rounded-xl border border-white/10 text-sm text-zinc-400">
          {t('competitions.full')}
        </p>
      ) : (
        <Link
          to={`/competitions/contract?competition=${encodeURIComponent(card.id)}`}
          className="mt-5 inline-flex h-10 items-center justify-center rounded-xl bg-gradient-to-r from-violet-500 to-fuchsia-500 px-5 text-sm font-semibold text-white transition hover:brightness-110 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-300"
        >
          {t('competitions.join')}
        </Link>
      )}
    </article>
  );
}

/** A finished competition: when it ended, the winner and the winning track. */
export function FinishedCompetitionCard({ card }: { card: CompetitionCard }) {
  const { t } = useTranslation();
  return (
    <article className="rounded-2xl border border-white/10 bg-zinc-900/60 p-5">
      <Header card={card} />
      <p className="mt-3 text-xs text-zinc-500">
        {t('competitions.endedOn', { date: formatDate(card.ends_at) })}
      </p>
      {card.winner ? (
        <dl className="mt-3 grid grid-cols-2 gap-3 rounded-xl bg-amber-500/10 p-3 text-sm">
          <div>
            <dt className="text-amber-200/80">{t('competitions.winner')}</dt>
            <dd className="font-semibold text-white">🏆 {card.winner}</dd>
          </div>
          <div>
            <dt className="text-amber-200/80">{t('competitions.winningTrack')}</dt>
            <dd className="font-semibold text-white">{card.winning_track ?? '—'}</dd>
          </div>
        </dl>
      ) : (
        <p className="mt-3 text-sm text-zinc-400">{t('competitions.noWinner')}</p>
      )}
    </article>
  );
}
