/**
 * Plans, 5D Coins and platform fee: the business constants of spec section 9 as pure functions, shared by
 * the pricing section of the web app and by the payments Lambdas.
 *
 * Plan → Stripe rule (documented choice). The spec's checkout mapping sends INICIANTE/STARTER to the
 * ESSENCIAL tier, ARTISTA/CREATOR/PRO to PROFISSIONAL and ENTERPRISE to ENTERPRISE. The tier names the
 * Stripe product (and its price lookup key); ARTISTA and PRO share the PROFISSIONAL product but keep their
 * own price and coin allowance, because that is what the pricing card the user clicked promised. So:
 *   - the Stripe product / lookup key follows the tier (`stripeLookupKey`),
 *   - the amount billed and the monthly `subscription_credit` coins follow the chosen plan
 *     (INICIANTE 20, ARTISTA 80, PRO 200, ENTERPRISE 500; STARTER and CREATOR are aliases of INICIANTE
 *     and ARTISTA). The chosen plan travels in the subscription's metadata, so every invoice credits the
 *     coins of the plan that was bought.
 * No zod here: the landing page's pricing section imports this module (its schema is in schemas/payments).
 */

export const PLAN_IDS = ['INICIANTE', 'ARTISTA', 'PRO', 'ENTERPRISE'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

/** Names the web (and older links) may send to create-checkout. */
export const CHECKOUT_PLAN_NAMES = [
  'INICIANTE',
  'STARTER',
  'ARTISTA',
  'CREATOR',
  'PRO',
  'ENTERPRISE',
] as const;
export type CheckoutPlanName = (typeof CHECKOUT_PLAN_NAMES)[number];

export const CHECKOUT_TIERS = ['ESSENCIAL', 'PROFISSIONAL', 'ENTERPRISE'] as const;
export type CheckoutTier = (typeof CHECKOUT_TIERS)[number];

export interface Plan {
  id: PlanId;
  // The reader's name for it is in shared/i18n/plan-names.ts.
  /** Monthly price in US$ per month of the subscription: [first, second, ...]; the last repeats. */
  monthlyPricesUsd: readonly number[] | null;
  /** Coins credited on every paid invoice (`subscription_credit`). */
  monthlyCoins: number;
  /** null = unlimited. */
  maxProjects: number | null;
  /** AI generations per month; null = unlimited. */
  monthlyGenerations: number | null;
  /** Savings shown on the card, in percent. */
  savingsPercent: number | null;
}

export const PLANS: Readonly<Record<PlanId, Plan>> = {
  INICIANTE: {
    id: 'INICIANTE',
    monthlyPricesUsd: [29],
    monthlyCoins: 20,
    maxProjects: 2,
    monthlyGenerations: 10,
    savingsPercent: null,
  },
  ARTISTA: {
    id: 'ARTISTA',
    monthlyPricesUsd: [89, 119],
    monthlyCoins: 80,
    maxProjects: 10,
    monthlyGenerations: 50,
    savingsPercent: 25.7,
  },
  PRO: {
    id: 'PRO',
    monthlyPricesUsd: [149, 149, 129],
    monthlyCoins: 200,
    maxProjects: null,
    monthlyGenerations: 200,
    savingsPercent: 35.6,
  },
  ENTERPRISE: {
    id: 'ENTERPRISE',
    monthlyPricesUsd: null,
    monthlyCoins: 500,
    maxProjects: null,
    monthlyGenerations: null,
    savingsPercent: null,
  },
};

const ALIASES: Readonly<Record<CheckoutPlanName, PlanId>> = {
  INICIANTE: 'INICIANTE',
  STARTER: 'INICIANTE',
  ARTISTA: 'ARTISTA',
  CREATOR: 'ARTISTA',
  PRO: 'PRO',
  ENTERPRISE: 'ENTERPRISE',
};

const TIERS: Readonly<Record<PlanId, CheckoutTier>> = {
  INICIANTE: 'ESSENCIAL',
  ARTISTA: 'PROFISSIONAL',
  PRO: 'PROFISSIONAL',
  ENTERPRISE: 'ENTERPRISE',
};

/** Stripe price lookup keys, one per tier (the products configured in the Stripe dashboard). */
export const STRIPE_LOOKUP_KEYS: Readonly<Record<CheckoutTier, string>> = {
  ESSENCIAL: '5d_essencial_monthly',
  PROFISSIONAL: '5d_profissional_monthly',
  ENTERPRISE: '5d_enterprise_monthly',
};

/** Accepts any casing and surrounding spaces; undefined for names that are not plans. */
export function resolvePlan(name: string): PlanId | undefined {
  const key = name.trim().toUpperCase();
  return (CHECKOUT_PLAN_NAMES as readonly string[]).includes(key)
    ? ALIASES[key as CheckoutPlanName]
    : undefined;
}

/** The spec's checkout mapping: INICIANTE/STARTER→ESSENCIAL, ARTISTA/CREATOR/PRO→PROFISSIONAL, ENTERPRISE. */
export function checkoutTier(name: string): CheckoutTier | undefined {
  const plan = resolvePlan(name);
  return plan ? TIERS[plan] : undefined;
}

export function stripeLookupKey(name: string): string | undefined {
  const tier = checkoutTier(name);
  return tier ? STRIPE_LOOKUP_KEYS[tier] : undefined;
}

/** Coins of one paid month of a plan; 0 for names that are not plans (nothing is credited). */
export function subscriptionCoins(name: string): number {
  const plan = resolvePlan(name);
  return plan ? PLANS[plan].monthlyCoins : 0;
}

/** Price in US$ of the n-th month (1-based) of a plan; null when the plan is priced on request. */
export function priceForMonth(planId: PlanId, month: number): number | null {
  const prices = PLANS[planId].monthlyPricesUsd;
  if (!prices || prices.length === 0) return null;
  const index = Math.min(Math.max(1, Math.floor(month)), prices.length) - 1;
  return prices[index] ?? null;
}

/**
 * One stretch of a plan's billing at one monthly price: `months` invoices, or `null` for "from then on".
 * The last phase is always open-ended; a plan with one price has a single open-ended phase.
 */
export interface BillingPhase {
  priceUsd: number;
  months: number | null;
}

/**
 * The billing phases of a plan, from `monthlyPricesUsd` (runs of equal prices merged): ARTISTA
 * [89 × 1, then 119], PRO [149 × 2, then 129] (the spec's intro price of PRO is higher than its regular
 * price; kept as written), INICIANTE [29]. Empty for plans priced on request (ENTERPRISE).
 */
export function billingPhases(planId: PlanId): BillingPhase[] {
  const prices = PLANS[planId].monthlyPricesUsd ?? [];
  const phases: BillingPhase[] = [];
  for (const price of prices) {
    const last = phases.at(-1);
    if (last && last.priceUsd === price) last.months = (last.months ?? 0) + 1;
    else phases.push({ priceUsd: price, months: 1 });
  }
  const last = phases.at(-1);
  if (last) last.months = null;
  return phases;
}

// ---------------------------------------------------------------------------------------------------
// 5D Coins and fees

/** 1 USD = 1 Coin. */
export const USD_PER_COIN = 1;
export const DEFAULT_COIN_PURCHASE = 10;
/** A ceiling against typos (a 7-digit amount); Stripe's own maximum is far above it. */
export const MAX_COIN_PURCHASE = 10_000;
export const PLATFORM_FEE_RATE = 0.15;

export function coinsForUsd(amountUsd: number): number {
  return Math.floor(amountUsd / USD_PER_COIN);
}

/** Minor units (cents) for Stripe from an amount with at most 2 decimals. */
export function toMinorUnits(amount: number): number {
  return Math.round(amount * 100);
}

export function platformFee(amount: number): number {
  return Math.round(amount * PLATFORM_FEE_RATE * 100) / 100;
}

/** What a creator keeps: 85% of the revenue. */
export function creatorNet(amount: number): number {
  return Math.round((amount - platformFee(amount)) * 100) / 100;
}
