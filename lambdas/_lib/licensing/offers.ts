import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import {
  OFFER_CHECKOUT_HOURS,
  type BeatOffer,
  type OfferCreateRequest,
  type OfferCreatorAction,
} from '../../../shared/licensing/tiers';
import type { Caller } from '../auth';
import { db } from '../clients';
import { config } from '../config';
import { keys } from '../db/keys';
import type { TransactItem } from '../db/ledger';
import { getProject } from '../db/projects';
import { AppError, BadRequest, NotFound } from '../errors';
import { BeatSold } from './errors';
import { tierAvailable } from './delivery';
import { getLicenceSettings, projectSaleState } from './store';

/**
 * Offers on a beat's licence (issue 8): `USER#<buyer>`/`BOFFER#<ulid>`, indexed for the creator on GSI1
 * `CREATOR#<creator>`/`BOFFER#<ulid>`. Every state change is a conditional update on the current status,
 * so concurrent clicks cannot accept and decline the same offer.
 */
export class OfferConflict extends AppError {
  constructor(context?: 'paid') {
    super(409, 'OFFER_CONFLICT', context ? { context } : {});
  }
}

const round = (v: number) => Math.round(v * 100) / 100;

function offerFromItem(item: Record<string, unknown>): BeatOffer {
  const { PK: _pk, SK: _sk, GSI1PK: _g, GSI1SK: _s, type: _t, ...rest } = item;
  return rest as unknown as BeatOffer;
}

export async function createOffer(
  caller: Caller,
  input: OfferCreateRequest,
  now = new Date(),
): Promise<BeatOffer> {
  const project = await getProject(input.projectId);
  if (!project) throw new NotFound('PROJECT_NOT_FOUND');
  if (project.creator_id === caller.sub) throw new BadRequest('OWN_BEAT_OFFER');
  if ((await projectSaleState(project.id)).soldExclusive) throw new BeatSold();
  const settings = await getLicenceSettings(project);
  const tier = settings.tiers[input.tier];
  if (!tier.enabled || !tierAvailable(input.tier, project, settings))
    throw new BadRequest('TIER_UNAVAILABLE');
  if (settings.min_offer === null) throw new BadRequest('OFFERS_CLOSED');
  if (input.amount >= tier.price) throw new BadRequest('OFFER_NOT_BELOW_PRICE');
  if (input.amount < settings.min_offer)
    throw new BadRequest('OFFER_BELOW_MINIMUM', { minimum: settings.min_offer });
  const id = ulid(now.getTime());
  const at = now.toISOString();
  const offer: BeatOffer = {
    id,
    project_id: project.id,
    project_title: project.title,
    tier: input.tier,
    buyer_id: caller.sub,
    buyer_name: caller.name || caller.email || 'Comprador',
    creator_id: project.creator_id,
    list_price: tier.price,
    amount: round(input.amount),
    counter_amount: null,
    accepted_amount: null,
    status: 'pending',
    message: input.message,
    created_at: at,
    updated_at: at,
    expires_at: null,
  };
  await db.send(
    new PutCommand({
      TableName: config.TABLE_NAME,
      Item: {
        PK: keys.user(caller.sub),
        SK: keys.beatOffer(id),
        GSI1PK: keys.creator(project.creator_id),
        GSI1SK: keys.beatOffer(id),
        type: 'beat_offer',
        ...offer,
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );
  return offer;
}

export async function getBuyerOffer(buyerId: string, id: string): Promise<BeatOffer | undefined> {
  const { Item } = await db.send(
    new GetCommand({
      TableName: config.TABLE_NAME,
      Key: { PK: keys.user(buyerId), SK: keys.beatOffer(id) },
      ConsistentRead: true,
    }),
  );
  return Item ? offerFromItem(Item) : undefined;
}

async function getCreatorOffer(creatorId: string, id: string): Promise<BeatOffer | undefined> {
  const { Items = [] } = await db.send(
    new QueryCommand({
      TableName: config.TABLE_NAME,
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK = :sk',
      ExpressionAttributeValues: { ':pk': keys.creator(creatorId), ':sk': keys.beatOffer(id) },
    }),
  );
  return Items[0] ? offerFromItem(Items[0]) : undefined;
}

export async function listBuyerOffers(buyerId: string): Promise<BeatOffer[]> {
  const { Items = [] } = await db.send(
    new QueryCommand({
      TableName: config.TABLE_NAME,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
      ExpressionAttributeValues: { ':pk': keys.user(buyerId), ':p': keys.beatOffer('') },
      ScanIndexForward: false,
      Limit: 100,
    }),
  );
  return Items.map(offerFromItem);
}

export async function listCreatorOffers(creatorId: string): Promise<BeatOffer[]> {
  const { Items = [] } = await db.send(
    new QueryCommand({
      TableName: config.TABLE_NAME,
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk AND begins_with(GSI1SK, :p)',
      ExpressionAttributeValues: { ':pk': keys.creator(creatorId), ':p': keys.beatOffer('') },
      ScanIndexForward: false,
      Limit: 200,
    }),
  );
  return Items.map(offerFromItem);
}

/** Moves an offer from `from` to a new state; a concurrent change → 409. */
async function transition(
  offer: BeatOffer,
  from: BeatOffer['status'],
  set: Partial<BeatOffer>,
  now: Date,
): Promise<BeatOffer> {
  const next = { ...offer, ...set, updated_at: now.toISOString() };
  const fields = Object.keys(set).concat('updated_at');
  try {
    await db.send(
      new UpdateCommand({
        TableName: config.TABLE_NAME,
        Key: { PK: keys.user(offer.buyer_id), SK: keys.beatOffer(offer.id) },
        UpdateExpression: `SET ${fields.map((f, i) => `#f${i} = :v${i}`).join(', ')}`,
        ConditionExpression: '#status = :from',
        ExpressionAttributeNames: {
          '#status': 'status',
          ...Object.fromEntries(fields.map((f, i) => [`#f${i}`, f])),
        },
        ExpressionAttributeValues: {
          ':from': from,
          ...Object.fromEntries(fields.map((f, i) => [`:v${i}`, next[f as keyof BeatOffer]])),
        },
      }),
    );
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) throw new OfferConflict();
    throw error;
  }
  return next;
}

/** What the buyer reads on an offer closed because the beat is no longer for sale. */
export const SOLD_EXCLUSIVE_REASON = 'Beat vendido com licença exclusiva.';

/** An offer still waiting for an answer or a payment: closed when the beat is sold exclusively. */
const OPEN_STATUSES: readonly BeatOffer['status'][] = ['pending', 'countered', 'accepted'];

/** Declines an open offer of a beat sold exclusively, saying why; a concurrent change wins (no error). */
async function closeSoldOffer(offer: BeatOffer, now: Date): Promise<BeatOffer> {
  try {
    return await transition(
      offer,
      offer.status,
      { status: 'declined', closed_reason: SOLD_EXCLUSIVE_REASON, expires_at: null },
      now,
    );
  } catch (error) {
    if (error instanceof OfferConflict) return offer;
    throw error;
  }
}

/**
 * After the exclusive sale: the beat's other open offers are declined with the reason, so buyers see it
 * in their offers and creators have nothing left to answer. Best effort (the sale is already recorded);
 * an answer to an offer missed here is refused by `refuseIfSold`.
 */
export async function closeOffersOfSoldBeat(
  creatorId: string,
  projectId: string,
  now = new Date(),
): Promise<number> {
  const open = (await listCreatorOffers(creatorId)).filter(
    (offer) => offer.project_id === projectId && OPEN_STATUSES.includes(offer.status),
  );
  await Promise.all(open.map((offer) => closeSoldOffer(offer, now)));
  return open.length;
}

/** An answer that would keep an offer alive on a beat sold exclusively closes it instead: 409. */
async function refuseIfSold(offer: BeatOffer, now: Date): Promise<void> {
  if (!(await projectSaleState(offer.project_id)).soldExclusive) return;
  await closeSoldOffer(offer, now);
  throw new BeatSold();
}

const acceptedUntil = (now: Date) => new Date(now.getTime() + OFFER_CHECKOUT_HOURS * 3_600_000).toISOString();

/** The creator accepts, declines or counters a pending offer. */
export async function creatorRespond(
  creatorId: string,
  id: string,
  action: OfferCreatorAction,
  now = new Date(),
): Promise<BeatOffer> {
  const offer = await getCreatorOffer(creatorId, id);
  if (!offer) throw new NotFound('OFFER_NOT_FOUND');
  if (offer.status !== 'pending') throw new OfferConflict();
  if (action.action !== 'decline') await refuseIfSold(offer, now);
  switch (action.action) {
    case 'accept':
      return transition(
        offer,
        'pending',
        { status: 'accepted', accepted_amount: offer.amount, expires_at: acceptedUntil(now) },
        now,
      );
    case 'decline':
      return transition(offer, 'pending', { status: 'declined' }, now);
    case 'counter':
      if (action.amount <= offer.amount) throw new BadRequest('COUNTER_NOT_ABOVE_OFFER');
      if (action.amount > offer.list_price) throw new BadRequest('COUNTER_ABOVE_PRICE');
      return transition(offer, 'pending', { status: 'countered', counter_amount: round(action.amount) }, now);
  }
}

/** The buyer accepts or declines the creator's counter-offer. */
export async function buyerRespond(
  buyerId: string,
  id: string,
  action: 'accept' | 'decline',
  now = new Date(),
): Promise<BeatOffer> {
  const offer = await getBuyerOffer(buyerId, id);
  if (!offer) throw new NotFound('OFFER_NOT_FOUND');
  if (offer.status !== 'countered') throw new OfferConflict();
  if (action === 'accept') await refuseIfSold(offer, now);
  return action === 'accept'
    ? transition(
        offer,
        'countered',
        { status: 'accepted', accepted_amount: offer.counter_amount, expires_at: acceptedUntil(now) },
        now,
      )
    : transition(offer, 'countered', { status: 'declined' }, now);
}

/** The accepted offer a checkout may use, or a clear 4xx. */
export async function offerForCheckout(
  buyerId: string,
  id: string,
  projectId: string,
  tier: string,
  now: Date,
): Promise<BeatOffer> {
  const offer = await getBuyerOffer(buyerId, id);
  if (!offer || offer.project_id !== projectId || offer.tier !== tier) throw new NotFound('OFFER_NOT_FOUND');
  if (offer.status === 'paid') throw new OfferConflict('paid');
  if (offer.status !== 'accepted' || offer.accepted_amount === null)
    throw new BadRequest('OFFER_NOT_ACCEPTED');
  if (!offer.expires_at || Date.parse(offer.expires_at) <= now.getTime())
    throw new BadRequest('OFFER_EXPIRED', { hours: OFFER_CHECKOUT_HOURS });
  return offer;
}

/** In the purchase transaction: the accepted offer is now paid (only once). */
export function offerPaidUpdate(buyerId: string, id: string, orderId: string, now: string): TransactItem {
  return {
    Update: {
      TableName: config.TABLE_NAME,
      Key: { PK: keys.user(buyerId), SK: keys.beatOffer(id) },
      UpdateExpression: 'SET #status = :paid, order_id = :order, updated_at = :now',
      // One payment per accepted offer: a second checkout opened for it and paid too is refunded.
      ConditionExpression: '#status = :accepted',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':paid': 'paid', ':accepted': 'accepted', ':order': orderId, ':now': now },
    },
  };
}
