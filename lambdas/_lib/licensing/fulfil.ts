import { isLanguage } from '../../../shared/i18n/language';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import type Stripe from 'stripe';
import { LicenceTerms, TierId } from '../../../shared/licensing/tiers';
import type { LicenceRefundReason } from '../../../shared/schemas/payments';
import { config } from '../config';
import { newLedgerId, type TransactItem } from '../db/ledger';
import { newOrder, orderPut } from '../db/orders';
import { getProject, projectKey } from '../db/projects';
import { purchasePut } from '../db/purchases';
import { applyWithMarker, stripeEventMarker } from '../db/stripe-events';
import { transactWrite } from '../db/transact';
import { logger } from '../logger';
import { stripeClient } from '../payments/stripe-client';
import { tierAvailable } from './availability';
import { closeOffersOfSoldBeat, offerPaidUpdate } from './offers';
import {
  agreementKey,
  couponRedeemedUpdate,
  exclusiveSoldUpdate,
  getLicenceSettings,
  licencePut,
  releaseCouponUse,
  type LicenceRecord,
} from './store';

export type LicenceOutcome = 'applied' | 'duplicate' | 'stale' | 'refunded_conflict';

/** Every licence needs the beat still on sale; the exclusive also takes it off sale (same transaction). */
function saleCondition(projectId: string): TransactItem {
  return {
    ConditionCheck: {
      TableName: config.TABLE_NAME,
      Key: projectKey(projectId),
      ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(sale_status)',
    },
  };
}

/** The terms recorded when the checkout was opened (sessions opened before they were recorded have none). */
function termsAtCheckout(recorded: string | undefined): LicenceTerms | undefined {
  if (!recorded) return undefined;
  try {
    const parsed = LicenceTerms.safeParse(JSON.parse(recorded));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * checkout.session.completed of a licence checkout: order + purchase + licence (+ exclusive sale, + coupon
 * redemption) with the event marker and the session guard in ONE TransactWriteItems, so it happens exactly
 * once. When the beat was sold exclusively meanwhile (two exclusive payments both succeeded, or a lease paid
 * after the exclusive), the payment is refunded through Stripe and the buyer's purchase says so.
 */
export async function fulfilLicence(
  event: Stripe.Event,
  session: Stripe.Checkout.Session,
  sub: string,
  paymentIntent: string | null,
  guard: TransactItem,
  now: string,
): Promise<LicenceOutcome> {
  const metadata = session.metadata ?? {};
  const tier = TierId.parse(metadata.tier);
  const projectId = metadata.projectId ?? '';
  const amount = (session.amount_total ?? 0) / 100;
  const purchaseId = newLedgerId();
  const project = await getProject(projectId);
  const purchase = {
    id: purchaseId,
    client_id: sub,
    created_at: now,
    amount,
    currency: session.currency ?? 'brl',
    // The title and the tier apart (issue 18): the web names the tier in the reader's language.
    product_name: project?.title ?? '',
    tier,
    project_id: projectId,
    checkout_session_id: session.id,
    payment_intent: paymentIntent,
  };
  if (!project) {
    logger.warn('paid licence of a missing project', { eventId: event.id, projectId });
    return refundConflict(event, session, sub, paymentIntent, guard, purchase, 'project_removed');
  }
  const settings = await getLicenceSettings(project);
  const order = newOrder({
    clientId: sub,
    creatorId: project.creator_id,
    projectId: project.id,
    projectTitle: project.title,
    amount,
    createdAt: now,
    status: 'delivered',
    kind: 'licence',
  });
  const couponCode = metadata.coupon || null;
  const licence: LicenceRecord = {
    order_id: order.id,
    purchase_id: purchaseId,
    project_id: project.id,
    project_title: project.title,
    tier,
    terms: termsAtCheckout(metadata.terms) ?? settings.tiers[tier].terms,
    list_price: Number(metadata.listPrice ?? settings.tiers[tier].price),
    amount,
    coupon: couponCode,
    offer_id: metadata.offerId || null,
    buyer_id: sub,
    buyer_name: metadata.buyerName || '',
    creator_id: project.creator_id,
    creator_name: project.creator_name,
    ai_stems: settings.ai_stems && settings.stems_keys.length === 0,
    stems_included: tierAvailable('trackout', project, settings),
    created_at: now,
    checkout_session_id: session.id,
    agreement_key: agreementKey(order.id),
    ...(isLanguage(metadata.language) ? { language: metadata.language } : {}),
  };
  const put = orderPut(order);
  const records: TransactItem[] = [
    guard,
    tier === 'exclusive' ? exclusiveSoldUpdate(project.id, order.id, now) : saleCondition(project.id),
    {
      Put: {
        ...put,
        Item: { ...put.Item, delivered_at: now, paid: true, purchase_id: purchaseId, tier, licence: true },
      },
    },
    purchasePut({ ...purchase, status: 'completed', order_id: order.id }),
    licencePut(licence),
  ];
  const offerAt = licence.offer_id ? records.push(offerPaidUpdate(sub, licence.offer_id, order.id, now)) : -1;
  if (couponCode) {
    records.push(couponRedeemedUpdate(project.creator_id, couponCode, Number(metadata.discount ?? 0)));
  }
  try {
    await transactWrite({ TransactItems: [stripeEventMarker(event), ...records] });
  } catch (error) {
    if (!(error instanceof TransactionCanceledException)) throw error;
    const codes = (error.CancellationReasons ?? []).map((reason) => reason.Code ?? 'None');
    // Marker or session guard: this event / this session was already fulfilled.
    if (codes[0] === 'ConditionalCheckFailed' || codes[1] === 'ConditionalCheckFailed') return 'duplicate';
    // records[i] is TransactItems[i + 1] (the marker comes first); push() returned the index + 1.
    const soldExclusively = codes[2] === 'ConditionalCheckFailed';
    if (soldExclusively || (offerAt > 0 && codes[offerAt] === 'ConditionalCheckFailed')) {
      const why: LicenceRefundReason = soldExclusively ? 'sold_exclusive' : 'offer_paid';
      logger.warn('licence payment refused', { eventId: event.id, projectId, tier, why });
      const outcome = await refundConflict(event, session, sub, paymentIntent, guard, purchase, why);
      if (outcome === 'refunded_conflict' && couponCode)
        await releaseCouponUse(project.creator_id, couponCode);
      return outcome;
    }
    throw error;
  }
  logger.info('licence sold', { eventId: event.id, projectId, tier, orderId: order.id, amount });
  if (tier === 'exclusive') {
    try {
      await closeOffersOfSoldBeat(project.creator_id, project.id, new Date(now));
    } catch (error) {
      // Answers to the offers left open are refused anyway (offers.ts); the sale itself is recorded.
      logger.error('offers of the sold beat not closed', { error: error as Error, projectId });
    }
  }
  try {
    // The PDF writer (pdf-lib and S3) loads only for licence sales, not for every webhook event.
    const { storeAgreement } = await import('./agreement');
    await storeAgreement(licence);
  } catch (error) {
    // The download route renders it on demand when this failed; the sale itself is recorded.
    logger.error('licence agreement not stored', { error: error as Error, orderId: order.id });
  }
  return 'applied';
}

/** Refunds the whole payment (idempotent per session) and records the refunded purchase, exactly once. */
async function refundConflict(
  event: Stripe.Event,
  session: Stripe.Checkout.Session,
  sub: string,
  paymentIntent: string | null,
  guard: TransactItem,
  purchase: Omit<Parameters<typeof purchasePut>[0], 'status'>,
  why: LicenceRefundReason,
): Promise<LicenceOutcome> {
  if (paymentIntent) {
    const stripe = await stripeClient();
    // A failure throws: the webhook answers 500 and Stripe redelivers, so the refund is retried.
    try {
      await stripe.refunds.create(
        { payment_intent: paymentIntent, reason: 'duplicate', metadata: { why } },
        { idempotencyKey: `licence-conflict-${session.id}` },
      );
    } catch (error) {
      // A redelivery after the refund went through (and the idempotency window passed): already refunded.
      const code = (error as { code?: string }).code;
      if (code !== 'charge_already_refunded' && code !== 'amount_too_large') throw error;
    }
  } else {
    logger.error('licence conflict without payment intent: refund by hand', { sessionId: session.id });
  }
  // The reason as a kind (the web words it), never a sentence beside the title.
  const put = purchasePut({ ...purchase, status: 'refunded', refund_reason: why }).Put!;
  const outcome = await applyWithMarker(event, [
    guard,
    { Put: { ...put, Item: { ...put.Item, refunded_at: purchase.created_at } } },
  ]);
  return outcome === 'applied' ? 'refunded_conflict' : 'duplicate';
}
