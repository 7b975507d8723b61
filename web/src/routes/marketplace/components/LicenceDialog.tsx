import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import type { TierId } from '../../../../../shared/licensing/tiers';
import { ApiError } from '../../../api/client';
import { openCheckoutTab } from '../../../components/checkout-tab';
import { useAuth } from '../../../auth/session';
import { Dialog } from '../../../components/Dialog';
import { formatBRL } from '../../../lib/format';
import { useFeatureTexts } from '../../../i18n/use-feature-texts';
import { previewCoupon, startLicenceCheckout, useBeatLicences } from '../api/licences';
import { OfferPanel } from './OfferPanel';
import { TierTerms } from './TierTerms';

interface LicenceDialogProps {
  beat: { id: string; title: string } | null;
  /** The tier chosen before opening (the beat page's Comprar on one tier); else the first one. */
  initialTier?: TierId;
  onClose: () => void;
}

/** Comprar → the tier choice: each enabled licence with its files, terms and price; optional coupon. */
export function LicenceDialog({ beat, initialTier, onClose }: LicenceDialogProps) {
  const ready = useFeatureTexts(['licensing']);
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useAuth();
  const licences = useBeatLicences(beat?.id);
  const [selected, setSelected] = useState<TierId | null>(initialTier ?? null);
  const [coupon, setCoupon] = useState('');
  const [applied, setApplied] = useState<{ code: string; tier: TierId; amount: number } | null>(null);
  const [busy, setBusy] = useState(false);

  if (!beat || !ready) return null;
  const tiers = licences.data?.tiers ?? [];
  const tier = tiers.find((x) => x.id === selected) ?? tiers[0];

  async function apply() {
    if (!beat || !tier || coupon.trim() === '') return;
    try {
      const answer = await previewCoupon(beat.id, tier.id, coupon.trim());
      setApplied({ code: answer.code, tier: tier.id, amount: answer.amount });
    } catch (error) {
      setApplied(null);
      toast.error(error instanceof ApiError ? error.message : t('licensing.checkoutError'));
    }
  }

  async function buy() {
    if (!beat || !tier) return;
    if (!user) {
      toast.error(t('licensing.loginTitle'), { description: t('licensing.loginBuy') });
      void navigate('/auth');
      return;
    }
    setBusy(true);
    toast.info(t('licensing.processing'), { description: t('licensing.processingDescription') });
    try {
      const code = applied && applied.tier === tier.id ? applied.code : coupon.trim() || undefined;
      const { url } = await startLicenceCheckout(beat.id, tier.id, code);
      openCheckoutTab(url);
      onClose();
    } catch (error) {
      toast.error(t('licensing.checkoutError'), {
        description: error instanceof ApiError ? error.message : undefined,
      });
    } finally {
      setBusy(false);
    }
  }

  const price = tier ? (applied && applied.tier === tier.id ? applied.amount : tier.price) : 0;

  return (
    <Dialog
      open
      onClose={onClose}
      title={t('licensing.chooseTitle')}
      description={t('licensing.chooseDescription', { title: beat.title })}
      closeLabel={t('licensing.close')}
      footer={
        tier ? (
          <button
            type="button"
            disabled={busy}
            onClick={() => void buy()}
            className="h-11 w-full rounded-lg bg-violet-600 px-4 font-semibold text-white hover:bg-violet-500 focus-visible:outline-2 focus-visible:outline-violet-300 disabled:opacity-60"
          >
            {t('licensing.buyTier', { tier: t(`licensing.tierNames.${tier.id}`), price: formatBRL(price) })}
          </button>
        ) : undefined
      }
    >
      {licences.isPending ? (
        <p role="status" className="text-zinc-400">
          {t('licensing.loading')}
        </p>
      ) : licences.isError ? (
        <div role="alert" className="space-y-3">
          <p className="text-red-300">{t('licensing.loadError')}</p>
          <button type="button" className="text-violet-300 underline" onClick={() => void licences.refetch()}>
            {t('licensing.retry')}
          </button>
        </div>
      ) : licences.data.sold_exclusive ? (
        <p role="alert" className="text-amber-300">
          {t('licensing.soldExclusive')}
        </p>
      ) : tiers.length === 0 ? (
        <p className="text-zinc-400">{t('licensing.none')}</p>
      ) : (
        <div className="space-y-4">
          <fieldset>
            <legend className="sr-only">{t('licensing.chooseTitle')}</legend>
            <div className="grid gap-3 sm:grid-cols-2">
              {tiers.map((x) => {
                const checked = x.id === tier?.id;
                return (
                  <label
                    key={x.id}
                    className={`block cursor-pointer rounded-xl border p-3 ${
                      checked ? 'border-violet-400 bg-violet-500/10' : 'border-white/10 hover:border-white/30'
                    }`}
                  >
                    <div className="flex items-start justify-between gap-2">
                      <span className="flex items-center gap-2 font-semibold text-white">
                        <input
                          type="radio"
                          name="licence-tier"
                          value={x.id}
                          checked={checked}
                          onChange={() => setSelected(x.id)}
                          className="accent-violet-500"
                        />
                        {t(`licensing.tierNames.${x.id}`)}
                      </span>
                      <span className="font-bold text-white">{formatBRL(x.price)}</span>
                    </div>
                    <p className="mt-1 text-xs text-violet-200">
                      {x.files.map((f) => t(`licensing.files.${f}`)).join(' · ')}
                      {x.files.includes('stems') && licences.data.ai_stems
                        ? ` · ${t('licensing.aiStems')}`
                        : ''}
                    </p>
                    {/* The API's credit line already carries the creator's name; any name shows its row. */}
                    <TierTerms terms={x.terms} creator="" credit={x.credit} />
                  </label>
                );
              })}
            </div>
          </fieldset>
          <div>
            <label htmlFor="licence-coupon" className="text-sm text-zinc-300">
              {t('licensing.coupon')}
            </label>
            <div className="mt-1 flex gap-2">
              <input
                id="licence-coupon"
                value={coupon}
                onChange={(event) => {
                  setCoupon(event.target.value.toUpperCase());
                  setApplied(null);
                }}
                placeholder={t('licensing.couponPlaceholder')}
                autoComplete="off"
                className="h-10 min-w-0 flex-1 rounded-lg border border-white/10 bg-zinc-950 px-3 text-white uppercase"
              />
              <button
                type="button"
                onClick={() => void apply()}
                className="h-10 rounded-lg border border-white/15 px-4 text-sm text-zinc-100 hover:bg-white/5"
              >
                {t('licensing.applyCoupon')}
              </button>
            </div>
            {applied && tier && applied.tier === tier.id && (
              <p role="status" className="mt-1 text-sm text-emerald-300">
                {t('licensing.couponApplied', {
                  amount: formatBRL(applied.amount),
                  price: formatBRL(tier.price),
                })}
              </p>
            )}
          </div>
          {licences.data.accepts_offers && tier && (
            <OfferPanel
              projectId={beat.id}
              tier={tier.id}
              signedIn={Boolean(user)}
              minOffer={licences.data.min_offer}
            />
          )}
        </div>
      )}
    </Dialog>
  );
}
