import * as z from 'zod';

/**
 * A competition prize as data, not a sentence: an amount in reais and, for some prizes, something more
 * (a distribution contract, mentoring). The web writes it in the reader's language and money format
 * (`R$ 5.000 + contrato de distribuição`, `R$5,000 + distribution contract`, `5000 R$ + contrato…`).
 */
export const PRIZE_EXTRAS = ['distribution_contract', 'mentorship'] as const;
export type PrizeExtra = (typeof PRIZE_EXTRAS)[number];

export const Prize = z.object({
  amount_brl: z.number().nonnegative(),
  extra: z.enum(PRIZE_EXTRAS).nullable(),
});
export type Prize = z.infer<typeof Prize>;

export const prize = (amountBrl: number, extra: PrizeExtra | null = null): Prize => ({
  amount_brl: amountBrl,
  extra,
});

/** The pt-BR words items written before prizes were data used for each extra. */
const LEGACY_EXTRAS: Record<string, PrizeExtra> = {
  'contrato de distribuição': 'distribution_contract',
  mentoria: 'mentorship',
};

/**
 * A stored prize: a Prize, or the pt-BR text of an item written before ('R$ 5.000 + mentoria'), read as
 * the same data; anything else is unknown (null: the app shows a dash, never a sentence in one language).
 */
export function readPrize(value: unknown): Prize | null {
  const parsed = Prize.safeParse(value);
  if (parsed.success) return parsed.data;
  if (typeof value !== 'string') return null;
  const match = /^R\$\s*(\d{1,3}(?:\.\d{3})*|\d+)(?:,(\d{1,2}))?\s*(?:\+\s*(.+))?$/.exec(value.trim());
  if (!match) return null;
  const amount = Number(match[1]!.replaceAll('.', '')) + Number(`0.${match[2] ?? '0'}`);
  if (match[3] === undefined) return prize(amount);
  const extra = LEGACY_EXTRAS[match[3].trim().toLowerCase()];
  return extra ? prize(amount, extra) : null;
}
