/**
 * Local load test (issue 7): autocannon against the real router on loopback, in front of the real
 * handlers and the emulators (one process, as `npm start` runs them), one target at a time:
 *   GET /api/projects, GET /api/offers/rare, POST /api/functions/coins-balance (signed-in), and the
 *   Stripe webhook with correctly signed coin purchases for a set of users, each event redelivered many
 *   times (unique + duplicates, as Stripe retries).
 * Prints requests/s and p99 latency per target; fails (exit 1) on any error or non-2xx, and unless the
 * wallet invariant holds afterwards: for every user, balance == sum of the ledger == sum of the unique
 * events credited to them (duplicates credited nothing).
 * Run: `npx tsx tests/bench/load.ts [--duration=10] [--connections=20]` (about a minute).
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  CognitoIdentityProviderClient,
  ConfirmSignUpCommand,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import autocannon from 'autocannon';
import Stripe from 'stripe';
import { stripeSample } from '../../events/build';
import { closeServer } from '../../infra/local/net';
import { startLocalPlatform } from '../../infra/local/platform';

const arg = (name: string, fallback: number) =>
  Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const DURATION = arg('duration', 10);
const CONNECTIONS = arg('connections', 20);
const USERS = 40;
const EVENTS_PER_USER = 3;

process.env.LOG_LEVEL = 'ERROR';
process.env.STRIPE_WEBHOOK_SECRET = `whsec_bench_${randomUUID().replace(/-/g, '')}`;
process.env.STRIPE_SECRET_KEY = 'sk_test_bench';

const platform = await startLocalPlatform({ quiet: true });
const server = http.createServer((req, res) => platform.router.handle(req, res));
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
let failed = false;

try {
  const { seedSampleData } = await import('../../infra/local/seed');
  await seedSampleData();
  const token = await signUp();

  interface Target {
    name: string;
    options: Partial<autocannon.Options> & { path: string };
  }
  const secret = process.env.STRIPE_WEBHOOK_SECRET;
  const users = Array.from({ length: USERS }, () => `bench-${randomUUID()}`);
  // Each event completes a coins checkout the app recorded first (the webhook refuses any other).
  const events = users.flatMap((sub, u) =>
    Array.from({ length: EVENTS_PER_USER }, (_, e) => {
      const id = `evt_bench_${randomUUID().replace(/-/g, '')}`;
      const coins = 1 + ((u * 7 + e * 3) % 20);
      const event = stripeSample('checkout.session.completed:coins', {
        id,
        sub,
        object: { id: `cs_test_${id}`, amount_total: coins * 100, metadata: { coins: String(coins) } },
      });
      return { sub, coins, event, payload: JSON.stringify(event) };
    }),
  );
  const { recordSessionOf } = await import('../support/recorded-checkouts');
  for (const { event } of events) await recordSessionOf(event);
  let next = 0;

  const targets: Target[] = [
    { name: 'GET /api/projects', options: { method: 'GET', path: '/api/projects' } },
    { name: 'GET /api/offers/rare', options: { method: 'GET', path: '/api/offers/rare' } },
    {
      name: 'POST /api/functions/coins-balance',
      options: {
        method: 'POST',
        path: '/api/functions/coins-balance',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: '{}',
      },
    },
    {
      name: 'POST /api/webhooks/stripe',
      options: {
        method: 'POST',
        path: '/api/webhooks/stripe',
        requests: [
          {
            setupRequest: (request) => {
              const event = events[next++ % events.length]!;
              return {
                ...request,
                body: event.payload,
                headers: {
                  'content-type': 'application/json',
                  'stripe-signature': Stripe.webhooks.generateTestHeaderString({
                    payload: event.payload,
                    secret,
                  }),
                },
              };
            },
          },
        ],
      },
    },
  ];

  console.log(`load: ${DURATION} s per target, ${CONNECTIONS} connections, loopback ${base}`);
  console.log('target                               req/s     p50 ms   p99 ms   requests  errors  non-2xx');
  for (const target of targets) {
    // Warm-up and sanity check: one request must succeed before the target is loaded.
    const probe = await fetch(base + target.options.path, {
      method: target.options.method,
      headers: target.options.headers as Record<string, string> | undefined,
      ...(target.options.body ? { body: String(target.options.body) } : {}),
    });
    if (!probe.ok && !target.options.requests) {
      console.error(`${target.name}: ${probe.status} ${(await probe.text()).slice(0, 300)}`);
      failed = true;
      continue;
    }
    const { path, ...options } = target.options;
    const result = await autocannon({
      url: base + path,
      connections: CONNECTIONS,
      duration: DURATION,
      ...options,
    });
    const bad = result.errors + result.timeouts + result.non2xx;
    if (bad > 0) failed = true;
    console.log(
      `${target.name.padEnd(36)} ${result.requests.average.toFixed(0).padStart(6)} ${result.latency.p50
        .toFixed(1)
        .padStart(9)} ${result.latency.p99.toFixed(1).padStart(8)} ${String(result.requests.total).padStart(
        10,
      )} ${String(result.errors + result.timeouts).padStart(7)} ${String(result.non2xx).padStart(8)}`,
    );
  }

  // Wallet invariant: balance == ledger sum == sum of the unique events, whatever the duplicates.
  const { getWallet } = await import('../../lambdas/_lib/db/wallets');
  const { sumLedger } = await import('../../lambdas/_lib/db/ledger');
  const delivered = Math.min(next, events.length);
  const expected = new Map<string, { coins: number; count: number }>();
  for (const event of events.slice(0, delivered)) {
    const entry = expected.get(event.sub) ?? { coins: 0, count: 0 };
    entry.coins += event.coins;
    entry.count += 1;
    expected.set(event.sub, entry);
  }
  let broken = 0;
  for (const sub of users) {
    const want = expected.get(sub) ?? { coins: 0, count: 0 };
    const balance = (await getWallet(sub)).balance;
    const ledger = await sumLedger(sub);
    if (balance !== want.coins || ledger.sum !== want.coins || ledger.count !== want.count) {
      broken++;
      console.error(
        `wallet ${sub}: balance ${balance}, ledger ${ledger.sum}/${ledger.count}, expected ${want.coins}/${want.count}`,
      );
    }
  }
  console.log(
    `webhook: ${next} deliveries of ${delivered} unique events (${next - delivered} duplicates) for ${USERS} users; ` +
      `wallet invariant ${broken === 0 ? 'holds' : `BROKEN for ${broken} users`}`,
  );
  if (broken > 0 || delivered < events.length) failed = true;
  if (delivered < events.length) console.error('not every unique event was delivered: raise --duration');
} finally {
  await closeServer(server);
  await platform.stop();
}
if (failed) {
  console.error('load: FAILED (errors, non-2xx answers or a broken wallet invariant)');
  process.exit(1);
}

async function signUp(): Promise<string> {
  const cognito = new CognitoIdentityProviderClient({
    endpoint: platform.endpoints.cognitoProxy,
    region: 'us-east-1',
  });
  const email = `bench.${randomUUID().slice(0, 8)}@example.com`;
  const password = 'senha-forte-123';
  const clientId = platform.webConfig.userPoolClientId;
  await cognito.send(
    new SignUpCommand({
      ClientId: clientId,
      Username: email,
      Password: password,
      UserAttributes: [
        { Name: 'name', Value: 'Bench' },
        { Name: 'custom:role', Value: 'client' },
      ],
    }),
  );
  let code: string | undefined;
  for (let i = 0; i < 50 && !code; i++) {
    code = platform.confirmationCodeFor(email);
    if (!code) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await cognito.send(
    new ConfirmSignUpCommand({ ClientId: clientId, Username: email, ConfirmationCode: code! }),
  );
  const auth = await cognito.send(
    new InitiateAuthCommand({
      ClientId: clientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  cognito.destroy();
  return auth.AuthenticationResult!.IdToken!;
}
