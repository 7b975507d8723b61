import {
  PLANS,
  STRIPE_LOOKUP_KEYS,
  billingPhases,
  checkoutTier,
  priceForMonth,
  toMinorUnits,
  type PlanId,
} from '../../shared/plans';
import { CreateCheckoutRequest } from '../../shared/schemas/payments';
import { requireCaller } from '../_lib/auth';
import { BadRequest } from '../_lib/errors';
import { httpHandler, json, parseBody } from '../_lib/http';
import { startCheckout } from '../_lib/payments/checkout';

/** What the hosted page says about later months: Checkout shows only the first month's price. */
function laterMonthsNote(plan: PlanId): string {
  const [intro, regular] = billingPhases(plan);
  if (!intro?.months || !regular) return '';
  const when = intro.months === 1 ? 'no primeiro mês' : `nos ${intro.months} primeiros meses`;
  return ` · US$ ${intro.priceUsd} ${when}, depois US$ ${regular.priceUsd}/mês`;
}

/**
 * POST /api/functions/create-checkout {plan}: a monthly subscription Checkout Session billed at the
 * plan's first-month price; the webhook then schedules the later prices (payments/billing-schedule.ts).
 */
export const handler = httpHandler(async (event) => {
  const caller = requireCaller(event);
  const { plan } = parseBody(event, CreateCheckoutRequest);
  const price = priceForMonth(plan, 1);
  if (price === null) {
    throw new BadRequest('PLAN_ON_REQUEST');
  }
  const tier = checkoutTier(plan) ?? 'ENTERPRISE';
  const name = `5D ${tier} — plano ${PLANS[plan].name}`;
  const session = await startCheckout({
    kind: 'subscription',
    sub: caller.sub,
    email: caller.email || undefined,
    line: {
      name,
      description: `${PLANS[plan].monthlyCoins} 5D Coins por mês${laterMonthsNote(plan)}`,
      unitAmount: toMinorUnits(price),
      currency: 'usd',
      recurring: true,
      lookupKey: STRIPE_LOOKUP_KEYS[tier],
    },
    metadata: { plan, tier },
    successPath: '/dashboard?checkout=success&session_id={CHECKOUT_SESSION_ID}',
    cancelPath: '/?checkout=cancel#pricing',
    amount: price,
    description: name,
    plan,
  });
  return json(200, session);
});
