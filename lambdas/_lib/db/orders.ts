import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { decodeTime, ulid } from 'ulid';
import type { Order, OrderStatus } from '../../../shared/schemas/orders';
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

export function orderFromItem(item: Record<string, unknown>): Order {
  const status = item.status === 'delivered' || item.status === 'completed' ? item.status : 'pending';
  return {
    id: String(item.id),
    client_id: String(item.client_id ?? ''),
    creator_id: String(item.creator_id ?? ''),
    project_id: String(item.project_id ?? ''),
    project_title: String(item.project_title ?? ''),
    amount: Number(item.amount ?? 0),
    status,
    created_at: String(item.created_at ?? ''),
    delivered_at: nullableString(item.delivered_at),
    delivery_file_key: nullableString(item.delivery_file_key),
    rating: typeof item.rating === 'number' ? item.rating : null,
    rated_at: nullableString(item.rated_at),
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

export async function createOrder(order: Order): Promise<Order> {
  await db.send(new PutCommand(orderPut(order)));
  return order;
}

/** One of the client's own orders; another user's order id is simply not found. */
export async function getClientOrder(clientId: string, id: string): Promise<Order | undefined> {
  const { Item } = await db.send(
    new GetCommand({ TableName: config.TABLE_NAME, Key: orderKey(clientId, id) }),
  );
  return Item ? orderFromItem(Item) : undefined;
}

async function queryAll(
  input: ConstructorParameters<typeof QueryCommand>[0],
  limit: number,
): Promise<Order[]> {
  const orders: Order[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({ ...input, Limit: limit - orders.length, ExclusiveStartKey: startKey }),
    );
    for (const item of page.Items ?? []) orders.push(orderFromItem(item));
    startKey = page.LastEvaluatedKey;
  } while (startKey && orders.length < limit);
  return orders;
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
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: config.TABLE_NAME,
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :pk AND begins_with(GSI1SK, :order)',
        FilterExpression: 'id = :id',
        ExpressionAttributeValues: { ':pk': keys.creator(creatorId), ':order': 'ORDER#', ':id': id },
        ExclusiveStartKey: startKey,
      }),
    );
    if (page.Items?.[0]) return orderFromItem(page.Items[0]);
    startKey = page.LastEvaluatedKey;
  } while (startKey);
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
 * pending → delivered, only by the order's creator. Undefined when the order was not pending any more
 * (a second delivery or a race), so the caller can answer 409.
 */
export async function markOrderDelivered(
  order: Order,
  creatorId: string,
  fileKey: string,
  now: string,
): Promise<Order | undefined> {
  try {
    const { Attributes } = await db.send(
      new UpdateCommand({
        TableName: config.TABLE_NAME,
        Key: orderKey(order.client_id, order.id),
        UpdateExpression: 'SET #status = :delivered, delivery_file_key = :key, delivered_at = :now',
        ConditionExpression: 'attribute_exists(PK) AND creator_id = :creator AND #status = :pending',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':delivered': 'delivered',
          ':pending': 'pending',
          ':key': fileKey,
          ':now': now,
          ':creator': creatorId,
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
 * delivered → completed with the client's rating, once. Undefined when the order is not (or no longer)
 * in the delivered state.
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
        ConditionExpression: 'attribute_exists(PK) AND #status = :delivered',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':completed': 'completed',
          ':delivered': 'delivered',
          ':rating': rating,
          ':now': now,
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
