import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatDuration } from '../../../../../shared/marketplace/duration';
import type { CatalogueCard } from '../../../../../shared/schemas/catalogue';
import { formatBRL, formatCompact, formatFixed } from '../../../lib/format';
import { PauseGlyph, PlayGlyph } from '../../../components/player/PlayerBar';
import { Stars } from './Stars';

interface BeatCardProps {
  beat: CatalogueCard;
  liked: boolean;
  playing: boolean;
  onPlay: () => void;
  onLike: () => void;
  onShare: () => void;
  onBuy: () => void;
}

/**
 * A beat: cover with a hover play button, like, genre, title (a link to the beat's page), creator,
 * duration, bpm, stars, its licences from the cheapest tier (or its price before the creator set them),
 * share, Comprar.
 */
export function BeatCard({ beat, liked, playing, onPlay, onLike, onShare, onBuy }: BeatCardProps) {
  const { t } = useTranslation();
  const tiers = beat.licences;
  const price = formatBRL(tiers ? tiers.from_price : beat.price);
  return (
    <article
      aria-label={beat.title}
      data-testid="beat-card"
      className="group flex flex-col overflow-hidden rounded-2xl border border-white/10 bg-zinc-900/70 transition hover:border-violet-400/40"
    >
      <div className="relative aspect-square bg-gradient-to-br from-violet-700 via-fuchsia-700 to-zinc-900">
        {beat.coverUrl && (
          <img
            src={beat.coverUrl}
            alt=""
            loading="lazy"
            className="absolute inset-0 size-full object-cover"
          />
        )}
        <button
          type="button"
          onClick={onPlay}
          aria-label={
            playing
              ? t('marketplace.pause', { title: beat.title })
              : t('marketplace.play', { title: beat.title })
          }
          aria-pressed={playing}
          className={`absolute inset-0 m-auto flex size-14 items-center justify-center rounded-full bg-violet-600/90 text-white shadow-lg transition focus-visible:opacity-100 focus-visible:outline-2 focus-visible:outline-white group-hover:opacity-100 ${
            playing ? 'opacity-100' : 'opacity-100 sm:opacity-0'
          }`}
        >
          {playing ? <PauseGlyph /> : <PlayGlyph />}
        </button>
        <button
          type="button"
          onClick={onLike}
          aria-label={
            liked
              ? t('marketplace.unlike', { title: beat.title })
              : t('marketplace.like', { title: beat.title })
          }
          aria-pressed={liked}
          className="absolute right-2 top-2 flex size-9 items-center justify-center rounded-full bg-black/50 text-white transition hover:bg-black/70 focus-visible:outline-2 focus-visible:outline-white"
        >
          <HeartGlyph filled={liked} />
        </button>
        <span className="absolute left-2 top-2 rounded-full bg-black/60 px-2 py-0.5 text-xs font-medium text-violet-200">
          {beat.genre}
        </span>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="min-w-0">
          <h3 className="truncate font-semibold text-white">
            <Link
              to={`/beat/${encodeURIComponent(beat.id)}`}
              className="rounded hover:text-violet-200 hover:underline focus-visible:outline-2 focus-visible:outline-violet-400"
            >
              {beat.title}
            </Link>
          </h3>
          <p className="truncate text-sm text-zinc-400">
            {t('marketplace.byCreator', { creator: beat.creator })}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-zinc-400">
          <span>{formatDuration(beat.duration_seconds)}</span>
          <span>{t('marketplace.bpmValue', { bpm: beat.bpm })}</span>
          <span aria-label={t('marketplace.downloadsLabel', { count: beat.downloads })}>
            ↓ {formatCompact(beat.downloads)}
          </span>
        </div>
        <Stars
          rating={beat.rating}
          label={t('marketplace.ratingLabel', { rating: formatFixed(beat.rating, 1) })}
        />
        <div className="mt-auto flex items-center justify-between gap-2 pt-2">
          {tiers ? (
            <p className="min-w-0 leading-tight" data-testid="beat-card-tiers">
              <span className="block font-bold text-white">{t('licensing.fromPrice', { price })}</span>
              <span className="block text-xs text-zinc-400">
                {t('licensing.tierCount', { count: tiers.count })}
              </span>
            </p>
          ) : (
            <span className="text-lg font-bold text-white">{price}</span>
          )}
          <div className="flex items-center gap-1">
            <button
              type="button"
              onClick={onShare}
              aria-label={t('marketplace.share', { title: beat.title })}
              className="flex size-9 items-center justify-center rounded-lg text-zinc-300 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-violet-400"
            >
              <ShareGlyph />
            </button>
            <button
              type="button"
              onClick={onBuy}
              aria-label={
                tiers
                  ? t('marketplace.beatPage.buyFromLabel', { title: beat.title, price })
                  : t('marketplace.buyLabel', { title: beat.title, price })
              }
              className="h-9 rounded-lg bg-violet-600 px-3 text-sm font-semibold text-white hover:bg-violet-500 focus-visible:outline-2 focus-visible:outline-violet-300"
            >
              {t('marketplace.buy')}
            </button>
          </div>
        </div>
      </div>
    </article>
  );
}

function HeartGlyph({ filled }: { filled: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="18"
      height="18"
      fill={filled ? '#f472b6' : 'none'}
      stroke={filled ? '#f472b6' : 'currentColor'}
      strokeWidth={1.8}
      aria-hidden="true"
    >
      <path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z" />
    </svg>
  );
}

function ShareGlyph() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="18"
      height="18"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      aria-hidden="true"
    >
      <circle cx="18" cy="5" r="2.5" />
      <circle cx="6" cy="12" r="2.5" />
      <circle cx="18" cy="19" r="2.5" />
      <path d="m8.2 10.8 7.6-4.4M8.2 13.2l7.6 4.4" />
    </svg>
  );
}
