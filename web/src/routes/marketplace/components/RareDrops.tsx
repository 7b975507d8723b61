import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LimitedOffer } from '../../../../../shared/schemas/marketplace';
import { Dialog } from '../../../components/Dialog';
import { formatBRL } from '../../../lib/format';
import { PageLoading } from '../../../components/PageLoading';
import type { PaymentItem } from '../../../components/checkout/use-checkout';
import { useRareOffers } from '../api/rare-offers';

/** Whole hours and minutes left, or null once expired. */
export function timeLeft(expiresAt: string, now: number): { hours: number; minutes: number } | null {
  const ms = Date.parse(expiresAt) - now;
  if (!Number.isFinite(ms) || ms <= 0) return null;
  const minutes = Math.floor(ms / 60_000);
  return { hours: Math.floor(minutes / 60), minutes: minutes % 60 };
}

function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** Drops Raros: active limited offers expiring within 72 h, soonest first, with a ticking countdown. */
export function RareDrops({ onBuy }: { onBuy: (item: PaymentItem) => void }) {
  const { t } = useTranslation();
  const offers = useRareOffers(true);
  const now = useNow(30_000);
  const [open, setOpen] = useState<LimitedOffer | null>(null);

  useEffect(() => {
    if (offers.error) console.error('Rare offers fetch failed', offers.error);
  }, [offers.error]);

  if (offers.isPending) return <PageLoading />;
  const items = offers.data ?? [];
  if (items.length === 0) {
    return (
      <p className="rounded-2xl border border-white/10 bg-zinc-900/60 p-10 text-center text-zinc-300">
        {t('marketplace.rareEmpty')}
      </p>
    );
  }

  return (
    <>
      <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {items.map((offer) => {
          const left = timeLeft(offer.expires_at, now);
          return (
            <li
              key={offer.id}
              className="flex flex-col gap-3 rounded-2xl border border-amber-400/30 bg-gradient-to-br from-amber-500/10 to-zinc-900 p-5"
            >
              <div className="flex items-center justify-between gap-2">
                <span className="rounded-full bg-amber-400 px-2.5 py-0.5 text-xs font-bold text-zinc-950">
                  {t('marketplace.rareBadge')}
                </span>
                <span className="text-sm font-medium tabular-nums text-amber-200">
                  <span className="sr-only">{t('marketplace.timeLeftLabel')}: </span>
                  {left ? t('marketplace.timeLeft', left) : t('marketplace.expired')}
                </span>
              </div>
              <h3 className="text-lg font-semibold text-white">{offer.title}</h3>
              {offer.description && <p className="text-sm text-zinc-300">{offer.description}</p>}
              <div className="flex items-baseline gap-2">
                <span className="text-2xl font-bold text-white">{formatBRL(offer.discounted_price)}</span>
                <s className="text-sm text-zinc-500" aria-label={t('marketplace.originalPrice')}>
                  {formatBRL(offer.original_price)}
                </s>
              </div>
              <p className="text-sm text-zinc-400">
                {t('marketplace.slots', {
                  remaining: offer.slots_remaining,
                  count: offer.slots_available,
                })}
              </p>
              <button
                type="button"
                onClick={() => setOpen(offer)}
                className="mt-auto h-10 rounded-lg bg-amber-400 text-sm font-semibold text-zinc-950 hover:bg-amber-300 focus-visible:outline-2 focus-visible:outline-amber-200"
              >
                {t('marketplace.viewOffer')}
              </button>
            </li>
          );
        })}
      </ul>
      <Dialog
        open={open !== null}
        onClose={() => setOpen(null)}
        title={open?.title ?? ''}
        description={open?.description ?? undefined}
        closeLabel={t('marketplace.close')}
      >
        {open && (
          <div className="space-y-4">
            <p className="text-sm text-amber-200">
              {(() => {
                const left = timeLeft(open.expires_at, now);
                return left ? t('marketplace.timeLeft', left) : t('marketplace.expired');
              })()}
            </p>
            <div className="flex items-baseline gap-2">
              <span className="text-3xl font-bold text-white">{formatBRL(open.discounted_price)}</span>
              <s className="text-zinc-500">{formatBRL(open.original_price)}</s>
            </div>
            <p className="text-sm text-zinc-400">
              {t('marketplace.slots', { remaining: open.slots_remaining, count: open.slots_available })}
            </p>
            <button
              type="button"
              disabled={timeLeft(open.expires_at, now) === null}
              onClick={() => onBuy({ productName: open.title, amount: open.discounted_price })}
              className="h-11 w-full rounded-lg bg-amber-400 font-semibold text-zinc-950 hover:bg-amber-300 disabled:opacity-50"
            >
              {t('marketplace.offerBuy')}
            </button>
          </div>
        )}
      </Dialog>
    </>
  );
}
