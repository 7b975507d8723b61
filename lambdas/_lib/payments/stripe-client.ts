import type Stripe from 'stripe';
import { PaymentsUnavailable, paymentsEnv, stripeSecrets, type PaymentsEnv } from './config';

/** Options for the official SDK; `STRIPE_API_BASE` (the local sandbox) changes only host, port, protocol. */
export function stripeOptions(env: Pick<PaymentsEnv, 'STRIPE_API_BASE'>): Stripe.StripeConfig {
  const options: Stripe.StripeConfig = { maxNetworkRetries: 2, telemetry: false, timeout: 20_000 };
  if (!env.STRIPE_API_BASE) return options;
  const base = new URL(env.STRIPE_API_BASE);
  const protocol = base.protocol === 'http:' ? 'http' : 'https';
  return {
    ...options,
    host: base.hostname,
    port: base.port ? Number(base.port) : protocol === 'http' ? 80 : 443,
    protocol,
  };
}

let client: { key: string; stripe: Stripe } | undefined;

/**
 * One Stripe client per container and key: a key rolled in the secret gets a new client. Stripe's SDK
 * (~240 KB, most of it evaluated on import) is a chunk of its own: it loads while the secret is read, on
 * the first request that calls Stripe, instead of at every cold start of every function that might.
 */
export async function stripeClient(): Promise<Stripe> {
  const [secrets, { default: StripeSdk }] = await Promise.all([stripeSecrets(), import('stripe')]);
  if (!secrets.secretKey) throw new PaymentsUnavailable('Configure STRIPE_SECRET_KEY.');
  if (client?.key !== secrets.secretKey)
    client = { key: secrets.secretKey, stripe: new StripeSdk(secrets.secretKey, stripeOptions(paymentsEnv)) };
  return client.stripe;
}
