import { PLANS, STRIPE_LOOKUP_KEYS, checkoutTier, priceForMonth, toMinorUnits } from '../../shared/plans';
import { CreateCheckoutRequest } from '../../shared/schemas/payments';
import { requireCaller } from '../_lib/auth';
import { BadRequest } from '../_lib/errors';
import { httpHandler, json, parseBody } from '../_lib/http';
import { startCheckout } from '../_lib/payments/checkout';

/** POST /api/functions/create-checkout {plan}: a monthly subscription Checkout Session for the plan. */
export const handler = httpHandler(async (event) => {
  const caller = requireCaller(event);
  const { plan } = parseBody(event, CreateCheckoutRequest);
  const price = priceForMonth(plan, 1);
  if (price === null) {
    throw new BadRequest('O plano Enterprise é sob consulta: fale com a nossa equipe.', 'PLAN_ON_REQUEST');
  }
  const tier = checkoutTier(plan) ?? 'ENTERPRISE';
  const name = `5D ${tier} — plano ${PLANS[plan].name}`;
  const session = await startCheckout({
    kind: 'subscription',
    sub: caller.sub,
    email: caller.email || undefined,
    line: {
      name,
      description: `${PLANS[plan].monthlyCoins} 5D Coins por mês`,
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
