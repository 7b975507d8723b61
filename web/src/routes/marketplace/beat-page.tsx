import { lazy, Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { toast } from 'sonner';
import type { TierId } from '../../../../shared/licensing/tiers';
import { creatorSlug } from '../../../../shared/site-rules';
import { ApiError } from '../../api/client';
import { useAuth } from '../../auth/session';
import { formatBRL } from '../../lib/format';
import { useDocumentTitle } from '../../components/document-title';
import { PauseGlyph, PlayerBar, PlayGlyph } from '../../components/player/PlayerBar';
import { usePlayer } from '../../components/player/use-player';
import { useBeat } from './api/beat';
import { playBeat } from './play-beat';
import { useBeatLicences } from './api/licences';
import type { Beat } from './api/schemas';
import { keyLabel } from '../../lib/key-names';
import { OfferPanel } from './components/OfferPanel';
import { TierTerms } from './components/TierTerms';

// The tier choice (and the coupon and checkout API with it) loads when Comprar is first pressed.
const LicenceDialog = lazy(async () => ({
  default: (await import('./components/LicenceDialog')).LicenceDialog,
}));

const primaryButton =
  'inline-flex h-11 items-center justify-center rounded-xl bg-violet-600 px-5 font-semibold text-white hover:bg-violet-500 focus-visible:outline-2 focus-visible:outline-violet-300';
const secondaryButton =
  'inline-flex h-11 items-center justify-center rounded-xl border border-white/15 px-5 text-white hover:bg-white/5 focus-visible:outline-2 focus-visible:outline-violet-400';

/** One beat (issue 8): cover, facts, a play button, every tier on sale with its terms, Comprar, offers. */
function BeatPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const beat = useBeat(id);
  const title = beat.data?.title;

  useDocumentTitle(title && t('marketplace.beatPage.pageTitle', { title }));

  if (beat.isPending) return <BeatSkeleton />;
  if (beat.isError) {
    const notFound = beat.error instanceof ApiError && beat.error.status === 404;
    return (
      <div role={notFound ? undefined : 'alert'} className="mx-auto max-w-xl py-16 text-center">
        <p aria-hidden="true" className="text-5xl">
          🎧
        </p>
        <h1 className="mt-4 text-2xl font-bold text-white">
          {notFound ? t('marketplace.beatPage.notFoundTitle') : t('marketplace.beatPage.loadError')}
        </h1>
        {notFound && <p className="mt-2 text-zinc-400">{t('marketplace.beatPage.notFoundText')}</p>}
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          {!notFound && (
            <button type="button" onClick={() => void beat.refetch()} className={secondaryButton}>
              {t('marketplace.beatPage.retry')}
            </button>
          )}
          <Link to="/marketplace" className={primaryButton}>
            {t('marketplace.beatPage.back')}
          </Link>
        </div>
      </div>
    );
  }
  return <BeatView beat={beat.data} />;
}

function BeatView({ beat }: { beat: Beat }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const licences = useBeatLicences(beat.id);
  const player = usePlayer(useCallback(() => toast.error(t('marketplace.player.playError')), [t]));
  // Comprar opens the tier choice with that tier selected.
  const [buying, setBuying] = useState<{ tier: TierId } | null>(null);
  const [offerTier, setOfferTier] = useState<TierId | null>(null);

  const sold = beat.status === 'sold' || licences.data?.sold_exclusive === true;
  const tiers = sold ? [] : (licences.data?.tiers ?? []);
  const offerOn = tiers.find((tier) => tier.id === offerTier) ?? tiers[0];
  const playing = player.state.playing && player.state.track?.id === beat.id;
  const play = () => playBeat(player, beat).catch(() => toast.error(t('marketplace.player.playError')));

  return (
    <div className={`mx-auto max-w-5xl ${player.state.track ? 'pb-24' : ''}`}>
      <header className="grid gap-6 md:grid-cols-[minmax(0,18rem)_1fr]">
        <div className="relative aspect-square w-full max-w-xs overflow-hidden rounded-2xl bg-gradient-to-br from-violet-700 via-fuchsia-700 to-zinc-900 md:max-w-none">
          {beat.coverUrl && (
            <img src={beat.coverUrl} alt="" className="absolute inset-0 size-full object-cover" />
          )}
        </div>
        <div className="min-w-0">
          <span className="inline-block rounded-full bg-violet-500/15 px-2.5 py-0.5 text-xs font-medium text-violet-200">
            {beat.genre}
          </span>
          <h1 className="mt-2 break-words text-3xl font-bold text-white sm:text-4xl">{beat.title}</h1>
          <p className="mt-1 text-zinc-400">
            {t('marketplace.beatPage.by')}{' '}
            <Link
              to={`/creator/${creatorSlug(beat.creator)}`}
              className="rounded font-medium text-violet-300 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-violet-400"
            >
              {beat.creator}
            </Link>
          </p>
          {sold && (
            <p className="mt-3 inline-block rounded-lg border border-amber-400/30 bg-amber-500/10 px-3 py-1.5 font-semibold text-amber-200">
              {t('marketplace.beatPage.sold')}
            </p>
          )}
          <h2 className="sr-only">{t('marketplace.beatPage.details')}</h2>
          <dl className="mt-4 grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
            <Fact label={t('marketplace.beatPage.genre')} value={beat.genre} />
            <Fact label={t('marketplace.beatPage.bpm')} value={String(beat.bpm)} />
            <Fact
              label={t('marketplace.beatPage.key')}
              value={beat.key ? keyLabel(t, beat.key) : t('marketplace.beatPage.noKey')}
            />
            <Fact label={t('marketplace.beatPage.duration')} value={beat.duration} />
          </dl>
          <button
            type="button"
            onClick={() => void play()}
            aria-pressed={playing}
            className={`mt-4 gap-2 ${secondaryButton}`}
          >
            {playing ? <PauseGlyph /> : <PlayGlyph />}
            {playing ? t('marketplace.beatPage.pause') : t('marketplace.beatPage.listen')}
          </button>
          {beat.description && <p className="mt-4 whitespace-pre-line text-zinc-300">{beat.description}</p>}
        </div>
      </header>

      <section aria-labelledby="beat-licences-title" className="mt-8">
        <h2 id="beat-licences-title" className="text-xl font-semibold text-white">
          {t('marketplace.beatPage.licencesTitle')}
        </h2>
        {sold ? (
          <p className="mt-3 rounded-2xl border border-white/10 bg-zinc-900/60 p-5 text-zinc-300">
            {t('marketplace.beatPage.soldText')}
          </p>
        ) : licences.isPending ? (
          <div role="status" className="mt-3 grid gap-3 sm:grid-cols-2">
            <span className="sr-only">{t('licensing.loading')}</span>
            {[0, 1].map((n) => (
              <div
                key={n}
                aria-hidden="true"
                className="h-44 animate-pulse rounded-2xl bg-white/5 motion-reduce:animate-none"
              />
            ))}
          </div>
        ) : licences.isError ? (
          <div role="alert" className="mt-3 space-y-3">
            <p className="text-red-300">{t('licensing.loadError')}</p>
            <button type="button" onClick={() => void licences.refetch()} className={secondaryButton}>
              {t('licensing.retry')}
            </button>
          </div>
        ) : tiers.length === 0 ? (
          <p className="mt-3 text-zinc-400">{t('licensing.none')}</p>
        ) : (
          <ul className="mt-3 grid gap-3 sm:grid-cols-2">
            {tiers.map((tier) => {
              const name = t(`licensing.tierNames.${tier.id}`);
              const price = formatBRL(tier.price);
              return (
                <li
                  key={tier.id}
                  data-testid={`beat-tier-${tier.id}`}
                  className="flex flex-col rounded-2xl border border-white/10 bg-zinc-900/60 p-4"
                >
                  <div className="flex items-start justify-between gap-3">
                    <h3 className="font-semibold text-white">{name}</h3>
                    <span className="text-lg font-bold text-white">{price}</span>
                  </div>
                  <p className="mt-1 text-xs text-violet-200">
                    {tier.files.map((file) => t(`licensing.files.${file}`)).join(' · ')}
                    {tier.files.includes('stems') && licences.data.ai_stems
                      ? ` · ${t('licensing.aiStems')}`
                      : ''}
                  </p>
                  <TierTerms terms={tier.terms} creator={beat.creator} credit={tier.credit} />
                  <button
                    type="button"
                    onClick={() => setBuying({ tier: tier.id })}
                    aria-label={t('licensing.buyTier', { tier: name, price })}
                    className={`mt-4 w-full ${primaryButton}`}
                  >
                    {t('marketplace.beatPage.buy')}
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </section>

      {/* Hidden while the tier choice is open: the dialog has its own offer form (one id per page). */}
      {!sold && licences.data?.accepts_offers && offerOn && !buying && (
        <section aria-labelledby="beat-offers-title" className="mt-8 space-y-3">
          <h2 id="beat-offers-title" className="text-xl font-semibold text-white">
            {t('marketplace.beatPage.offersTitle')}
          </h2>
          <p className="text-zinc-400">{t('marketplace.beatPage.offersHint')}</p>
          <div className="flex flex-col gap-1 sm:max-w-xs">
            <label htmlFor="beat-offer-tier" className="text-sm text-zinc-300">
              {t('marketplace.beatPage.offerTier')}
            </label>
            <select
              id="beat-offer-tier"
              value={offerOn.id}
              onChange={(event) => setOfferTier(event.target.value as TierId)}
              className="h-10 rounded-lg border border-white/10 bg-zinc-950 px-3 text-white"
            >
              {tiers.map((tier) => (
                <option key={tier.id} value={tier.id}>
                  {t(`licensing.tierNames.${tier.id}`)} · {formatBRL(tier.price)}
                </option>
              ))}
            </select>
          </div>
          {user ? (
            <OfferPanel
              projectId={beat.id}
              tier={offerOn.id}
              signedIn
              minOffer={licences.data?.min_offer ?? null}
            />
          ) : (
            <>
              {licences.data?.min_offer != null && (
                <p className="text-sm text-zinc-400">
                  {t('licensing.offers.minimum', { amount: formatBRL(licences.data.min_offer) })}
                </p>
              )}
              <Link to="/auth" className={secondaryButton}>
                {t('header.login')}
              </Link>
            </>
          )}
        </section>
      )}

      <Suspense fallback={null}>
        {buying && <LicenceDialog beat={beat} initialTier={buying.tier} onClose={() => setBuying(null)} />}
      </Suspense>
      <PlayerBar player={player} />
    </div>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-xl border border-white/10 bg-zinc-900/60 px-3 py-2">
      <dt className="text-xs text-zinc-400">{label}</dt>
      <dd className="mt-0.5 truncate font-semibold text-white">{value}</dd>
    </div>
  );
}

/** The page's shape while the beat loads, so nothing jumps when it arrives. */
function BeatSkeleton() {
  const { t } = useTranslation();
  const block = 'animate-pulse rounded-2xl bg-white/5 motion-reduce:animate-none';
  return (
    <div role="status" aria-live="polite" className="mx-auto max-w-5xl">
      <span className="sr-only">{t('marketplace.beatPage.loading')}</span>
      <div aria-hidden="true">
        <div className="grid gap-6 md:grid-cols-[minmax(0,18rem)_1fr]">
          <div className={`aspect-square w-full max-w-xs md:max-w-none ${block}`} />
          <div className="space-y-3">
            <div className={`h-6 w-20 ${block}`} />
            <div className={`h-10 w-3/4 ${block}`} />
            <div className={`h-5 w-1/3 ${block}`} />
            <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
              {[0, 1, 2, 3].map((n) => (
                <div key={n} className={`h-14 ${block}`} />
              ))}
            </div>
          </div>
        </div>
        <div className="mt-8 grid gap-3 sm:grid-cols-2">
          {[0, 1].map((n) => (
            <div key={n} className={`h-44 ${block}`} />
          ))}
        </div>
      </div>
    </div>
  );
}

export { BeatPage as Component };
