import * as z from 'zod';
import { issueCode } from '../errors';
import { LedgerLabel } from '../i18n/ledger/label';
import { TierId } from '../licensing/tiers';
import { MAX_COIN_PURCHASE, resolvePlan, type PlanId } from '../plans';

/** A plan name as create-checkout accepts it (any casing, aliases), normalised to its plan id. */
export const PlanName = z
  .string()
  .trim()
  .refine((value) => resolvePlan(value) !== undefined, { message: issueCode('PLAN_INVALID') })
  .transform((value) => resolvePlan(value) as PlanId);

/** POST /api/functions/create-checkout */
export const CreateCheckoutRequest = z.object({ plan: PlanName });
export type CreateCheckoutRequest = z.infer<typeof CreateCheckoutRequest>;

/** POST /api/functions/create-payment: a one-time payment in BRL (marketplace purchase). */
export const CreatePaymentRequest = z.object({
  productName: z.string().trim().min(1, issueCode('REQUIRED_FIELDS')).max(200),
  amount: z
    .number({ message: issueCode('PAYMENT_AMOUNT_INVALID') })
    .positive(issueCode('PAYMENT_AMOUNT_INVALID'))
    .max(1_000_000, issueCode('PAYMENT_AMOUNT_TOO_HIGH'))
    .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, issueCode('PRICE_DECIMALS')),
  currency: z
    .string()
    .trim()
    .toLowerCase()
    .default('brl')
    .refine((value) => value === 'brl', issueCode('PAYMENT_CURRENCY_INVALID')),
  projectId: z.string().trim().min(1).max(100).optional(),
});
export type CreatePaymentRequest = z.infer<typeof CreatePaymentRequest>;

/** POST /api/functions/coins-create-checkout: whole dollars, 1 USD = 1 Coin. */
export const CoinsCheckoutRequest = z.object({
  amount_usd: z
    .number({ message: issueCode('COINS_AMOUNT_INVALID') })
    .int(issueCode('COINS_AMOUNT_NOT_WHOLE'))
    .min(1, issueCode('COINS_AMOUNT_TOO_LOW'))
    .max(MAX_COIN_PURCHASE, issueCode('COINS_AMOUNT_TOO_HIGH')),
});
export type CoinsCheckoutRequest = z.infer<typeof CoinsCheckoutRequest>;

export const CheckoutResponse = z.object({ url: z.string().url(), id: z.string() });
export type CheckoutResponse = z.infer<typeof CheckoutResponse>;

/**
 * Ledger entry kinds. Paid hiring (issue 17): `escrow_hold` (the client's coins held for an order),
 * `escrow_refund` (given back: declined or not delivered in time), `hire_payout` (released to the
 * creator when the delivery is accepted or its review period ends).
 */
export const TRANSACTION_TYPES = [
  'credit',
  'subscription_credit',
  'spend',
  'debit',
  'escrow_hold',
  'escrow_refund',
  'hire_payout',
] as const;
export const TransactionType = z.enum(TRANSACTION_TYPES);
export type TransactionType = z.infer<typeof TransactionType>;

export const Transaction = z.object({
  id: z.string(),
  type: TransactionType,
  /** pt-BR text of the entry (operators, older clients); readers see `label` in their language. */
  description: z.string(),
  /** What the entry is (shared/i18n/ledger); absent only for old rows whose text is not a known kind. */
  label: LedgerLabel.optional(),
  /** Signed: credits positive, spends and debits negative. */
  amount: z.number(),
  created_at: z.string(),
});
export type Transaction = z.infer<typeof Transaction>;

/** coins-balance / GET /api/me/wallet */
export const WalletResponse = z.object({
  wallet: z.object({ balance: z.number() }),
  transactions: z.array(Transaction).max(20),
});
export type WalletResponse = z.infer<typeof WalletResponse>;

export const SubscriptionStatus = z.enum([
  'active',
  'trialing',
  'past_due',
  'canceled',
  'unpaid',
  'incomplete',
  'incomplete_expired',
  'paused',
]);
export type SubscriptionStatus = z.infer<typeof SubscriptionStatus>;

export const Subscription = z.object({
  client_id: z.string(),
  product_id: z.string(),
  plan: z.string(),
  status: z.string(),
  current_period_start: z.string().nullable(),
  current_period_end: z.string().nullable(),
  created_at: z.string(),
  stripe_subscription_id: z.string().optional(),
});
export type Subscription = z.infer<typeof Subscription>;

/** Why a paid licence was refused and refunded (lambdas/_lib/licensing/fulfil.ts). */
export const LICENCE_REFUND_REASONS = ['sold_exclusive', 'offer_paid', 'project_removed'] as const;
export type LicenceRefundReason = (typeof LICENCE_REFUND_REASONS)[number];

export const Purchase = z.object({
  id: z.string(),
  created_at: z.string(),
  amount: z.number(),
  currency: z.string(),
  status: z.enum(['completed', 'refunded']),
  /** The beat's title for a licence (user content); older rows hold a pt-BR line ('… — Licença WAV'). */
  product_name: z.string(),
  /** A licence purchase's tier (issue 18): the web names it in the reader's language. */
  tier: TierId.optional(),
  /** A licence paid but refused and refunded: why, as a kind the web words. */
  refund_reason: z.enum(LICENCE_REFUND_REASONS).optional(),
  project_id: z.string().optional(),
  order_id: z.string().optional(),
});
export type Purchase = z.infer<typeof Purchase>;
