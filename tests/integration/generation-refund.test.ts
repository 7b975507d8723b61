import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStepFunctions } from '../../infra/local/step-functions';
import { describeGenerationFailure } from '../../shared/generation/failure';
import type { JobAccepted } from '../../shared/schemas/generation';
import { db } from '../../lambdas/_lib/aws/dynamodb';
import { getJob } from '../../lambdas/_lib/db/generations';
import { listTransactions, sumLedger } from '../../lambdas/_lib/db/ledger';
import { subscriptionUpsert } from '../../lambdas/_lib/db/subscriptions';
import { getWallet } from '../../lambdas/_lib/db/wallets';
import { monthOf, monthlyUsage } from '../../lambdas/_lib/generation/metering';
import { refundTask } from '../../lambdas/_lib/generation/job-tasks';
import { logger } from '../../lambdas/_lib/logger';
import { call, fund, useOwnStepFunctions, user, waitForJob } from './generation-helpers';

/**
 * The refund path: the music provider (an HTTP provider pointed at a small server of this test) fails or
 * hangs; the state machine retries what is transient, then refunds exactly once and fails the job with
 * the code the web maps to the spec's messages.
 */
logger.setLogLevel('ERROR');

type Behaviour = 'fail-500' | 'hang' | 'unauthorized' | 'rate-limit';
let behaviour: Behaviour = 'fail-500';
let requests = 0;
const provider = http.createServer((req, res) => {
  requests++;
  if (behaviour === 'hang') return; // never answers
  const status = behaviour === 'unauthorized' ? 401 : behaviour === 'rate-limit' ? 429 : 500;
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ error: behaviour === 'unauthorized' ? 'invalid api key' : 'boom' }));
});

let twin: LocalStepFunctions;
beforeAll(async () => {
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
  twin = await useOwnStepFunctions({
    MUSIC_PROVIDER_URL: url,
    MUSIC_PROVIDER_KEY: 'test-key',
    // The state's own budget (TimeoutSecondsPath) stops a hung provider first.
    GENERATE_TIMEOUT_SECONDS: '2',
    MUSIC_PROVIDER_TIMEOUT_MS: '20000',
    GENERATION_PRICE_COINS: '2',
  });
});
afterAll(async () => {
  await twin.stop();
  provider.closeAllConnections();
  await new Promise((resolve) => provider.close(resolve));
});

async function generate(claims: { sub: string }) {
  const started = await call<JobAccepted>('POST', '/api/functions/suno-create-music', {
    claims,
    body: { description: 'minimal techno', style: 'Techno', duration: 30 },
  });
  expect(started.status).toBe(202);
  return started.body.jobId;
}

async function expectRefundedOnce(sub: string, balance: number) {
  const ledger = await listTransactions(sub);
  expect(ledger.filter((t) => t.type === 'spend')).toHaveLength(1);
  expect(ledger.filter((t) => t.type === 'credit' && /Reembolso/.test(t.description))).toHaveLength(1);
  expect((await getWallet(sub)).balance).toBe(balance);
  expect((await sumLedger(sub)).sum).toBe(balance);
}

describe('refund path', () => {
  it('provider answers 500: retried, then refunded exactly once; job failed SERVER_ERROR', async () => {
    behaviour = 'fail-500';
    const claims = user();
    await fund(claims.sub, 10);
    const before = requests;
    const jobId = await generate(claims);
    const job = await waitForJob(jobId, claims);
    expect(job.status).toBe('failed');
    expect(job.error?.code).toBe('SERVER_ERROR');
    // A code and params, never a stored sentence: the web words it in the reader's language.
    expect(job.error).toEqual({ code: 'SERVER_ERROR', params: { refunded: 1 } });
    // One attempt and the three retries (backoff with full jitter) of the ASL's Retry on ProviderServerError.
    expect(requests - before).toBe(4);
    await expectRefundedOnce(claims.sub, 10);

    // Running the Refund task again (a redelivered state) changes nothing.
    await refundTask({ jobId });
    await expectRefundedOnce(claims.sub, 10);
  });

  it('provider hangs past the Generate timeout: TIMEOUT with the refund wording the web shows', async () => {
    behaviour = 'hang';
    const claims = user();
    await fund(claims.sub, 2);
    const jobId = await generate(claims);
    expect((await getWallet(claims.sub)).balance).toBe(0);
    const job = await waitForJob(jobId, claims, 30_000);
    expect(job.status).toBe('failed');
    expect(job.error?.code).toBe('TIMEOUT');
    await expectRefundedOnce(claims.sub, 2);
    expect(job.error?.params).toEqual({ refunded: 1 });
    expect(describeGenerationFailure({ code: job.error!.code, refunded: true }).message).toBe(
      'Tempo esgotado — seus créditos foram reembolsados automaticamente.',
    );
    expect((await getJob(jobId))?.refundedAt).toBeTruthy();
  });

  it('provider rejects the key: not retried, job failed UNAUTHORIZED, a plan generation is given back', async () => {
    behaviour = 'unauthorized';
    const claims = user();
    const now = new Date().toISOString();
    await db.send(
      new TransactWriteCommand({
        TransactItems: [
          subscriptionUpsert({
            sub: claims.sub,
            productId: 'prod_pro',
            plan: 'PRO',
            status: 'active',
            stripeSubscriptionId: `sub_${randomUUID()}`,
            currentPeriodStart: now,
            currentPeriodEnd: null,
            eventCreated: 1,
            now,
          }),
        ],
      }),
    );
    const before = requests;
    const jobId = await generate(claims);
    expect(await monthlyUsage(claims.sub, monthOf(new Date()))).toBe(1);
    const job = await waitForJob(jobId, claims);
    expect(job.error?.code).toBe('UNAUTHORIZED');
    expect(requests - before).toBe(1);
    expect(await monthlyUsage(claims.sub, monthOf(new Date()))).toBe(0);
    await refundTask({ jobId });
    expect(await monthlyUsage(claims.sub, monthOf(new Date()))).toBe(0);
  });

  it('provider rate-limits: job failed RATE_LIMIT, anonymous quota given back', async () => {
    behaviour = 'rate-limit';
    const ip = `172.16.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const started = await call<JobAccepted>('POST', '/api/functions/suno-create-music', {
      sourceIp: ip,
      body: { description: 'lofi', style: 'Hip-Hop', duration: 30 },
    });
    const job = await waitForJob(started.body.jobId);
    expect(job.error?.code).toBe('RATE_LIMIT');
    // The failed generation did not use up the day: three more are accepted.
    for (let i = 0; i < 3; i++) {
      const again = await call('POST', '/api/functions/suno-create-music', {
        sourceIp: ip,
        body: { description: `lofi ${i}`, style: 'Hip-Hop', duration: 30 },
      });
      expect(again.status).toBe(202);
    }
  });
});
