import { randomUUID } from 'node:crypto';
import type { Context } from 'aws-lambda';
import { afterAll } from 'vitest';
import { signedWebhookEvent } from '../../events/build';
import { startStripeSandbox } from '../../infra/local/stripe-sandbox';
import type { ApiEvent, ApiResult } from '../../lambdas/_lib/http';

/**
 * Shared by the payments integration tests: Stripe settings in process.env before any payments module
 * loads (config is read once per container, as in Lambda), and a way to deliver signed events to the
 * real webhook handler exactly as API Gateway would.
 */
export const WEBHOOK_SECRET = 'whsec_integration_payments';

export function usePaymentsEnv(extra: Record<string, string> = {}): void {
  Object.assign(process.env, {
    STRIPE_SECRET_KEY: 'sk_test_integration',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    PUBLIC_APP_URL: 'http://localhost:3000',
    ...extra,
  });
}

/**
 * A quiet Stripe sandbox for calls the webhook makes back to Stripe (subscriptions, intro pricing), with
 * the payments settings pointing at it; stopped after the file's tests. Webhooks are delivered by the
 * test itself, so the sandbox's own webhook URL goes nowhere.
 */
export async function useStripeSandboxEnv(): Promise<void> {
  const sandbox = await startStripeSandbox({
    port: 0,
    webhookUrl: 'http://127.0.0.1:9/unused',
    webhookSecret: WEBHOOK_SECRET,
    quiet: true,
  });
  afterAll(() => sandbox.stop());
  usePaymentsEnv({ STRIPE_API_BASE: sandbox.url });
}

export const context = { awsRequestId: 'integration' } as Context;

type Handler = (event: ApiEvent, context: Context) => Promise<ApiResult>;

let webhook: Handler | undefined;

export async function webhookHandler(): Promise<Handler> {
  webhook ??= (await import('../../lambdas/stripe-webhook/handler')).handler;
  return webhook;
}

/** Delivers one Stripe event (indented like Stripe's payloads), signed with the webhook secret. */
export async function deliver(event: Record<string, unknown>): Promise<{ status: number; outcome?: string }> {
  const handler = await webhookHandler();
  const result = await handler(signedWebhookEvent(JSON.stringify(event, null, 2), WEBHOOK_SECRET), context);
  const body = JSON.parse(String(result.body ?? '{}')) as { outcome?: string };
  return { status: result.statusCode ?? 200, outcome: body.outcome };
}

export const uniqueSub = (label: string) => `${label}-${randomUUID()}`;
export const eventId = () => `evt_test_${randomUUID().replace(/-/g, '')}`;

/** Runs `tasks` with at most `limit` in flight. */
export async function pool<T>(tasks: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, tasks.length) }, async () => {
      while (next < tasks.length) {
        const index = next++;
        results[index] = await tasks[index]!();
      }
    }),
  );
  return results;
}

/** Deterministic shuffle (seeded), so a failure can be replayed. */
export function shuffle<T>(items: T[], seed: number): T[] {
  const out = [...items];
  let state = seed >>> 0;
  const random = () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
