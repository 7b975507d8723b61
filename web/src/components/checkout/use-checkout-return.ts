import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { toast } from 'sonner';

/**
 * Back from Stripe: the success and cancel URLs carry `?checkout=success|cancel` (and Stripe's
 * `session_id`). Nothing told the user what had happened (issue 18); this says it once, in their
 * language, and takes the markers off the address so a reload or a shared link does not say it again.
 * The credit itself arrives through the webhook; the page shows it when its data is re-read.
 */
export type CheckoutReturnPage = 'coins' | 'plan' | 'purchase';

export function checkoutOutcome(params: URLSearchParams): 'success' | 'cancel' | null {
  const value = params.get('checkout');
  return value === 'success' || value === 'cancel' ? value : null;
}

export function useCheckoutReturn(page: CheckoutReturnPage, onSuccess?: () => void): void {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const outcome = checkoutOutcome(new URLSearchParams(location.search));

  useEffect(() => {
    if (!outcome) return;
    if (outcome === 'success') {
      toast.success(t(`checkoutReturn.${page}.success`), {
        id: 'checkout-return',
        description: t(`checkoutReturn.${page}.successDescription`),
      });
      onSuccess?.();
    } else {
      toast.info(t(`checkoutReturn.${page}.cancel`), {
        id: 'checkout-return',
        description: t('checkoutReturn.nothingCharged'),
      });
    }
    const next = new URLSearchParams(location.search);
    next.delete('checkout');
    next.delete('session_id');
    const search = next.toString();
    // The hash stays: the plan's cancel URL returns to the pricing section (/?checkout=cancel#pricing).
    void navigate({ search: search ? `?${search}` : '', hash: location.hash }, { replace: true });
    // Once per return: onSuccess is not a dependency (callers pass a new closure on every render).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [outcome, page]);
}
