import { commerceTexts } from '../../../shared/i18n/commerce';
import type { Language } from '../../../shared/i18n/language';
import {
  applyCoupon,
  type Coupon,
  type LicenceCheckoutRequest,
  type LicenceTerms,
  type TierId,
} from '../../../shared/licensing/tiers';
import { toMinorUnits } from '../../../shared/plans';
import type { Caller } from '../auth';
import { getProject, type ProjectRecord } from '../db/projects';
import { BadRequest, Conflict, NotFound } from '../errors';
import { startCheckout } from '../payments/checkout';
import { tierAvailable } from './availability';
import { BeatSold, CouponRejected, ExclusiveUnavailable } from './errors';
import { couponHoldKey, exclusiveHoldKey, openHeldCheckout } from './holds';
import { offerForCheckout } from './offers';
import { getCoupon, getLicenceSettings, projectSaleState, releaseCouponUse, reserveCouponUse } from './store';

export { BeatSold, CouponRejected } from './errors';

/**
 * An unpaid licence checkout expires after 30 minutes (plus a minute so Stripe's 30-minute minimum holds
 * whatever the clock skew), releasing its coupon use and its hold through `checkout.session.expired`
 * (./expiry.ts).
 */
export const LICENCE_CHECKOUT_EXPIRY_SECONDS = 31 * 60;

/** The buyer's own first request for this checkout is still opening it (two quick clicks). */
class CheckoutInProgress extends Conflict {
  constructor() {
    super('CHECKOUT_IN_PROGRESS');
  }
}

/**
 * A licence checkout: the tier's price from the creator's settings, the coupon validated and one use
 * reserved atomically, all on the server; the request only names the beat, the tier and the code.
 * The Exclusive is held for one buyer while their session is open (others get 409, the holder gets the
 * same session again); a coupon checkout opened again by the same buyer reuses its session and its use
 * (./holds.ts). Metadata carries what the webhook records (tier, list price, coupon, discount).
 */
export async function startLicenceCheckout(
  caller: Caller,
  input: LicenceCheckoutRequest,
  language: Language,
  now: Date = new Date(),
): Promise<{ id: string; url: string }> {
  const project = await getProject(input.projectId);
  if (!project) throw new NotFound('PROJECT_NOT_FOUND');
  if (project.creator_id === caller.sub) throw new BadRequest('OWN_PROJECT');
  const sale = await projectSaleState(project.id);
  if (sale.soldExclusive)
    throw input.tier === 'exclusive' ? new ExclusiveUnavailable('sold') : new BeatSold();
  const settings = await getLicenceSettings(project);
  const tier = settings.tiers[input.tier];
  if (!tier.enabled || !tierAvailable(input.tier, project, settings))
    throw new BadRequest('TIER_UNAVAILABLE');
  let amount = tier.price;
  let discount = 0;
  let coupon: Coupon | undefined;
  let offerId: string | undefined;
  if (input.offerId) {
    if (input.coupon) throw new CouponRejected('offer');
    const offer = await offerForCheckout(caller.sub, input.offerId, project.id, input.tier, now);
    amount = offer.accepted_amount!;
    offerId = offer.id;
  } else if (input.coupon) {
    coupon = await getCoupon(project.creator_id, input.coupon);
    if (!coupon) throw new CouponRejected('unknown');
    // The use limit is decided by the atomic reservation when the session starts: the buyer's own open
    // session for this code already holds a use, and is reused below.
    const check = applyCoupon(tier.price, { ...coupon, max_uses: null }, input.tier, now);
    if (!check.ok) throw new CouponRejected(check.reason);
    amount = check.amount;
    discount = check.discount;
  }
  const session = {
    project,
    tier: input.tier,
    terms: tier.terms,
    listPrice: tier.price,
    amount,
    discount,
    coupon,
    offerId,
    now,
  };
  const start = (expiresAt: number) => openLicenceSession(caller, session, language, expiresAt);
  // The exclusive is held for one buyer at a time; a coupon session is held per buyer, beat, tier and code.
  const key =
    input.tier === 'exclusive'
      ? exclusiveHoldKey(project.id)
      : coupon
        ? couponHoldKey(caller.sub, project.id, input.tier, coupon.code)
        : undefined;
  if (!key) return start(Math.floor(Date.now() / 1000) + LICENCE_CHECKOUT_EXPIRY_SECONDS);
  const held = await openHeldCheckout(
    {
      key,
      holder: caller.sub,
      request: [input.tier, coupon?.code ?? '', offerId ?? ''].join('|'),
      replacePaid: input.tier !== 'exclusive',
    },
    start,
    LICENCE_CHECKOUT_EXPIRY_SECONDS,
  );
  switch (held.kind) {
    case 'opened':
    case 'reused':
      return held.session;
    case 'paid':
      throw new ExclusiveUnavailable('sold');
    case 'held':
      if (input.tier === 'exclusive') throw new ExclusiveUnavailable('held');
      throw new CheckoutInProgress();
    case 'busy':
      throw new CheckoutInProgress();
  }
}

interface LicenceSession {
  project: ProjectRecord;
  tier: TierId;
  /** The terms the buyer saw: the licence is sold on these even if the creator edits them before payment. */
  terms: LicenceTerms;
  listPrice: number;
  amount: number;
  discount: number;
  coupon: Coupon | undefined;
  offerId: string | undefined;
  now: Date;
}

/** Reserves the coupon's use and creates the Checkout Session expiring at `expiresAt` (epoch seconds). */
async function openLicenceSession(
  caller: Caller,
  { project, tier, terms, listPrice, amount, discount, coupon, offerId, now }: LicenceSession,
  language: Language,
  expiresAt: number,
): Promise<{ id: string; url: string }> {
  if (coupon && !(await reserveCouponUse(project.creator_id, coupon, now)))
    throw new CouponRejected('exhausted');
  const couponCode = coupon?.code;
  const productName = `${project.title} — ${commerceTexts(language).tierNames[tier]}`;
  try {
    return await startCheckout({
      kind: 'purchase',
      sub: caller.sub,
      email: caller.email || undefined,
      language,
      line: { name: productName, unitAmount: toMinorUnits(amount), currency: 'brl' },
      metadata: {
        productName: productName.slice(0, 200),
        amount: amount.toFixed(2),
        projectId: project.id,
        creatorId: project.creator_id,
        tier,
        listPrice: listPrice.toFixed(2),
        // ≤ 500 characters (Stripe's limit per value): four numbers, a flag and a credit line of ≤ 200.
        terms: JSON.stringify(terms),
        buyerName: (caller.name || caller.email || 'Comprador').slice(0, 200),
        ...(couponCode ? { coupon: couponCode, discount: discount.toFixed(2) } : {}),
        ...(offerId ? { offerId } : {}),
      },
      successPath: '/my-collection?checkout=success&session_id={CHECKOUT_SESSION_ID}',
      cancelPath: `/marketplace?checkout=cancel`,
      amount,
      description: productName,
      projectId: project.id,
      expiresAt,
    });
  } catch (error) {
    if (couponCode) await releaseCouponUse(project.creator_id, couponCode);
    throw error;
  }
}
