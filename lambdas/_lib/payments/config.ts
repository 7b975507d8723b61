import { z } from 'zod';
import { AppError } from '../errors';
import { readParameter, readSecretJson } from '../secrets';

/**
 * Payments settings. In AWS the Stripe key and webhook secret live in Secrets Manager
 * (`STRIPE_SECRET_ARN`, JSON `{ secretKey, webhookSecret }`) and the app's public origin in the SSM
 * parameter the Web stack writes (`PUBLIC_APP_URL_PARAMETER`); both are re-read every few minutes
 * (lambdas/_lib/secrets.ts), so values stored after deploy take effect without a redeploy. Locally they
 * come from the environment (.env and the twin), and `STRIPE_API_BASE` points the SDK at the sandbox.
 * There is no default origin: a deployment that does not know its own address refuses to build return URLs.
 */
const Env = z.object({
  STRIPE_SECRET_KEY: z.string().default(''),
  STRIPE_WEBHOOK_SECRET: z.string().default(''),
  STRIPE_SECRET_ARN: z.string().default(''),
  STRIPE_API_BASE: z.union([z.literal(''), z.url()]).default(''),
  PUBLIC_APP_URL: z.union([z.literal(''), z.url()]).default(''),
  PUBLIC_APP_URL_PARAMETER: z.string().default(''),
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
    const parsed = SecretJson.safeParse(await readSecretJson(env.STRIPE_SECRET_ARN));
    if (!parsed.success) throw new PaymentsUnavailable('O segredo do Stripe está incompleto.');
    return parsed.data;
  }
  return { secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET };
}

/**
 * The web app's https origin for Stripe's return URLs: PUBLIC_APP_URL when set (local twin), else the
 * deployment's SSM parameter. Neither → 503 PAYMENTS_UNAVAILABLE rather than a link to nowhere.
 */
export async function publicAppOrigin(env: PaymentsEnv = readPaymentsEnv()): Promise<string> {
  let value = env.PUBLIC_APP_URL;
  if (!value && env.PUBLIC_APP_URL_PARAMETER) {
    // Missing (Web stack not deployed yet) or unreadable: the same 503, retried on the next request.
    value = (await readParameter(env.PUBLIC_APP_URL_PARAMETER).catch(() => undefined)) ?? '';
  }
  if (!z.url().safeParse(value).success)
    throw new PaymentsUnavailable('O endereço público do app não está configurado.');
  return new URL(value).origin;
}

/**
 * The Stripe secrets, read through the refreshing cache of lambdas/_lib/secrets.ts: a key stored after
 * deploy is used within minutes, and a failed or incomplete read is retried on the next request.
 */
export function stripeSecrets(): Promise<StripeSecrets> {
  return loadStripeSecrets(readPaymentsEnv());
}

export const paymentsEnv: PaymentsEnv = readPaymentsEnv();
