import Stripe from 'stripe';
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

/** One Stripe client per container and key: a key rolled in the secret gets a new client. */
export async function stripeClient(): Promise<Stripe> {
  const secrets = await stripeSecrets();
  if (!secrets.secretKey) throw new PaymentsUnavailable('Configure STRIPE_SECRET_KEY.');
  if (client?.key !== secrets.secretKey)
    client = { key: secrets.secretKey, stripe: new Stripe(secrets.secretKey, stripeOptions(paymentsEnv)) };
  return client.stripe;
}
