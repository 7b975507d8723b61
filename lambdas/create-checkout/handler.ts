import {
  PLANS,
  STRIPE_LOOKUP_KEYS,
  billingPhases,
  checkoutTier,
  priceForMonth,
  toMinorUnits,
  type PlanId,
} from '../../shared/plans';
import { planName, planTierName } from '../../shared/i18n/plan-names';
import { commerceTexts, formatCount, formatMoney, type CommerceTexts } from '../../shared/i18n/commerce';
import type { Language } from '../../shared/i18n/language';
import { CreateCheckoutRequest } from '../../shared/schemas/payments';
import { requireCaller } from '../_lib/auth';
import { BadRequest } from '../_lib/errors';
import { httpHandler, json, parseBody, readerLanguage } from '../_lib/http';
import { startCheckout } from '../_lib/payments/checkout';

/** What the hosted page says about later months: Checkout shows only the first month's price. */
function laterMonthsNote(plan: PlanId, texts: CommerceTexts, language: Language): string {
  const [intro, regular] = billingPhases(plan);
  if (!intro?.months || !regular) return '';
  const usd = (value: number) => formatMoney(value, 'USD', language, { wholeWithoutCents: true });
  return texts.laterMonths(intro.months, usd(intro.priceUsd), usd(regular.priceUsd));
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
  const language = readerLanguage(event);
  const texts = commerceTexts(language);
  const name = texts.planLine(planTierName(tier, language), planName(plan, language));
  const session = await startCheckout({
    kind: 'subscription',
    sub: caller.sub,
    email: caller.email || undefined,
    language,
    line: {
      name,
      description:
        texts.planCoins(formatCount(PLANS[plan].monthlyCoins, language)) +
        laterMonthsNote(plan, texts, language),
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
