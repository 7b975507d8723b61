import { z } from 'zod';
import { issueCode } from '../errors';
import { textField } from '../text-input';

/**
 * pending (hired and paid: the coins are held) → delivered (the creator sent the file; the client
 * reviews it) → completed (accepted or rated, or the review period ended: the coins went to the
 * creator). A pending hire ends as declined (the creator refused it) or expired (the delivery deadline
 * passed): both return the coins to the client. Licence sales are delivered at once.
 */
export const OrderStatus = z.enum(['pending', 'delivered', 'completed', 'declined', 'expired']);
export type OrderStatus = z.infer<typeof OrderStatus>;

/**
 * What the order is: a paid hire held in escrow, a licence sale or a project bought by card (both paid
 * through Stripe), or a hire made before hires were paid (`unpaid`: no money moved, nothing to deliver).
 */
export const OrderKind = z.enum(['hire', 'licence', 'purchase', 'unpaid']);
export type OrderKind = z.infer<typeof OrderKind>;

/** Where a hire's coins are: held for the order, released to the creator, or refunded to the client. */
export const EscrowState = z.enum(['held', 'released', 'refunded']);
export type EscrowState = z.infer<typeof EscrowState>;

export const Order = z.object({
  id: z.string(),
  client_id: z.string(),
  creator_id: z.string(),
  project_id: z.string(),
  /** Denormalised from the project when the order was made. */
  project_title: z.string(),
  /** The project's price in R$ when the order was made. */
  amount: z.number(),
  status: OrderStatus,
  created_at: z.string(),
  delivered_at: z.string().nullable(),
  delivery_file_key: z.string().nullable(),
  rating: z.number().int().min(1).max(5).nullable(),
  rated_at: z.string().nullable(),
  kind: OrderKind.default('unpaid'),
  /** Hires: the 5D Coins paid, where they are, and the dates that settle them. */
  coins: z.number().int().nullable().default(null),
  escrow: EscrowState.nullable().default(null),
  /** The creator must deliver before this; after it the coins go back to the client. */
  deadline_at: z.string().nullable().default(null),
  /** After delivery, the client reviews until this; then the coins go to the creator. */
  review_until: z.string().nullable().default(null),
  /** When the coins reached the creator (accepted, rated or review ended) or went back to the client. */
  settled_at: z.string().nullable().default(null),
  brief: z.string().nullable().default(null),
});
export type Order = z.infer<typeof Order>;

/** POST /api/orders: hire a project, paid with 5D Coins held until the delivery is accepted. */
export const HireRequest = z
  .object({
    projectId: z.string().min(1).max(200),
    /** What the client needs (optional), shown to the creator. */
    brief: textField('brief', { max: 1000, multiline: true }).optional(),
    /** The same id sent again (a retried click) answers the same order and charges once. */
    requestId: z
      .string()
      .regex(/^[\w-]{8,64}$/)
      .optional(),
  })
  .strict();
export type HireRequest = z.infer<typeof HireRequest>;
/** Kept for callers of the earlier name. */
export const OrderCreate = HireRequest;

/** GET /api/projects/{id}/hire-quote: what hiring costs, before paying. */
export const HireQuote = z.object({
  project_id: z.string(),
  project_title: z.string(),
  creator: z.string(),
  price_brl: z.number(),
  coins: z.number().int(),
  coin_value_brl: z.number(),
  delivery_days: z.number().int(),
  review_days: z.number().int(),
  balance: z.number(),
});
export type HireQuote = z.infer<typeof HireQuote>;

export const OrderDeliver = z.object({ fileKey: z.string().min(1).max(1024) }).strict();
export const OrderRating = z
  .object({
    rating: z
      .number()
      .int(issueCode('RATING_RANGE'))
      .min(1, issueCode('RATING_RANGE'))
      .max(5, issueCode('RATING_RANGE')),
  })
  .strict();

export const OrderDownload = z.object({ url: z.string(), expiresInSeconds: z.number() });
