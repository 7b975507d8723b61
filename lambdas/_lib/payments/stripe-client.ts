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

let client: Promise<Stripe> | undefined;

/** One Stripe client per container, created after the secrets are read. */
export function stripeClient(): Promise<Stripe> {
  client ??= stripeSecrets().then((secrets) => {
    if (!secrets.secretKey) throw new PaymentsUnavailable('Configure STRIPE_SECRET_KEY.');
    return new Stripe(secrets.secretKey, stripeOptions(paymentsEnv));
  });
  client.catch(() => {
    client = undefined;
  });
  return client;
}
