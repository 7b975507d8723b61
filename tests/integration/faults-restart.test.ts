import { randomUUID } from 'node:crypto';
import net from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../infra/local/net';

/**
 * The DynamoDB front restarting while requests are in flight. The handlers of this file reach DynamoDB
 * through a TCP front of their own (set as AWS_ENDPOINT_URL_DYNAMODB before any SDK client exists);
 * "restart" closes it and destroys every open connection, mid-request, then listens again on the same
 * port. Webhook deliveries (money) and catalogue reads run concurrently through the real router.
 * Each request either succeeds (the SDK retried across the gap) or fails with a clear 5xx in the error
 * shape; redelivering what failed, as Stripe does, leaves every wallet credited exactly once.
 */

const upstream = new URL(process.env.AWS_ENDPOINT_URL_DYNAMODB!);
const frontPort = await freePort();
process.env.AWS_ENDPOINT_URL_DYNAMODB = `http://127.0.0.1:${frontPort}`;

// Imported only now, so every SDK client of the handlers is built against the restartable front.
const { isErrorShape, request, startRouter } = await import('./hardening-helpers');
const { getWallet } = await import('../../lambdas/_lib/db/wallets');
const { sumLedger } = await import('../../lambdas/_lib/db/ledger');
const { logger } = await import('../../lambdas/_lib/logger');
const { stripeSample } = await import('../../events/build');
const { recordSessionOf } = await import('../support/recorded-checkouts');
logger.setLogLevel('CRITICAL');

class RestartableFront {
  private server: net.Server | undefined;
  private readonly sockets = new Set<net.Socket>();
  connections = 0;
  /** Bytes sent towards DynamoDB, to stop the front while requests are really passing through it. */
  forwarded = 0;

  async start(): Promise<void> {
    this.server = net.createServer((client) => {
      this.connections++;
      const backend = net.connect(Number(upstream.port), upstream.hostname);
      this.sockets.add(client).add(backend);
      const drop = () => {
        client.destroy();
        backend.destroy();
        this.sockets.delete(client);
        this.sockets.delete(backend);
      };
      client.on('error', drop).on('close', drop);
      backend.on('error', drop).on('close', drop);
      client.on('data', (chunk: Buffer) => (this.forwarded += chunk.length));
      client.pipe(backend).pipe(client);
    });
    await new Promise<void>((resolve) => this.server!.listen(frontPort, '127.0.0.1', resolve));
  }

  /** Stops listening and cuts every connection, whatever it was in the middle of. */
  async stop(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server?.close(() => resolve()));
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    await closed;
    this.server = undefined;
  }
}

const front = new RestartableFront();
let server: Awaited<ReturnType<typeof startRouter>>;
let secret = '';

beforeAll(async () => {
  await front.start();
  server = await startRouter();
  secret = process.env.STRIPE_WEBHOOK_SECRET!;
});
afterAll(async () => {
  await server?.stop();
  await front.stop();
});

/** Records the coins checkout (as the app does before redirecting) and answers its delivery. */
async function coinsDelivery(sub: string, coins: number) {
  const id = `evt_restart_${randomUUID().replace(/-/g, '')}`;
  const event = stripeSample('checkout.session.completed:coins', {
    id,
    sub,
    object: { id: `cs_test_${id}`, amount_total: coins * 100, metadata: { coins: String(coins) } },
  });
  await recordSessionOf(event);
  const payload = JSON.stringify(event, null, 2);
  return () =>
    request(server.url, 'POST', '/api/webhooks/stripe', {
      body: payload,
      headers: {
        'content-type': 'application/json',
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret }),
      },
    });
}

describe('DynamoDB front restart mid-request', () => {
  it('in-flight requests succeed after SDK retries or fail with a clear 5xx; no money duplicated or lost', async () => {
    const users = Array.from({ length: 30 }, (_, i) => ({
      sub: `restart-${randomUUID()}`,
      coins: 1 + (i % 7),
    }));
    const deliveries = await Promise.all(users.map((u) => coinsDelivery(u.sub, u.coins)));

    const statuses: number[] = [];
    const failed = new Set<number>();
    const check = (answer: Awaited<ReturnType<typeof request>>, index?: number) => {
      statuses.push(answer.status);
      if (answer.status >= 400) {
        // A failure is a clear error, never a hang or an opaque body.
        expect(answer.status, answer.text).toBeGreaterThanOrEqual(500);
        expect(isErrorShape(answer.json), answer.text).toBe(true);
        if (index !== undefined) failed.add(index);
      }
    };

    // Warm: handlers loaded, connections open (so the cut really lands mid-request).
    expect((await request(server.url, 'GET', '/api/projects')).status).toBe(200);
    expect((await (await coinsDelivery(`restart-warm-${randomUUID()}`, 1))()).status).toBe(200);

    // Fire everything, restart the front while it is in flight, then let it all settle.
    const start = front.forwarded;
    const inFlight = [
      ...deliveries.map((deliver, index) => deliver().then((a) => check(a, index))),
      ...Array.from({ length: 20 }, () => request(server.url, 'GET', '/api/projects').then((a) => check(a))),
    ];
    while (front.forwarded - start < 20_000) await new Promise((resolve) => setTimeout(resolve, 1));
    await front.stop();
    await new Promise((resolve) => setTimeout(resolve, 120));
    await front.start();
    await Promise.all(inFlight);

    // A second, longer outage: nothing can get through, every request answers a clear 503.
    await front.stop();
    const during = await Promise.all([request(server.url, 'GET', '/api/projects'), deliveries[0]!()]);
    for (const answer of during) {
      expect(answer.status, answer.text).toBe(503);
      expect(answer.json).toMatchObject({ error: { code: 'SERVICE_UNAVAILABLE' } });
    }
    await front.start();

    // Stripe redelivers every event until it is acknowledged, and once more for good measure.
    for (const [index, deliver] of deliveries.entries()) {
      let answer = await deliver();
      for (let attempt = 0; answer.status !== 200 && attempt < 5; attempt++) answer = await deliver();
      expect(answer.status, `${index}: ${answer.text}`).toBe(200);
    }

    for (const user of users) {
      expect((await getWallet(user.sub)).balance, user.sub).toBe(user.coins);
      expect(await sumLedger(user.sub)).toEqual({ sum: user.coins, count: 1 });
    }
    console.log(
      `[faults-restart] ${statuses.length} requests across the restart: ${statuses.filter((s) => s < 400).length} ok, ` +
        `${failed.size} deliveries failed clearly and were redelivered; ${front.connections} connections to the front`,
    );
  });
});
