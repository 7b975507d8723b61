import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { GenerationView } from '../../shared/schemas/generation';
import { routes } from '../../infra/routes';
import { loadHandler } from '../../infra/local/handlers';
import { startLocalStepFunctions, type LocalStepFunctions } from '../../infra/local/step-functions';
import { creditWallet } from '../../lambdas/_lib/db/ledger';
import { stripeEventMarker } from '../../lambdas/_lib/db/stripe-events';
import type { ApiResult } from '../../lambdas/_lib/http';
import { answerOf, apiGatewayEvent, lambdaContext, matchRoute, type Answer } from '../support/api-events';
import { ledgerLabel } from '../../shared/i18n/ledger/label';

/**
 * The generation tests drive the real handlers with API Gateway v2 events in this worker, against a
 * Step Functions twin of their own (same ASL, same pipeline handlers, in this process), so each test
 * file can choose the music provider and budgets through env before any handler loads.
 */

export interface Claims {
  sub: string;
  email?: string;
}

export const user = (): Claims => ({ sub: `gen-user-${randomUUID()}` });

/** Starts this worker's Step Functions twin and points the SDK (STATE_MACHINE_ARN, endpoint) at it. */
export async function useOwnStepFunctions(env: Record<string, string> = {}): Promise<LocalStepFunctions> {
  Object.assign(process.env, env);
  const twin = await startLocalStepFunctions({ retryIntervalMs: 20, quiet: true });
  process.env.AWS_ENDPOINT_URL_SFN = twin.endpoint;
  process.env.STATE_MACHINE_ARN = twin.arnOf('generate-then-split');
  return twin;
}

export type { Answer };

export async function call<T = Record<string, unknown>>(
  method: string,
  path: string,
  options: { claims?: Claims; body?: unknown; sourceIp?: string } = {},
): Promise<Answer<T>> {
  const found = matchRoute(routes, method, path);
  if (!found) throw new Error(`No route for ${method} ${path}`);
  const event = apiGatewayEvent({
    method,
    routePath: found.route.path,
    rawPath: path,
    pathParameters: found.params,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    claims: options.claims,
    sourceIp: options.sourceIp,
  });
  const handler = await loadHandler(found.route.functionName);
  const result = (await handler(event, lambdaContext(found.route.functionName))) as ApiResult;
  return answerOf<T>(result);
}

/** Polls GET /api/generations/{id} until the job has finished. */
export async function waitForJob(
  jobId: string,
  claims?: Claims,
  timeoutMs = 60_000,
): Promise<GenerationView> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await call<GenerationView>('GET', `/api/generations/${jobId}`, { claims });
    expect(answer.status).toBe(200);
    if (answer.body.status === 'succeeded' || answer.body.status === 'failed') return answer.body;
    if (Date.now() > deadline)
      throw new Error(`Job ${jobId} still ${answer.body.status} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function fund(sub: string, coins: number): Promise<void> {
  const outcome = await creditWallet({
    sub,
    amount: coins,
    label: ledgerLabel('coins_purchase', { coins }),
    ref: 'test',
    marker: stripeEventMarker({
      id: `evt_gen_${randomUUID().replace(/-/g, '')}`,
      type: 'checkout.session.completed',
      created: 0,
    }),
  });
  expect(outcome.status).toBe('applied');
}

/** Downloads a presigned URL (the local S3 emulator serves it). */
export async function download(url: string): Promise<Uint8Array> {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  return new Uint8Array(await response.arrayBuffer());
}
