import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The `Stripe-Signature` check, as Stripe documents it for verifying without its SDK
 * (docs.stripe.com/webhooks#verify-manually) and as the SDK's `webhooks.constructEvent` does it:
 * `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" with the endpoint secret>[,v1=…]`, any v1
 * matching, compared in constant time, and the timestamp at most 5 minutes old (replays). It lives here
 * so the webhook function does not load Stripe's whole SDK (~240 KB evaluated on import) to check an
 * HMAC; tests/unit/payments-webhook-signature.test.ts holds it to the SDK's verdict.
 */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export function stripeSignatureValid(
  payload: string,
  header: string,
  secret: string,
  now = Date.now(),
): boolean {
  let timestamp = -1;
  const signatures: string[] = [];
  for (const item of header.split(',')) {
    const [key, value = ''] = item.split('=');
    if (key === 't') timestamp = parseInt(value, 10);
    if (key === 'v1') signatures.push(value);
  }
  if (payload === '' || Number.isNaN(timestamp) || timestamp === -1 || signatures.length === 0) return false;
  const expected = Buffer.from(
    createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex'),
  );
  const matches = signatures.some((signature) => {
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  return matches && Math.floor(now / 1000) - timestamp <= SIGNATURE_TOLERANCE_SECONDS;
}
