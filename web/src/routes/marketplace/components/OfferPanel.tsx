import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { TierId } from '../../../../../shared/licensing/tiers';
import { ApiError } from '../../../api/client';
import { openCheckoutTab } from '../../../components/checkout-tab';
import { formatBRL } from '../../../lib/format';
import { useFormat } from '../../../settings/useFormat';
import { respondToCounter, sendOffer, startOfferCheckout, useMyOffers } from '../api/licences';
import { textRuleMessage } from '../../../api/text-rule';

/** In the licence dialog: make an offer on the chosen tier, answer a counter-offer, pay an accepted one. */
export function OfferPanel({
  projectId,
  tier,
  signedIn,
  minOffer,
}: {
  projectId: string;
  tier: TierId;
  signedIn: boolean;
  /** The creator's floor, shown before the buyer offers (it used to appear only in a refusal). */
  minOffer: number | null;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const client = useQueryClient();
  const offers = useMyOffers(signedIn);
  // An accepted offer's checkout is valid for 48 h; past that the server refuses it, so the button goes.
  const lapsed = (o: { status: string; expires_at: string | null }) =>
    o.status === 'accepted' && o.expires_at !== null && Date.parse(o.expires_at) <= Date.now();
  const [amount, setAmount] = useState('');
  const [busy, setBusy] = useState(false);
  const mine = (offers.data ?? []).filter((o) => o.project_id === projectId && o.status !== 'declined');

  const run = async (work: () => Promise<unknown>, success?: string) => {
    setBusy(true);
    try {
      await work();
      if (success) toast.success(success);
      await client.invalidateQueries({ queryKey: ['me', 'offers'] });
    } catch (error) {
      toast.error(t('licensing.offers.error'), {
        description: textRuleMessage(error) ?? (error instanceof ApiError ? error.message : undefined),
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="rounded-xl border border-white/10 p-3" aria-label={t('licensing.offers.title')}>
      <h3 className="font-semibold text-white">{t('licensing.offers.title')}</h3>
      {minOffer !== null && (
        <p id={`offer-minimum-${projectId}`} className="mt-1 text-sm text-zinc-400">
          {t('licensing.offers.minimum', { amount: formatBRL(minOffer) })}
        </p>
      )}
      {signedIn && (
        <form
          className="mt-2 flex gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            void run(() => sendOffer(projectId, tier, Number(amount)), t('licensing.offers.sent'));
          }}
        >
          <label className="sr-only" htmlFor="offer-amount">
            {t('licensing.offers.amount')}
          </label>
          <input
            id="offer-amount"
            type="number"
            min={minOffer ?? 1}
            step="0.01"
            required
            aria-describedby={minOffer !== null ? `offer-minimum-${projectId}` : undefined}
            placeholder={t('licensing.offers.amount')}
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            className="h-10 min-w-0 flex-1 rounded-lg border border-white/10 bg-zinc-950 px-3 text-white"
          />
          <button
            type="submit"
            disabled={busy}
            className="h-10 rounded-lg border border-white/15 px-4 text-sm text-zinc-100 hover:bg-white/5 disabled:opacity-60"
          >
            {t('licensing.offers.send')}
          </button>
        </form>
      )}
      {mine.length > 0 && (
        <>
          <h4 className="mt-3 text-sm text-zinc-300">{t('licensing.offers.mine')}</h4>
          <ul className="mt-1 space-y-2">
            {mine.map((o) => (
              <li key={o.id} className="flex flex-wrap items-center gap-2 text-sm" data-testid="my-offer">
                <span className="text-zinc-200">
                  {t(`licensing.tierNames.${o.tier}`)} · {formatBRL(o.amount)} —{' '}
                  {lapsed(o)
                    ? t('licensing.offers.status.lapsed', { until: format.dateTime(o.expires_at) })
                    : t(`licensing.offers.status.${o.status}`, {
                        amount: formatBRL(
                          o.status === 'countered' ? (o.counter_amount ?? 0) : (o.accepted_amount ?? 0),
                        ),
                        until: format.dateTime(o.expires_at),
                      })}
                </span>
                {o.status === 'countered' && (
                  <>
                    <button
                      type="button"
                      disabled={busy}
                      className="text-violet-300 underline"
                      onClick={() => void run(() => respondToCounter(o.id, 'accept'))}
                    >
                      {t('licensing.offers.acceptCounter')}
                    </button>
                    <button
                      type="button"
                      disabled={busy}
                      className="text-zinc-400 underline"
                      onClick={() => void run(() => respondToCounter(o.id, 'decline'))}
                    >
                      {t('licensing.offers.decline')}
                    </button>
                  </>
                )}
                {o.status === 'accepted' && !lapsed(o) && (
                  <button
                    type="button"
                    disabled={busy}
                    className="h-9 rounded-lg bg-violet-600 px-3 font-medium text-white hover:bg-violet-500"
                    onClick={() =>
                      void run(async () => {
                        const { url } = await startOfferCheckout(o.project_id, o.tier, o.id);
                        openCheckoutTab(url);
                      })
                    }
                  >
                    {t('licensing.offers.pay', { amount: formatBRL(o.accepted_amount ?? 0) })}
                  </button>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
