import fc from 'fast-check';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import {
  SIGNATURE_TOLERANCE_SECONDS,
  stripeSignatureValid,
} from '../../lambdas/_lib/payments/webhook-signature';

/**
 * The webhook checks signatures without Stripe's SDK (so it does not load it at every cold start). The
 * SDK's own `constructEvent` is the reference: whatever it accepts we accept, whatever it refuses we
 * refuse, for genuine, tampered, re-signed, stale and malformed headers.
 */
function sdkAccepts(payload: string, header: string, secret: string, now: number): boolean {
  try {
    Stripe.webhooks.constructEvent(payload, header, secret, SIGNATURE_TOLERANCE_SECONDS, undefined, now);
    return true;
  } catch {
    return false;
  }
}

const secretArb = fc.string({ minLength: 1, maxLength: 40 }).map((s) => `whsec_${s}`);
const payloadArb = fc.json({ maxDepth: 2 }).filter((text) => text !== '');
const now = 1_790_000_000_000;

describe('Stripe-Signature check', () => {
  it('agrees with the SDK on headers Stripe would send, tampered or not', () => {
    fc.assert(
      fc.property(
        payloadArb,
        secretArb,
        fc.integer({ min: -600, max: 900 }),
        fc.constantFrom('genuine', 'body', 'secret', 'signature', 'extra-v1', 'v0-only'),
        (payload, secret, ageSeconds, tamper) => {
          const timestamp = Math.floor(now / 1000) - ageSeconds;
          let header = Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
          let body = payload;
          if (tamper === 'body') body = `${payload} `;
          if (tamper === 'secret')
            header = Stripe.webhooks.generateTestHeaderString({ payload, secret: `${secret}x`, timestamp });
          if (tamper === 'signature')
            header = header.replace(/v1=./, (m) => (m.endsWith('0') ? 'v1=1' : 'v1=0'));
          if (tamper === 'extra-v1') header = `${header},v1=${'f'.repeat(64)}`;
          if (tamper === 'v0-only') header = header.replace('v1=', 'v0=');
          expect(stripeSignatureValid(body, header, secret, now)).toBe(sdkAccepts(body, header, secret, now));
        },
      ),
      { numRuns: 400 },
    );
  });

  it('agrees with the SDK on malformed headers', () => {
    fc.assert(
      fc.property(payloadArb, fc.string({ maxLength: 120 }), (payload, header) => {
        expect(stripeSignatureValid(payload, header, 'whsec_test', now)).toBe(
          sdkAccepts(payload, header, 'whsec_test', now),
        );
      }),
    );
  });

  it('refuses a genuine signature once it is older than 5 minutes (a replay)', () => {
    const payload = '{"id":"evt_1"}';
    const at = (age: number) =>
      Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: 'whsec_s',
        timestamp: Math.floor(now / 1000) - age,
      });
    expect(stripeSignatureValid(payload, at(SIGNATURE_TOLERANCE_SECONDS), 'whsec_s', now)).toBe(true);
    expect(stripeSignatureValid(payload, at(SIGNATURE_TOLERANCE_SECONDS + 1), 'whsec_s', now)).toBe(false);
  });
});
