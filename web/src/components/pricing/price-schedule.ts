import { PLANS, type PlanId } from '../../../../shared/plans';

/** What a pricing card shows as its price: the introductory monthly price and what follows it. */
export interface PriceSchedule {
  /** US$ per month now. */
  intro: number;
  /** How many months the intro price lasts (0 when the price never changes). */
  introMonths: number;
  /** US$ per month afterwards (undefined when the price never changes). */
  regular?: number;
}

/** null for plans priced on request (ENTERPRISE). */
export function priceSchedule(planId: PlanId): PriceSchedule | null {
  const prices = PLANS[planId].monthlyPricesUsd;
  const intro = prices?.[0];
  if (!prices || intro === undefined) return null;
  const introMonths = prices.findIndex((price) => price !== intro);
  if (introMonths === -1) return { intro, introMonths: 0 };
  return { intro, introMonths, regular: prices[prices.length - 1] };
}
