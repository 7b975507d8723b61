import { AppError } from '../errors';

/**
 * The licence errors a buyer can act on (issue 8), each with a stable code the web maps to its text. One
 * module so the checkout, the offers, the coupon preview and the marketplace refuse with the same answer.
 */

/** The beat was sold with an exclusive licence: no lease, order, payment or offer any more. */
export class BeatSold extends AppError {
  constructor() {
    super(409, 'BEAT_SOLD');
  }
}

/** Another buyer holds the exclusive checkout, or the exclusive is already sold. */
export class ExclusiveUnavailable extends AppError {
  constructor(reason: 'held' | 'sold') {
    super(409, 'EXCLUSIVE_UNAVAILABLE', reason === 'sold' ? { context: 'sold' } : {});
  }
}

/** Why a coupon does not apply; each reason is a variant of INVALID_COUPON's message. */
export type CouponRefusal = 'unknown' | 'inactive' | 'expired' | 'exhausted' | 'tier' | 'offer';

/** A coupon that does not apply (unknown, expired, used up, other tier): preview and checkout alike. */
export class CouponRejected extends AppError {
  constructor(reason: CouponRefusal) {
    super(400, 'INVALID_COUPON', reason === 'unknown' || reason === 'inactive' ? {} : { context: reason });
  }
}
