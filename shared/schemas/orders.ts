import { z } from 'zod';
import { issueCode } from '../errors';

/** pending (hired) → delivered (creator sent the file) → completed (client rated). */
export const OrderStatus = z.enum(['pending', 'delivered', 'completed']);
export type OrderStatus = z.infer<typeof OrderStatus>;

export const Order = z.object({
  id: z.string(),
  client_id: z.string(),
  creator_id: z.string(),
  project_id: z.string(),
  /** Denormalised from the project when the order was made. */
  project_title: z.string(),
  amount: z.number(),
  status: OrderStatus,
  created_at: z.string(),
  delivered_at: z.string().nullable(),
  delivery_file_key: z.string().nullable(),
  rating: z.number().int().min(1).max(5).nullable(),
  rated_at: z.string().nullable(),
});
export type Order = z.infer<typeof Order>;

export const OrderCreate = z.object({ projectId: z.string().min(1).max(200) }).strict();
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
