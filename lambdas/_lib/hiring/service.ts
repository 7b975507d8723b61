import { ulid } from 'ulid';
import { hireCoins } from '../../../shared/hiring';
import type { HireQuote, HireRequest, Order } from '../../../shared/schemas/orders';
import type { Caller } from '../auth';
import { getClientOrder, getCreatorOrder, markOrderDelivered, newOrder, rateOrder } from '../db/orders';
import { getWallet } from '../db/wallets';
import { BadRequest, Conflict, InsufficientFunds, NotFound } from '../errors';
import { headAudioBucketObject, isOwnKey } from '../marketplace-files';
import { requireProjectForSale } from '../marketplace';
import { hiringConfig } from './config';
import { holdHire, orderOfRequest, refundHire, releaseHire, settleDue } from './escrow';
import { scheduleSettlement } from './schedule';

/**
 * Paid hiring (issue 17), the rules between a validated request and the escrow moves (./escrow.ts):
 * who may hire, deliver, accept, rate or decline which order, in which state. Every error carries a
 * stable code the web words in the reader's language (shared/i18n/api-errors).
 */

const DAY = 86_400;

/** What hiring this project costs the caller now. */
export async function quoteHire(caller: Caller, projectId: string): Promise<HireQuote> {
  const project = await requireProjectForSale(projectId);
  const env = hiringConfig();
  return {
    project_id: project.id,
    project_title: project.title,
    creator: project.creator_name,
    price_brl: project.price,
    coins: hireCoins(project.price, env.COIN_VALUE_BRL),
    coin_value_brl: env.COIN_VALUE_BRL,
    delivery_days: Math.round(env.HIRE_DELIVERY_SECONDS / DAY),
    review_days: Math.round(env.HIRE_REVIEW_SECONDS / DAY),
    balance: (await getWallet(caller.sub)).balance,
  };
}

/**
 * A client hires a published project: its price in coins is taken from their wallet and held for the
 * order in the same transaction (402 when the balance does not cover it); the creator has the delivery
 * period to deliver, or the coins go back by themselves.
 */
export async function hireProject(caller: Caller, input: HireRequest, now = new Date()): Promise<Order> {
  if (input.requestId) {
    const earlier = await orderOfRequest(caller.sub, input.requestId);
    if (earlier) return earlier;
  }
  const project = await requireProjectForSale(input.projectId);
  if (project.creator_id === caller.sub) throw new Conflict('OWN_PROJECT');
  const env = hiringConfig();
  const coins = hireCoins(project.price, env.COIN_VALUE_BRL);
  if (coins <= 0) throw new BadRequest('HIRE_NO_PRICE');
  const at = now.toISOString();
  const order: Order = {
    ...newOrder({
      clientId: caller.sub,
      creatorId: project.creator_id,
      projectId: project.id,
      projectTitle: project.title,
      amount: project.price,
      createdAt: at,
      kind: 'hire',
    }),
    // A ULID from the same instant plus randomness: two hires in one millisecond never collide.
    id: ulid(now.getTime()),
    coins,
    escrow: 'held',
    deadline_at: new Date(now.getTime() + env.HIRE_DELIVERY_SECONDS * 1000).toISOString(),
    brief: input.brief ? input.brief : null,
  };
  let outcome: 'applied' | 'duplicate';
  try {
    outcome = await holdHire({ order, coinValueBrl: env.COIN_VALUE_BRL }, input.requestId, at);
  } catch (error) {
    if (error instanceof InsufficientFunds) {
      const { balance } = await getWallet(caller.sub);
      throw new InsufficientFunds({ context: 'hire', needed: coins, balance });
    }
    throw error;
  }
  if (outcome === 'duplicate' && input.requestId) {
    const earlier = await orderOfRequest(caller.sub, input.requestId);
    if (earlier) return earlier;
  }
  await scheduleSettlement(order, 'deadline', new Date(order.deadline_at!));
  return order;
}

const DELIVERY_PREFIXES = ['audio', 'deliveries', 'uploads', 'stems'] as const;

/** The creator delivers a file: a paid hire before its deadline (starts the review period), or a card purchase. */
export async function deliverOrder(
  caller: Caller,
  orderId: string,
  fileKey: string,
  now = new Date(),
): Promise<Order> {
  const found = await getCreatorOrder(caller.sub, orderId);
  if (!found) throw new NotFound('ORDER_NOT_FOUND');
  if (!isOwnKey(fileKey, caller.sub, DELIVERY_PREFIXES)) {
    throw new BadRequest('INVALID_FILE_KEY');
  }
  const order = await settleDue(found, now);
  if (order.kind === 'unpaid') throw new Conflict('ORDER_NOT_PAID');
  if (order.status === 'expired') throw new Conflict('HIRE_DEADLINE_PASSED');
  if (order.status !== 'pending') throw new Conflict('ORDER_NOT_PENDING');
  if (!(await headAudioBucketObject(fileKey))) {
    throw new BadRequest('FILE_NOT_FOUND', { context: 'delivery' });
  }
  const env = hiringConfig();
  const reviewUntil =
    order.kind === 'hire' ? new Date(now.getTime() + env.HIRE_REVIEW_SECONDS * 1000).toISOString() : null;
  const delivered = await markOrderDelivered(order, caller.sub, fileKey, now.toISOString(), reviewUntil);
  if (!delivered) {
    const current = await getClientOrder(order.client_id, order.id, true);
    if (current?.status === 'expired' || (current?.deadline_at && current.deadline_at <= now.toISOString()))
      throw new Conflict('HIRE_DEADLINE_PASSED');
    throw new Conflict('ORDER_NOT_PENDING');
  }
  if (reviewUntil) await scheduleSettlement(delivered, 'review', new Date(reviewUntil));
  return delivered;
}

/** The creator declines a paid hire they have not delivered: the client gets the coins back. */
export async function declineOrder(caller: Caller, orderId: string, now = new Date()): Promise<Order> {
  const found = await getCreatorOrder(caller.sub, orderId);
  if (!found) throw new NotFound('ORDER_NOT_FOUND');
  const order = await settleDue(found, now);
  if (order.kind !== 'hire' || order.status !== 'pending' || order.escrow !== 'held')
    throw new Conflict('ORDER_NOT_DECLINABLE');
  await refundHire(order, 'declined', now.toISOString());
  const after = await getClientOrder(order.client_id, order.id, true);
  if (after?.status !== 'declined') throw new Conflict('ORDER_NOT_DECLINABLE');
  return after;
}

/** The client's own order, settled if due. */
async function clientOrder(caller: Caller, orderId: string, now: Date): Promise<Order> {
  const order = await getClientOrder(caller.sub, orderId);
  if (!order) throw new NotFound('ORDER_NOT_FOUND');
  return settleDue(order, now);
}

/** The client accepts the delivery of a hire: the held coins go to the creator now. */
export async function acceptOrder(caller: Caller, orderId: string, now = new Date()): Promise<Order> {
  const order = await clientOrder(caller, orderId, now);
  if (order.kind !== 'hire') throw new Conflict('ORDER_NOT_PAID', { context: 'accept' });
  if (order.status === 'completed') throw new Conflict('ORDER_ALREADY_ACCEPTED');
  if (order.status !== 'delivered') throw new Conflict('ORDER_NOT_DELIVERED');
  await releaseHire(order, now.toISOString());
  const after = await getClientOrder(caller.sub, orderId, true);
  if (after?.status !== 'completed') throw new Conflict('ORDER_ALREADY_ACCEPTED');
  return after;
}

/**
 * The client rates a delivered order. Rating a held hire accepts it (the coins go to the creator in the
 * same transaction); an order already completed (accepted, or released after its review period) can
 * still be rated once.
 */
export async function rateClientOrder(
  caller: Caller,
  orderId: string,
  rating: number,
  now = new Date(),
): Promise<Order> {
  const order = await clientOrder(caller, orderId, now);
  if (order.rating !== null) throw new Conflict('ORDER_ALREADY_RATED');
  if (order.status === 'pending' || order.status === 'declined' || order.status === 'expired')
    throw new Conflict('ORDER_NOT_DELIVERED', { context: 'rate' });
  if (order.kind === 'hire' && order.status === 'delivered') {
    await releaseHire(order, now.toISOString(), rating);
    const after = await getClientOrder(caller.sub, orderId, true);
    if (after?.status === 'completed' && after.rating === rating) return after;
    // Released meanwhile (by its review period): rate the completed order below.
  }
  const rated = await rateOrder(caller.sub, orderId, rating, now.toISOString());
  if (!rated) throw new Conflict('ORDER_ALREADY_RATED');
  return rated;
}

/** The client's own order with a delivered file (in review, accepted, or a card purchase delivered). */
export async function requireDeliveredOrder(
  caller: Caller,
  orderId: string,
  now = new Date(),
): Promise<Order & { delivery_file_key: string }> {
  const order = await clientOrder(caller, orderId, now);
  if ((order.status !== 'delivered' && order.status !== 'completed') || !order.delivery_file_key) {
    throw new Conflict('ORDER_NOT_DELIVERED');
  }
  return { ...order, delivery_file_key: order.delivery_file_key };
}
