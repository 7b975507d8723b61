import * as z from 'zod';

/**
 * What a beat card shows of a beat's licences (issue 8): the cheapest tier on sale and how many there are.
 * Written on the project item when the creator saves the tiers, so the catalogue needs no extra reads.
 */
export const TierSummary = z.object({
  from_price: z.number().positive(),
  count: z.number().int().min(1),
});
export type TierSummary = z.infer<typeof TierSummary>;

/** The summary of the tiers a buyer may choose; null when none is on sale. */
export function summarizeTiers(tiers: readonly { price: number }[]): TierSummary | null {
  if (tiers.length === 0) return null;
  return { from_price: Math.min(...tiers.map((tier) => tier.price)), count: tiers.length };
}
