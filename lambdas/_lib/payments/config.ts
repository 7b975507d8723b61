import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { z } from 'zod';
import { AppError } from '../errors';

/**
 * Payments settings. In AWS the Stripe key and webhook secret live in Secrets Manager
 * (`STRIPE_SECRET_ARN`, JSON `{ secretKey, webhookSecret }`), read once per container; locally they come
 * from the environment (.env), and `STRIPE_API_BASE` points the official SDK at the local sandbox.
 */
const Env = z.object({
  STRIPE_SECRET_KEY: z.string().default(''),
  STRIPE_WEBHOOK_SECRET: z.string().default(''),
  STRIPE_SECRET_ARN: z.string().default(''),
  STRIPE_API_BASE: z.union([z.literal(''), z.url()]).default(''),
  PUBLIC_APP_URL: z.url().default('http://localhost:5173'),
  AWS_REGION: z.string().default('us-east-1'),
});

export type PaymentsEnv = z.infer<typeof Env>;

export interface StripeSecrets {
  secretKey: string;
  webhookSecret: string;
}

const SecretJson = z.object({ secretKey: z.string().min(1), webhookSecret: z.string().min(1) });

/** Payments are not configured; `setting` names what an operator must set (logged, not shown). */
export class PaymentsUnavailable extends AppError {
  constructor(readonly setting: string) {
    super(503, 'PAYMENTS_UNAVAILABLE');
  }
}

export function readPaymentsEnv(env: NodeJS.ProcessEnv = process.env): PaymentsEnv {
  return Env.parse(env);
}

export async function loadStripeSecrets(env: PaymentsEnv): Promise<StripeSecrets> {
  if (env.STRIPE_SECRET_ARN) {
    const client = new SecretsManagerClient({ region: env.AWS_REGION });
    const { SecretString } = await client.send(
      new GetSecretValueCommand({ SecretId: env.STRIPE_SECRET_ARN }),
    );
    const parsed = SecretJson.safeParse(JSON.parse(SecretString ?? '{}'));
    if (!parsed.success) throw new PaymentsUnavailable('O segredo do Stripe está incompleto.');
    return parsed.data;
  }
  return { secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET };
}

let cached: Promise<StripeSecrets> | undefined;

/** Secrets once per container; a failed read is retried on the next request instead of being cached. */
export function stripeSecrets(): Promise<StripeSecrets> {
  cached ??= loadStripeSecrets(readPaymentsEnv()).catch((error: unknown) => {
    cached = undefined;
    throw error;
  });
  return cached;
}

export const paymentsEnv: PaymentsEnv = readPaymentsEnv();
