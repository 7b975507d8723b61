import { apiRequest } from '../../../api/client';

/** POST /api/functions/coins-create-checkout {amount_usd}: a Checkout Session; its url may be missing. */
export function createCoinsCheckout(amountUsd: number): Promise<{ url?: unknown }> {
  return apiRequest<{ url?: unknown }>('/api/functions/coins-create-checkout', {
    method: 'POST',
    body: { amount_usd: amountUsd },
  });
}
