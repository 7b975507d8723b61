import type Stripe from 'stripe';
import { checkoutExpiredUpdate } from '../db/checkouts';
import type { TransactItem } from '../db/ledger';
import { getProject } from '../db/projects';
import { applyWithMarker, type RecordOutcome } from '../db/stripe-events';
import { logger } from '../logger';
import { couponHoldKey, exclusiveHoldKey, releaseHold } from './holds';
import { couponUseReleasedUpdate } from './store';

/**
 * checkout.session.expired: the buyer left the checkout unpaid. What its creation reserved is given back
 * — for a licence checkout (./checkout.ts) that is the coupon's reserved use — together with the event
 * marker and the checkout record's open → expired change, in ONE TransactWriteItems. So a redelivered
 * event (marker), a second expiry of the same session or an expiry of a session already paid (record not
 * open) releases nothing: `stale`. Its hold (the exclusive, or the buyer's coupon session) is deleted
 * after that, on every delivery: the delete only matches this session, so repeating it is harmless.
 */
export async function releaseExpiredCheckout(
  event: Stripe.Event,
  session: Stripe.Checkout.Session,
  sub: string,
  now = new Date().toISOString(),
): Promise<RecordOutcome> {
  const metadata = session.metadata ?? {};
  const records: TransactItem[] = [checkoutExpiredUpdate(sub, session.id, now)];
  if (metadata.kind === 'purchase' && metadata.tier && metadata.coupon) {
    // Sessions created before the creator id was put in the metadata find it on the project.
    const creatorId = metadata.creatorId || (await getProject(metadata.projectId ?? ''))?.creator_id;
    if (creatorId) records.push(couponUseReleasedUpdate(creatorId, metadata.coupon));
    else logger.warn('expired licence checkout: coupon owner unknown', { sessionId: session.id });
  }
  const outcome = await applyWithMarker(event, records);
  if (metadata.kind === 'purchase' && metadata.tier && metadata.projectId) {
    if (metadata.tier === 'exclusive') await releaseHold(exclusiveHoldKey(metadata.projectId), session.id);
    else if (metadata.coupon)
      await releaseHold(couponHoldKey(sub, metadata.projectId, metadata.tier, metadata.coupon), session.id);
  }
  logger.info('checkout expired', {
    eventId: event.id,
    sessionId: session.id,
    released: outcome === 'applied' && records.length > 1 ? metadata.coupon : null,
    outcome,
  });
  return outcome;
}
