/**
 * Bursty generation traffic on the twin (issue 15): 200 concurrent POST /api/functions/suno-create-music
 * from 50 users (a fifth behind one shared address), some without enough coins, all at once against the real handlers, DynamoDB emulator and
 * Step Functions twin (the platform `npm start` runs, in this process). Prints the answers by status and
 * checks, exiting 1 when one fails:
 *  - zero 5xx; every refusal is 402 (not enough coins) or 429 (with `Retry-After`);
 *  - every accepted request (202) has its own job and exactly one execution named by it;
 *  - each user's ledger holds one spend per accepted request, and sums to the wallet balance — right
 *    after the burst, and again once every execution has finished (failed jobs refunded once).
 *
 *   npx tsx tests/bench/burst/run.ts [--users=50] [--requests=200] [--settle-seconds=600]
 * Run it with `nice` on a shared machine (the executions render and split real audio).
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { DescribeExecutionCommand, SFNClient } from '@aws-sdk/client-sfn';
import type { ApiResult } from '../../../lambdas/_lib/http';
import { ledgerLabel } from '../../../shared/i18n/ledger/label';

const { values: args } = parseArgs({
  options: {
    users: { type: 'string', default: '50' },
    requests: { type: 'string', default: '200' },
    'settle-seconds': { type: 'string', default: '600' },
  },
});
const USERS = Number(args.users);
const REQUESTS = Number(args.requests);
const SETTLE_MS = Number(args['settle-seconds']) * 1000;
const PRICE = 2;

process.env.LOG_LEVEL = 'ERROR';
process.env.GENERATION_PRICE_COINS = String(PRICE);

const { startLocalPlatform } = await import('../../../infra/local/platform');
const platform = await startLocalPlatform({ quiet: true });
// Modules reading config load after the platform set the environment.
const { routes } = await import('../../../infra/routes');
const { loadHandler } = await import('../../../infra/local/handlers');
const { apiGatewayEvent, lambdaContext, matchRoute } = await import('../../support/api-events');
const { creditWallet, listTransactions, sumLedger } = await import('../../../lambdas/_lib/db/ledger');
const { getWallet } = await import('../../../lambdas/_lib/db/wallets');
const { getJob } = await import('../../../lambdas/_lib/db/generations');
const { stripeEventMarker } = await import('../../../lambdas/_lib/db/stripe-events');

const PATH = '/api/functions/suno-create-music';
const found = matchRoute(routes, 'POST', PATH)!;
const handler = await loadHandler(found.route.functionName);

interface Outcome {
  sub: string;
  status: number;
  retryAfter?: string;
  jobId?: string;
  ms: number;
}

/**
 * Each user's address: most have their own, the last fifth share one (an office or carrier NAT), so the
 * per-address limit of lambdas/_lib/rate-limit.ts is met as on the real site.
 */
function addressOf(index: number): string {
  return index >= USERS * 0.8 ? '198.51.100.7' : `203.0.113.${index % 250}`;
}

async function generate(sub: string, sourceIp: string): Promise<Outcome> {
  const started = performance.now();
  const event = apiGatewayEvent({
    method: 'POST',
    routePath: found.route.path,
    rawPath: PATH,
    body: JSON.stringify({ description: 'burst test beat', style: 'Techno', duration: 30 }),
    claims: { sub },
    sourceIp,
  });
  const result = (await handler(event, lambdaContext(found.route.functionName))) as ApiResult;
  const headers = Object.fromEntries(
    Object.entries(result.headers ?? {}).map(([key, value]) => [key.toLowerCase(), String(value)]),
  );
  const body = (result.body ? JSON.parse(result.body) : {}) as { jobId?: string };
  return {
    sub,
    status: result.statusCode ?? 200,
    retryAfter: headers['retry-after'],
    jobId: body.jobId,
    ms: performance.now() - started,
  };
}

let failures = 0;
function check(ok: boolean, what: string): void {
  console.log(`${ok ? 'ok  ' : 'FAIL'}  ${what}`);
  if (!ok) failures++;
}

async function ledgerConsistent(users: string[]): Promise<{ bad: string[]; spends: Map<string, number> }> {
  const bad: string[] = [];
  const spends = new Map<string, number>();
  for (const sub of users) {
    const [wallet, sum, ledger] = await Promise.all([getWallet(sub), sumLedger(sub), listTransactions(sub)]);
    if (wallet.balance !== sum.sum) bad.push(sub);
    spends.set(sub, ledger.filter((t) => t.type === 'spend').length);
  }
  return { bad, spends };
}

try {
  // 50 users: 70 % hold coins for two generations, the rest hold 0 or 1 coin (less than the price).
  const users = Array.from({ length: USERS }, (_, i) => `burst-${i}-${randomUUID()}`);
  const funded = new Map<string, number>();
  for (const [i, sub] of users.entries()) {
    const coins = i % 10 < 7 ? 2 * PRICE : i % 2;
    funded.set(sub, coins);
    if (coins === 0) continue;
    await creditWallet({
      sub,
      amount: coins,
      label: ledgerLabel('coins_purchase', { coins }),
      ref: 'burst',
      marker: stripeEventMarker({
        id: `evt_burst_${randomUUID().replace(/-/g, '')}`,
        type: 'checkout.session.completed',
        created: 0,
      }),
    });
  }

  const burstStarted = performance.now();
  const outcomes = await Promise.all(
    Array.from({ length: REQUESTS }, (_, i) =>
      generate(users[i % users.length]!, addressOf(i % users.length)),
    ),
  );
  const burstMs = performance.now() - burstStarted;

  const byStatus = new Map<number, number>();
  for (const outcome of outcomes) byStatus.set(outcome.status, (byStatus.get(outcome.status) ?? 0) + 1);
  const latencies = outcomes.map((o) => o.ms).sort((a, b) => a - b);
  const pct = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]!;
  const accepted = outcomes.filter((o) => o.status === 202);

  console.log(
    `burst: ${REQUESTS} concurrent generate requests from ${USERS} users ` +
      `(${[...funded.values()].filter((c) => c >= PRICE).length} with coins for 2 generations, ` +
      `${[...funded.values()].filter((c) => c < PRICE).length} with less than the price of ${PRICE}), ` +
      `answered in ${(burstMs / 1000).toFixed(1)} s; latency p50 ${pct(50).toFixed(0)} ms, ` +
      `p99 ${pct(99).toFixed(0)} ms\n`,
  );
  console.log('status  count  meaning');
  console.log('------  -----  -------');
  const meaning: Record<number, string> = {
    202: 'accepted: job recorded, coins debited, execution started',
    402: 'refused: not enough coins',
    429: 'refused: too many requests (Retry-After)',
  };
  for (const [status, count] of [...byStatus.entries()].sort((a, b) => a[0] - b[0]))
    console.log(
      `${String(status).padEnd(6)}  ${String(count).padStart(5)}  ${meaning[status] ?? 'unexpected'}`,
    );
  console.log('');

  check(
    outcomes.every((o) => o.status < 500),
    `zero 5xx (${outcomes.filter((o) => o.status >= 500).length})`,
  );
  check(
    outcomes.every((o) => [202, 402, 429].includes(o.status)),
    'every answer is 202, 402 or 429',
  );
  const limited = outcomes.filter((o) => o.status === 429);
  check(
    limited.every((o) => Number(o.retryAfter) > 0),
    `every 429 carries Retry-After (${limited.filter((o) => o.retryAfter).length}/${limited.length})`,
  );
  const jobIds = new Set(accepted.map((o) => o.jobId));
  check(
    jobIds.size === accepted.length && !jobIds.has(undefined),
    `${accepted.length} accepted, each with its own job`,
  );

  const sfn = new SFNClient({ region: 'us-east-1', endpoint: platform.env.AWS_ENDPOINT_URL_SFN });
  const machineArn = platform.env.STATE_MACHINE_ARN!;
  const executionArn = (jobId: string) =>
    `${machineArn.replace(':stateMachine:', ':execution:')}:${jobId.slice(0, 80)}`;
  const executions = await Promise.all(
    accepted.map((o) =>
      sfn.send(new DescribeExecutionCommand({ executionArn: executionArn(o.jobId!) })).catch(() => undefined),
    ),
  );
  check(
    executions.every((e) => e !== undefined),
    `one execution per accepted request (${executions.filter(Boolean).length}/${accepted.length})`,
  );

  const acceptedBy = new Map<string, number>();
  for (const o of accepted) acceptedBy.set(o.sub, (acceptedBy.get(o.sub) ?? 0) + 1);
  const right = await ledgerConsistent(users);
  check(
    right.bad.length === 0,
    `after the burst: every wallet balance equals its ledger sum (${right.bad.length} off)`,
  );
  check(
    users.every((sub) => (right.spends.get(sub) ?? 0) === (acceptedBy.get(sub) ?? 0)),
    'after the burst: one spend per accepted request, none for a refusal',
  );
  check(
    users.every((sub) => (acceptedBy.get(sub) ?? 0) * PRICE <= funded.get(sub)!),
    'no user was accepted for more than their coins pay for',
  );

  // Let every execution finish (generate, split, record; or refund and mark failed).
  const settleStarted = Date.now();
  const finished = new Map<string, string>();
  while (finished.size < accepted.length && Date.now() - settleStarted < SETTLE_MS) {
    for (const o of accepted) {
      if (finished.has(o.jobId!)) continue;
      const job = await getJob(o.jobId!);
      if (job && (job.status === 'succeeded' || job.status === 'failed')) finished.set(o.jobId!, job.status);
    }
    if (finished.size < accepted.length) await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  const succeeded = [...finished.values()].filter((s) => s === 'succeeded').length;
  console.log(
    `\nexecutions: ${finished.size}/${accepted.length} finished in ${((Date.now() - settleStarted) / 1000).toFixed(0)} s ` +
      `(${succeeded} succeeded, ${finished.size - succeeded} failed and refunded)`,
  );
  check(finished.size === accepted.length, 'every execution finished');
  const after = await ledgerConsistent(users);
  check(
    after.bad.length === 0,
    `after the executions: every wallet balance equals its ledger sum (${after.bad.length} off)`,
  );
} finally {
  await platform.stop();
}
process.exit(failures > 0 ? 1 : 0);
