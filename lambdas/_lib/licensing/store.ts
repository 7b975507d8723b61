import type { Language } from '../../../shared/i18n/language';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  defaultTiers,
  type Coupon,
  type CouponInput,
  type LicenceSettingsRequest,
  type LicenceTerms,
  type TierId,
  type TiersConfig,
} from '../../../shared/licensing/tiers';
import type { StemsStatus } from '../../../shared/licensing/delivery';
import type { TierSummary } from '../../../shared/licensing/tier-summary';
import { db } from '../aws/dynamodb';
import { config } from '../config';
import { keys } from '../db/keys';
import type { TransactItem } from '../db/ledger';
import { projectKey, tierSummaryUpdate } from '../db/projects';
import { transactWrite } from '../db/transact';

/**
 * Beat licences in the single table (docs/data-model.md):
 * - `PROJECT#<id>`/`LICENCES`: the creator's tiers, files and offer floor for one beat;
 * - `PROJECT#<id>`/`LICENCE#<orderId>`: one sold licence (GSI1 `CREATOR#<sub>`/`LICENCE#<at>#<orderId>`),
 *   so the exclusive agreement lists the beat's earlier leases with one Query;
 * - `CREATOR#<sub>`/`COUPON#<CODE>`: a creator's coupon with its atomic `uses` counter;
 * - on the project's `META`: `sale_status = 'sold_exclusive'` and GSI1PK `STATUS#sold` once the exclusive
 *   is sold, which takes the beat off the published catalogue in the same transaction as the purchase.
 */
export interface LicenceSettings extends LicenceSettingsRequest {
  project_id: string;
  creator_id: string;
  updated_at: string | null;
}

export function defaultSettings(projectId: string, creatorId: string, price: number): LicenceSettings {
  return {
    project_id: projectId,
    creator_id: creatorId,
    tiers: defaultTiers(price),
    wav_key: null,
    stems_keys: [],
    ai_stems: false,
    min_offer: null,
    updated_at: null,
  };
}

/** The beat's licence settings, or defaults from its price when the creator has not set any. */
export async function getLicenceSettings(project: {
  id: string;
  creator_id: string;
  price: number;
}): Promise<LicenceSettings> {
  const { Item } = await db.send(
    new GetCommand({
      TableName: config.TABLE_NAME,
      Key: { PK: keys.project(project.id), SK: keys.licences() },
    }),
  );
  if (!Item) return defaultSettings(project.id, project.creator_id, project.price);
  return {
    project_id: project.id,
    creator_id: project.creator_id,
    tiers: Item.tiers as TiersConfig,
    wav_key: typeof Item.wav_key === 'string' ? Item.wav_key : null,
    stems_keys: Array.isArray(Item.stems_keys) ? Item.stems_keys.map(String) : [],
    ai_stems: Item.ai_stems === true,
    min_offer: typeof Item.min_offer === 'number' ? Item.min_offer : null,
    updated_at: typeof Item.updated_at === 'string' ? Item.updated_at : null,
  };
}

/**
 * Saves the tiers and, in the same transaction, the catalogue's tier summary on the project item, so the
 * beat cards never show tiers other than the ones saved.
 */
export async function putLicenceSettings(
  settings: LicenceSettings,
  summary: TierSummary | null,
): Promise<void> {
  await transactWrite({
    TransactItems: [
      {
        Put: {
          TableName: config.TABLE_NAME,
          Item: {
            PK: keys.project(settings.project_id),
            SK: keys.licences(),
            type: 'licence_settings',
            ...settings,
          },
        },
      },
      tierSummaryUpdate(settings.project_id, summary),
    ],
  });
}

/** The project item's sale status (the shared ProjectRecord only knows 'published'). */
export async function projectSaleState(
  projectId: string,
): Promise<{ exists: boolean; soldExclusive: boolean; key?: string | null; bpm?: number }> {
  const { Item } = await db.send(
    new GetCommand({ TableName: config.TABLE_NAME, Key: projectKey(projectId), ConsistentRead: true }),
  );
  if (!Item) return { exists: false, soldExclusive: false };
  return {
    exists: true,
    soldExclusive: Item.sale_status === 'sold_exclusive',
    key: typeof Item.key === 'string' ? Item.key : null,
    bpm: Number(Item.bpm ?? 0),
  };
}

/** In the purchase transaction: the beat is still on sale, and now it is not (exactly one exclusive). */
export function exclusiveSoldUpdate(projectId: string, orderId: string, now: string): TransactItem {
  return {
    Update: {
      TableName: config.TABLE_NAME,
      Key: projectKey(projectId),
      UpdateExpression:
        'SET sale_status = :sold, #status = :soldStatus, exclusive_order_id = :order, sold_at = :now, GSI1PK = :soldPk',
      ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(sale_status)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':sold': 'sold_exclusive',
        ':soldStatus': 'sold',
        ':order': orderId,
        ':now': now,
        ':soldPk': keys.projectStatus('sold'),
      },
    },
  };
}

/** Stores the detected/confirmed key (and BPM/duration) on the project, for key-aware search. */
export async function setProjectMusicalData(
  projectId: string,
  data: { key: string | null; bpm?: number; duration_seconds?: number },
): Promise<void> {
  const names: string[] = ['#key = :key'];
  const values: Record<string, unknown> = { ':key': data.key };
  if (data.bpm) {
    names.push('bpm = :bpm');
    values[':bpm'] = data.bpm;
  }
  if (data.duration_seconds) {
    names.push('duration_seconds = :d');
    values[':d'] = data.duration_seconds;
  }
  await db.send(
    new UpdateCommand({
      TableName: config.TABLE_NAME,
      Key: projectKey(projectId),
      UpdateExpression: `SET ${names.join(', ')}`,
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeNames: { '#key': 'key' },
      ExpressionAttributeValues: values,
    }),
  );
}

// --- Sold licences ---------------------------------------------------------------------------------------

export interface LicenceRecord {
  order_id: string;
  purchase_id: string;
  project_id: string;
  project_title: string;
  tier: TierId;
  terms: LicenceTerms;
  /** The tier's price when bought (BRL). */
  list_price: number;
  /** What the buyer paid (BRL), after the coupon or the accepted offer. */
  amount: number;
  coupon: string | null;
  offer_id: string | null;
  buyer_id: string;
  buyer_name: string;
  creator_id: string;
  creator_name: string;
  ai_stems: boolean;
  /**
   * Whether the tier's files include the stems, fixed at purchase: an Exclusive of a beat without stems
   * (no multitracks, no AI stems) has none. Absent on licences sold before it was recorded.
   */
  stems_included?: boolean;
  created_at: string;
  checkout_session_id: string;
  agreement_key: string;
  /** The buyer's language at checkout: the agreement's. Absent on licences sold before: pt-BR. */
  language?: Language;
  /** The stems ZIP job of a Trackout licence (./stems-job.ts): absent until first requested. */
  stems_status?: StemsStatus;
  stems_job_id?: string;
  stems_started_at?: string;
  /** An ApiProblem (items written before held a pt-BR sentence: read with storedProblem). */
  stems_error?: unknown;
}

export function agreementKey(orderId: string): string {
  return `licences/${orderId}.pdf`;
}

export function licencePut(record: LicenceRecord): TransactItem {
  return {
    Put: {
      TableName: config.TABLE_NAME,
      Item: {
        PK: keys.project(record.project_id),
        SK: keys.licence(record.order_id),
        GSI1PK: keys.creator(record.creator_id),
        GSI1SK: `LICENCE#${record.created_at}#${record.order_id}`,
        type: 'licence',
        ...record,
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}

function strip(item: Record<string, unknown>): LicenceRecord {
  const { PK: _pk, SK: _sk, GSI1PK: _g, GSI1SK: _s, type: _t, ...rest } = item;
  return rest as unknown as LicenceRecord;
}

export async function getLicence(projectId: string, orderId: string): Promise<LicenceRecord | undefined> {
  const { Item } = await db.send(
    new GetCommand({
      TableName: config.TABLE_NAME,
      Key: { PK: keys.project(projectId), SK: keys.licence(orderId) },
      // The app polls the stems job's status on this item.
      ConsistentRead: true,
    }),
  );
  return Item ? strip(Item) : undefined;
}

/** Every licence sold on one beat, oldest first (the exclusive agreement lists the earlier leases). */
export async function listBeatLicences(projectId: string): Promise<LicenceRecord[]> {
  const out: LicenceRecord[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: config.TABLE_NAME,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
        ExpressionAttributeValues: { ':pk': keys.project(projectId), ':p': keys.licence('') },
        ExclusiveStartKey: start,
      }),
    );
    for (const item of page.Items ?? []) out.push(strip(item));
    start = page.LastEvaluatedKey;
  } while (start);
  return out;
}

/** A creator's sold licences, newest first (Creator Hub: sales by tier, coupon use). */
export async function listCreatorLicences(creatorId: string, limit = 1000): Promise<LicenceRecord[]> {
  const out: LicenceRecord[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: config.TABLE_NAME,
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :pk AND begins_with(GSI1SK, :p)',
        ExpressionAttributeValues: { ':pk': keys.creator(creatorId), ':p': 'LICENCE#' },
        ScanIndexForward: false,
        ExclusiveStartKey: start,
      }),
    );
    for (const item of page.Items ?? []) out.push(strip(item));
    start = page.LastEvaluatedKey;
  } while (start && out.length < limit);
  return out.slice(0, limit);
}

// --- Coupons ---------------------------------------------------------------------------------------------

function couponKey(creatorId: string, code: string) {
  return { PK: keys.creator(creatorId), SK: keys.coupon(code) };
}

function couponFromItem(item: Record<string, unknown>): Coupon {
  return {
    code: String(item.code),
    kind: item.kind === 'fixed' ? 'fixed' : 'percent',
    value: Number(item.value ?? 0),
    expires_at: typeof item.expires_at === 'string' ? item.expires_at : null,
    max_uses: typeof item.max_uses === 'number' ? item.max_uses : null,
    tiers: Array.isArray(item.tiers) ? (item.tiers as TierId[]) : [],
    creator_id: String(item.creator_id ?? ''),
    uses: Number(item.uses ?? 0),
    created_at: String(item.created_at ?? ''),
    active: item.active !== false,
  };
}

/** Creates a coupon; false when the creator already has that code. */
export async function createCoupon(creatorId: string, input: CouponInput, now: string): Promise<boolean> {
  try {
    await db.send(
      new PutCommand({
        TableName: config.TABLE_NAME,
        Item: {
          ...couponKey(creatorId, input.code),
          type: 'coupon',
          ...input,
          creator_id: creatorId,
          uses: 0,
          active: true,
          created_at: now,
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

export async function getCoupon(creatorId: string, code: string): Promise<Coupon | undefined> {
  const { Item } = await db.send(
    new GetCommand({ TableName: config.TABLE_NAME, Key: couponKey(creatorId, code), ConsistentRead: true }),
  );
  return Item ? couponFromItem(Item) : undefined;
}

export async function listCoupons(creatorId: string): Promise<Coupon[]> {
  const { Items = [] } = await db.send(
    new QueryCommand({
      TableName: config.TABLE_NAME,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
      ExpressionAttributeValues: { ':pk': keys.creator(creatorId), ':p': keys.coupon('') },
    }),
  );
  return Items.map(couponFromItem);
}

/** Deactivates a coupon (kept for the sales history); false when there is no such coupon. */
export async function deactivateCoupon(creatorId: string, code: string): Promise<boolean> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: config.TABLE_NAME,
        Key: couponKey(creatorId, code),
        UpdateExpression: 'SET active = :false',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':false': false },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/**
 * Takes one use of a coupon when a checkout starts: a conditional counter, so N concurrent checkouts
 * never take more than `max_uses` (the condition is evaluated atomically by DynamoDB). False = no use left
 * (or expired/inactive meanwhile).
 */
export async function reserveCouponUse(creatorId: string, coupon: Coupon, now: Date): Promise<boolean> {
  const conditions = ['attribute_exists(PK)', 'active = :true'];
  const values: Record<string, unknown> = { ':one': 1, ':true': true };
  if (coupon.max_uses !== null) {
    conditions.push('(attribute_not_exists(uses) OR uses < :max)');
    values[':max'] = coupon.max_uses;
  }
  if (coupon.expires_at) {
    conditions.push('expires_at > :now');
    values[':now'] = now.toISOString();
  }
  try {
    await db.send(
      new UpdateCommand({
        TableName: config.TABLE_NAME,
        Key: couponKey(creatorId, coupon.code),
        UpdateExpression: 'ADD uses :one',
        ConditionExpression: conditions.join(' AND '),
        ExpressionAttributeValues: values,
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** Gives a reserved use back (the checkout could not be created, or its session expired unpaid). */
export async function releaseCouponUse(creatorId: string, code: string): Promise<void> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: config.TABLE_NAME,
        Key: couponKey(creatorId, code),
        UpdateExpression: 'ADD uses :minus',
        ConditionExpression: 'uses > :zero',
        ExpressionAttributeValues: { ':minus': -1, ':zero': 0 },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}

/** In the expiry transaction: the abandoned checkout's reserved use goes back (never below zero). */
export function couponUseReleasedUpdate(creatorId: string, code: string): TransactItem {
  return {
    Update: {
      TableName: config.TABLE_NAME,
      Key: couponKey(creatorId, code),
      UpdateExpression: 'ADD uses :minus',
      ConditionExpression: 'uses > :zero',
      ExpressionAttributeValues: { ':minus': -1, ':zero': 0 },
    },
  };
}

/** In the purchase transaction: one paid redemption of the coupon (coupon use in the Creator Hub). */
export function couponRedeemedUpdate(creatorId: string, code: string, discount: number): TransactItem {
  return {
    Update: {
      TableName: config.TABLE_NAME,
      Key: couponKey(creatorId, code),
      // No condition: a coupon deactivated after the checkout started must not block the paid purchase.
      UpdateExpression: 'ADD redemptions :one, discount_total :discount',
      ExpressionAttributeValues: { ':one': 1, ':discount': discount },
    },
  };
}
