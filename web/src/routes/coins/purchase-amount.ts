import { MAX_COIN_PURCHASE } from '../../../../shared/plans';

/**
 * The buy form's amount in whole US$ (1 USD = 1 Coin), or null when it is not a valid purchase: the spec
 * asks for a number above 0 ('Digite um valor válido' otherwise); the API also wants an integer within
 * the purchase ceiling, so those are caught here too, before a checkout is created.
 */
export function parseCoinPurchase(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return null;
  const amount = Number(trimmed);
  if (!Number.isFinite(amount) || amount <= 0 || !Number.isInteger(amount)) return null;
  return amount <= MAX_COIN_PURCHASE ? amount : null;
}
