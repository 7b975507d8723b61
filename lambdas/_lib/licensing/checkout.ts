import {
  applyCoupon,
  COUPON_ERRORS,
  TIER_NAMES,
  type LicenceCheckoutRequest,
} from '../../../shared/licensing/tiers';
import { toMinorUnits } from '../../../shared/plans';
import type { Caller } from '../auth';
import { getProject } from '../db/projects';
import { AppError, BadRequest, NotFound } from '../errors';
import { startCheckout } from '../payments/checkout';
import { tierAvailable } from './delivery';
import { offerForCheckout } from './offers';
import { getCoupon, getLicenceSettings, projectSaleState, releaseCouponUse, reserveCouponUse } from './store';

/**
 * An unpaid licence checkout expires after 30 minutes (plus a minute so Stripe's 30-minute minimum holds
 * whatever the clock skew), releasing its coupon use through `checkout.session.expired` (./expiry.ts).
 */
export const LICENCE_CHECKOUT_EXPIRY_SECONDS = 31 * 60;

export class BeatSold extends AppError {
  constructor() {
    super(409, 'BEAT_SOLD', 'Este beat foi vendido com exclusividade e não está mais à venda.');
  }
}

export class CouponRejected extends AppError {
  constructor(message: string) {
    super(400, 'INVALID_COUPON', message);
  }
}

/**
 * A licence checkout: the tier's price from the creator's settings, the coupon validated and one use
 * reserved atomically, all on the server; the request only names the beat, the tier and the code.
 * Metadata carries what the webhook records (tier, list price, coupon, discount).
 */
export async function startLicenceCheckout(
  caller: Caller,
  input: LicenceCheckoutRequest,
  now: Date = new Date(),
): Promise<{ id: string; url: string }> {
  const project = await getProject(input.projectId);
  if (!project) throw new NotFound('Projeto não encontrado.');
  if (project.creator_id === caller.sub) throw new BadRequest('Você não pode comprar o seu próprio projeto.');
  const sale = await projectSaleState(project.id);
  if (sale.soldExclusive) throw new BeatSold();
  const settings = await getLicenceSettings(project);
  const tier = settings.tiers[input.tier];
  if (!tier.enabled || !tierAvailable(input.tier, project, settings))
    throw new BadRequest('Esta licença não está disponível para este beat.');
  let amount = tier.price;
  let discount = 0;
  let couponCode: string | undefined;
  let offerId: string | undefined;
  if (input.offerId) {
    if (input.coupon) throw new CouponRejected('Cupons não valem sobre uma oferta aceita.');
    const offer = await offerForCheckout(caller.sub, input.offerId, project.id, input.tier, now);
    amount = offer.accepted_amount!;
    offerId = offer.id;
  } else if (input.coupon) {
    const coupon = await getCoupon(project.creator_id, input.coupon);
    if (!coupon) throw new CouponRejected(COUPON_ERRORS.unknown);
    const check = applyCoupon(tier.price, coupon, input.tier, now);
    if (!check.ok) throw new CouponRejected(COUPON_ERRORS[check.reason]);
    if (!(await reserveCouponUse(project.creator_id, coupon, now)))
      throw new CouponRejected(COUPON_ERRORS.exhausted);
    amount = check.amount;
    discount = check.discount;
    couponCode = coupon.code;
  }
  const productName = `${project.title} — ${TIER_NAMES[input.tier]}`;
  try {
    return await startCheckout({
      kind: 'purchase',
      sub: caller.sub,
      email: caller.email || undefined,
      line: { name: productName, unitAmount: toMinorUnits(amount), currency: 'brl' },
      metadata: {
        productName: productName.slice(0, 200),
        amount: amount.toFixed(2),
        projectId: project.id,
        creatorId: project.creator_id,
        tier: input.tier,
        listPrice: tier.price.toFixed(2),
        buyerName: (caller.name || caller.email || 'Comprador').slice(0, 200),
        ...(couponCode ? { coupon: couponCode, discount: discount.toFixed(2) } : {}),
        ...(offerId ? { offerId } : {}),
      },
      successPath: '/my-collection?checkout=success&session_id={CHECKOUT_SESSION_ID}',
      cancelPath: `/marketplace?checkout=cancel`,
      amount,
      description: productName,
      projectId: project.id,
      expiresInSeconds: LICENCE_CHECKOUT_EXPIRY_SECONDS,
    });
  } catch (error) {
    if (couponCode) await releaseCouponUse(project.creator_id, couponCode);
    throw error;
  }
}
