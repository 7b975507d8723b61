import { z } from 'zod';
import { getClientOrder } from '../_lib/db/orders';
import { settleDue } from '../_lib/hiring/escrow';
import { logger } from '../_lib/logger';

/**
 * EventBridge Scheduler target (hiring/schedule.ts): settles one held hire when it is due — the
 * delivery deadline passed (coins back to the client) or the review period ended (coins to the
 * creator). Idempotent: an order already settled, or not due yet, is left as it is.
 */
const Input = z.object({ clientId: z.string().min(1), orderId: z.string().min(1) });

export async function handler(input: unknown): Promise<{ orderId: string; status: string } | null> {
  const parsed = Input.safeParse(input);
  if (!parsed.success) {
    logger.error('hire-escrow: bad input', { input });
    return null;
  }
  const order = await getClientOrder(parsed.data.clientId, parsed.data.orderId, true);
  if (!order) {
    logger.warn('hire-escrow: order not found', parsed.data);
    return null;
  }
  const settled = await settleDue(order);
  logger.info('hire-escrow', { orderId: order.id, before: order.status, after: settled.status });
  return { orderId: order.id, status: settled.status };
}
