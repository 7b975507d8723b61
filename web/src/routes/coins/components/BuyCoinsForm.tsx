import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { DEFAULT_COIN_PURCHASE } from '../../../../../shared/plans';
import { waitForCredit } from '../../../api/wallet';
import { openCheckoutTab } from '../../../components/checkout-tab';
import { errorMessage, primaryButton, TextField } from '../../../components/form';
import { createCoinsCheckout } from '../api/create-coins-checkout';
import { parseCoinPurchase } from '../purchase-amount';

/** Buy credits: whole US$ (min 1, step 1, default 10) → Stripe Checkout in a new tab → wait for the credit. */
export function BuyCoinsForm({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [amount, setAmount] = useState(String(DEFAULT_COIN_PURCHASE));
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const amountUsd = parseCoinPurchase(amount);
    if (amountUsd === null) {
      toast.error(t('coins.invalidAmount'));
      return;
    }
    setBusy(true);
    try {
      const { url } = await createCoinsCheckout(amountUsd);
      if (typeof url !== 'string' || url === '') {
        toast.error(t('coins.checkoutError'));
        return;
      }
      openCheckoutTab(url);
      waitForCredit(queryClient, userId);
    } catch (error) {
      console.error('coins-create-checkout failed', error);
      toast.error(t('coins.purchaseError'), { description: errorMessage(error, t('pricing.tryAgain')) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section
      aria-labelledby="coins-buy-title"
      className="rounded-2xl border border-white/10 bg-zinc-900/60 p-6"
    >
      <h2 id="coins-buy-title" className="text-lg font-semibold text-white">
        {t('coins.buyTitle')}
      </h2>
      {/* Validation is ours (the spec's toast), not the browser's bubbles. */}
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="mt-4 space-y-4">
        <TextField
          id="coins-amount"
          label={t('coins.amountLabel')}
          hint={t('coins.amountHint')}
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
        />
        <button type="submit" disabled={busy} className={primaryButton}>
          {busy ? t('coins.busy') : t('coins.buy')}
        </button>
      </form>
    </section>
  );
}
