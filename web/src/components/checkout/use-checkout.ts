import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import type { CheckoutPlanName } from '../../../../shared/plans';
import { ApiError, apiRequest } from '../../api/client';
import { useAuth } from '../../auth/session';
import { openCheckoutTab } from '../checkout-tab';

interface CheckoutAnswer {
  url?: unknown;
}

export interface PaymentItem {
  productName: string;
  /** R$. */
  amount: number;
  projectId?: string;
}

/**
 * One-time purchases (create-payment, BRL) and plan subscriptions (create-checkout), with the spec's toasts:
 * signed out → 'Faça login' and /auth; the informational toast before create-payment; errors per §8.
 * The payment page opens with openCheckoutTab, as on the pricing section and /coins: a new tab, or this one
 * only where the pop-up is blocked.
 */
export function useCheckout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useAuth();

  const buy = useCallback(
    async (item: PaymentItem) => {
      if (!user) {
        toast.error(t('marketplace.checkout.loginTitle'), {
          description: t('marketplace.checkout.loginBuy'),
        });
        void navigate('/auth');
        return;
      }
      toast.info(t('marketplace.checkout.processing'), {
        description: t('marketplace.checkout.processingDescription'),
      });
      try {
        const answer = await apiRequest<CheckoutAnswer>('/api/functions/create-payment', {
          method: 'POST',
          body: {
            productName: item.productName,
            amount: Math.round(item.amount * 100) / 100,
            currency: 'brl',
            ...(item.projectId ? { projectId: item.projectId } : {}),
          },
        });
        if (typeof answer.url !== 'string' || answer.url === '') {
          throw new Error(t('marketplace.checkout.paymentNoUrl'));
        }
        openCheckoutTab(answer.url);
      } catch (error) {
        console.error('create-payment failed', error);
        toast.error(t('marketplace.checkout.paymentError'), {
          description: t('marketplace.checkout.paymentErrorDescription'),
        });
      }
    },
    [navigate, t, user],
  );

  const subscribe = useCallback(
    async (plan: CheckoutPlanName) => {
      if (!user) {
        toast.error(t('marketplace.checkout.loginTitle'), {
          description: t('marketplace.checkout.loginPlan'),
        });
        void navigate('/auth');
        return;
      }
      try {
        const answer = await apiRequest<CheckoutAnswer>('/api/functions/create-checkout', {
          method: 'POST',
          body: { plan },
        });
        if (typeof answer.url !== 'string' || answer.url === '') {
          toast.error(t('marketplace.checkout.noUrlTitle'), { description: t('marketplace.checkout.noUrl') });
          return;
        }
        openCheckoutTab(answer.url);
      } catch (error) {
        toast.error(t('marketplace.checkout.errorTitle'), {
          description:
            error instanceof ApiError || error instanceof Error
              ? error.message || t('marketplace.checkout.errorFallback')
              : t('marketplace.checkout.errorFallback'),
        });
      }
    },
    [navigate, t, user],
  );

  return { buy, subscribe };
}
