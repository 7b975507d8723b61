import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, paginateQuery, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { decodeTime, ulid } from 'ulid';
import { OrderStatus, type EscrowState, type Order, type OrderKind } from '../../../shared/schemas/orders';
import { db } from '../aws/dynamodb';
import { config } from '../config';
import { keys } from './keys';

/**
 * Orders live in the client's partition (`USER#<client>` / `ORDER#<ulid>`) and are indexed for the
 * creator on GSI1 (`CREATOR#<creator>` / `ORDER#<created_at>`). `newOrder` derives the ULID from
 * created_at, so a creator finds one order by id with a key-equality Query on the GSI.
 */
interface OrderItem extends Order {
  PK: string;
  SK: string;
  GSI1PK: string;
  GSI1SK: string;
  type: 'order';
}

export interface NewOrderInput {
  clientId: string;
  creatorId: string;
  projectId: string;
  projectTitle: string;
  amount: number;
  /** ISO time; now by default. The order id's ULID is generated from the same instant. */
  createdAt?: string;
  status?: OrderStatus;
  kind?: OrderKind;
}

/** A fresh order value (no write). The payments webhook uses it with `orderToItem` in its transaction. */
export function newOrder(input: NewOrderInput): Order {
  const createdAt = input.createdAt ?? new Date().toISOString();
  return {
    id: ulid(Date.parse(createdAt)),
    client_id: input.clientId,
    creator_id: input.creatorId,
    project_id: input.projectId,
    project_title: input.projectTitle,
    amount: input.amount,
    status: input.status ?? 'pending',
    created_at: createdAt,
    delivered_at: null,
    delivery_file_key: null,
    rating: null,
    rated_at: null,
    kind: input.kind ?? 'unpaid',
    coins: null,
    escrow: null,
    deadline_at: null,
    review_until: null,
    settled_at: null,
    brief: null,
  };
}

export function orderKey(clientId: string, id: string) {
  return { PK: keys.user(clientId), SK: keys.order(id) };
}

export function orderToItem(order: Order): OrderItem {
  return {
    ...orderKey(order.client_id, order.id),
    GSI1PK: keys.creator(order.creator_id),
    GSI1SK: keys.order(order.created_at),
    type: 'order',
    ...order,
  };
}

const nullableString = (value: unknown) => (typeof value === 'string' ? value : null);
const STATUSES = new Set<string>(OrderStatus.options);
const ESCROW = new Set<string>(['held', 'released', 'refunded']);

/** What an order item is: a paid hire, a licence sale, a card purchase, or a hire from before hires were paid. */
function kindOf(item: Record<string, unknown>): OrderKind {
  if (item.kind === 'hire' || item.kind === 'licence' || item.kind === 'purchase') return item.kind;
  // Items written before the kind was stored: the webhook's flags tell.
  if (item.licence === true) return 'licence';
  if (item.paid === true) return 'purchase';
  return 'unpaid';
}

export function orderFromItem(item: Record<string, unknown>): Order {
  const status = typeof item.status === 'string' && STATUSES.has(item.status) ? item.status : 'pending';
  return {
    id: String(item.id),
    client_id: String(item.client_id ?? ''),
    creator_id: String(item.creator_id ?? ''),
    project_id: String(item.project_id ?? ''),
    project_title: String(item.project_title ?? ''),
    amount: Number(item.amount ?? 0),
    status: status as OrderStatus,
    created_at: String(item.created_at ?? ''),
    delivered_at: nullableString(item.delivered_at),
    delivery_file_key: nullableString(item.delivery_file_key),
    rating: typeof item.rating === 'number' ? item.rating : null,
    rated_at: nullableString(item.rated_at),
    kind: kindOf(item),
    coins: typeof item.coins === 'number' ? item.coins : null,
    escrow: typeof item.escrow === 'string' && ESCROW.has(item.escrow) ? (item.escrow as EscrowState) : null,
    deadline_at: nullableString(item.deadline_at),
    review_until: nullableString(item.review_until),
    settled_at: nullableString(item.settled_at),
    brief: nullableString(item.brief),
  };
}

/** The Put for a TransactWriteItems (payments webhook): never overwrites an existing order. */
export function orderPut(order: Order) {
  return {
    TableName: config.TABLE_NAME,
    Item: orderToItem(order),
    ConditionExpression: 'attribute_not_exists(PK)',
  };
}

/** Writes an order (tests and tools; hires are written with their escrow by hiring/escrow.ts). */
export async function createOrder(order: Order): Promise<Order> {
  await db.send(new PutCommand(orderPut(order)));
  return order;
}

/** One of the client's own orders; another user's order id is simply not found. */
export async function getClientOrder(
  clientId: string,
  id: string,
  consistent = false,
): Promise<Order | undefined> {
  const { Item } = await db.send(
    new GetCommand({ TableName: config.TABLE_NAME, Key: orderKey(clientId, id), ConsistentRead: consistent }),
  );
  return Item ? orderFromItem(Item) : undefined;
}

async function queryAll(
  input: ConstructorParameters<typeof QueryCommand>[0],
  limit: number,
): Promise<Order[]> {
  const orders: Order[] = [];
  for await (const page of paginateQuery({ client: db, pageSize: limit }, input)) {
    for (const item of page.Items ?? []) orders.push(orderFromItem(item));
    if (orders.length >= limit) break;
  }
  return orders.slice(0, limit);
}

/** The client's orders, newest first. */
export function listClientOrders(clientId: string, limit = 500): Promise<Order[]> {
  return queryAll(
    {
      TableName: config.TABLE_NAME,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :order)',
      ExpressionAttributeValues: { ':pk': keys.user(clientId), ':order': 'ORDER#' },
      ScanIndexForward: false,
    },
    limit,
  );
}

/** Orders of the creator's projects, newest first (analytics and Creator Hub cards). */
export function listCreatorOrders(creatorId: string, limit = 1000): Promise<Order[]> {
  return queryAll(
    {
      TableName: config.TABLE_NAME,
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk AND begins_with(GSI1SK, :order)',
      ExpressionAttributeValues: { ':pk': keys.creator(creatorId), ':order': 'ORDER#' },
      ScanIndexForward: false,
    },
    limit,
  );
}

/** One order of the creator's projects by id; another creator's order is simply not found. */
export async function getCreatorOrder(creatorId: string, id: string): Promise<Order | undefined> {
  const createdAt = createdAtOfId(id);
  if (createdAt) {
    const { Items } = await db.send(
      new QueryCommand({
        TableName: config.TABLE_NAME,
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK = :sk',
        FilterExpression: 'id = :id',
        ExpressionAttributeValues: {
          ':pk': keys.creator(creatorId),
          ':sk': keys.order(createdAt),
          ':id': id,
        },
      }),
    );
    if (Items?.[0]) return orderFromItem(Items[0]);
  }
  // Orders whose id was not made by newOrder (id time ≠ created_at): look through the creator's orders.
  const pages = paginateQuery(
    { client: db },
    {
      TableName: config.TABLE_NAME,
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk AND begins_with(GSI1SK, :order)',
      FilterExpression: 'id = :id',
      ExpressionAttributeValues: { ':pk': keys.creator(creatorId), ':order': 'ORDER#', ':id': id },
    },
  );
  for await (const page of pages) if (page.Items?.[0]) return orderFromItem(page.Items[0]);
  return undefined;
}

/** The created_at a newOrder id encodes, or undefined for an id that is not a ULID. */
function createdAtOfId(id: string): string | undefined {
  try {
    return new Date(decodeTime(id)).toISOString();
  } catch {
    return undefined;
  }
}

/**
 * pending → delivered, only by the order's creator. A hire must still be held and before its deadline,
 * and gets its review period (`reviewUntil`). Undefined when the order was not deliverable any more (a
 * second delivery, the deadline passed, a race), so the caller can answer 409.
 */
export async function markOrderDelivered(
  order: Order,
  creatorId: string,
  fileKey: string,
  now: string,
  reviewUntil: string | null = null,
): Promise<Order | undefined> {
  try {
    const { Attributes } = await db.send(
      new UpdateCommand({
        TableName: config.TABLE_NAME,
        Key: orderKey(order.client_id, order.id),
        UpdateExpression:
          'SET #status = :delivered, delivery_file_key = :key, delivered_at = :now, review_until = :review',
        ConditionExpression:
          'attribute_exists(PK) AND creator_id = :creator AND #status = :pending AND ' +
          '(attribute_not_exists(#kind) OR #kind <> :hire OR (escrow = :held AND deadline_at > :now))',
        ExpressionAttributeNames: { '#status': 'status', '#kind': 'kind' },
        ExpressionAttributeValues: {
          ':delivered': 'delivered',
          ':pending': 'pending',
          ':key': fileKey,
          ':now': now,
          ':creator': creatorId,
          ':review': reviewUntil,
          ':hire': 'hire',
          ':held': 'held',
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes ? orderFromItem(Attributes) : undefined;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
}

/**
 * The client's rating, once: a delivered card purchase becomes completed with it; a completed order
 * (a hire accepted or released after its review) just gets it. A delivered hire is rated through its
 * release (hiring/escrow.ts), since rating it also pays the creator. Undefined when not ratable now.
 */
export async function rateOrder(
  clientId: string,
  id: string,
  rating: number,
  now: string,
): Promise<Order | undefined> {
  try {
    const { Attributes } = await db.send(
      new UpdateCommand({
        TableName: config.TABLE_NAME,
        Key: orderKey(clientId, id),
        UpdateExpression: 'SET #status = :completed, rating = :rating, rated_at = :now',
        ConditionExpression:
          'attribute_exists(PK) AND (attribute_not_exists(rating) OR attribute_type(rating, :null)) AND ' +
          '(#status = :completed OR (#status = :delivered AND (attribute_not_exists(#kind) OR #kind <> :hire)))',
        ExpressionAttributeNames: { '#status': 'status', '#kind': 'kind' },
        ExpressionAttributeValues: {
          ':completed': 'completed',
          ':delivered': 'delivered',
          ':rating': rating,
          ':now': now,
          ':null': 'NULL',
          ':hire': 'hire',
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes ? orderFromItem(Attributes) : undefined;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
}
