import { randomUUID } from 'node:crypto';
import type { Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { STUDIO_RATE_MAX, STUDIO_RATE_WINDOW_SECONDS } from '../../shared/schemas/studio';
import { handler } from '../../lambdas/studio-requests/handler';
import type { ApiEvent } from '../../lambdas/_lib/http';

/** The studio-requests Lambda against the DynamoDB emulator, called as API Gateway would. */

const context = { awsRequestId: randomUUID(), functionName: 'studio-requests' } as Context;

interface Answer {
  status: number;
  body: Record<string, unknown> & { error?: { code: string; message: string } };
}

async function call(
  routeKey: string,
  options: {
    body?: unknown;
    ip?: string;
    viewer?: string;
    groups?: string;
    query?: Record<string, string>;
  } = {},
): Promise<Answer> {
  const [method, path] = routeKey.split(' ') as [string, string];
  const sub = `studio-${randomUUID()}`;
  const event = {
    version: '2.0',
    routeKey,
    rawPath: path,
    rawQueryString: new URLSearchParams(options.query ?? {}).toString(),
    headers: {
      'content-type': 'application/json',
      ...(options.viewer ? { 'cloudfront-viewer-address': `${options.viewer}:51234` } : {}),
    },
    ...(options.query ? { queryStringParameters: options.query } : {}),
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    isBase64Encoded: false,
    requestContext: {
      requestId: randomUUID(),
      routeKey,
      http: { method, path, protocol: 'HTTP/1.1', sourceIp: options.ip ?? uniqueIp(), userAgent: 'vitest' },
      ...(options.groups !== undefined
        ? { authorizer: { jwt: { claims: { sub, 'cognito:groups': options.groups }, scopes: [] } } }
        : {}),
    },
  } as unknown as ApiEvent;
  const result = await handler(event, context);
  return { status: result.statusCode ?? 200, body: JSON.parse(String(result.body)) as Answer['body'] };
}

let ipCounter = Math.floor(Math.random() * 200);
/** A fresh client address per request, so tests do not share a rate-limit window. */
function uniqueIp(): string {
  ipCounter += 1;
  return `10.${Math.floor(Math.random() * 250)}.${ipCounter % 250}.${Math.floor(Math.random() * 250)}`;
}

const booking = (overrides: Record<string, unknown> = {}) => ({
  name: 'Ana Produtora',
  email: `ana-${randomUUID()}@example.com`,
  phone: '+55 11 99999-0000',
  service: 'recording',
  plan: 'pro',
  date: new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10),
  time: '14:30',
  duration: 4,
  notes: 'Vocal + guitarra',
  ...overrides,
});

describe('studio requests', () => {
  it('stores a booking the studio team can read back, newest first', async () => {
    const sent = booking();
    const created = await call('POST /api/studio/bookings', { body: sent });
    expect(created.status).toBe(201);
    expect(created.body.kind).toBe('booking');

    const inbox = await call('GET /api/studio/requests', { groups: '[studio]', query: { kind: 'booking' } });
    expect(inbox.status).toBe(200);
    const items = inbox.body.items as { id: string; data: Record<string, unknown> }[];
    const mine = items.find((item) => item.id === created.body.id);
    expect(mine?.data).toMatchObject({ email: sent.email, plan: 'pro', duration: 4, service: 'recording' });
  });

  it('rejects an invalid booking with 400 and the failing field', async () => {
    const answer = await call('POST /api/studio/bookings', { body: booking({ email: 'not-an-email' }) });
    expect(answer.status).toBe(400);
    expect(answer.body.error?.code).toBe('VALIDATION_ERROR');
    expect(answer.body.error?.message).toMatch(/“email”/);
    const missing = await call('POST /api/studio/bookings', { body: booking({ time: undefined }) });
    expect(missing.status).toBe(400);
    // A date in the past is refused by the API too, not only by the form's min attribute.
    const past = await call('POST /api/studio/bookings', { body: booking({ date: '2001-01-01' }) });
    expect(past.status).toBe(400);
    expect(past.body.error?.message).toMatch(/“date”/);
  });

  it('stores a contact message', async () => {
    const answer = await call('POST /api/studio/contact', {
      body: { name: 'Bia', email: 'bia@example.com', subject: 'Mix', message: 'Olá!' },
    });
    expect(answer.status).toBe(201);
  });

  it('subscribes an address to the newsletter only once', async () => {
    const email = `news-${randomUUID()}@example.com`;
    const first = await call('POST /api/studio/newsletter', { body: { email } });
    const again = await call('POST /api/studio/newsletter', { body: { email: email.toUpperCase() } });
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.body.already_subscribed).toBe(true);
    const inbox = await call('GET /api/studio/requests', {
      groups: '[studio]',
      query: { kind: 'newsletter', limit: '100' },
    });
    const all: { data: Record<string, unknown> }[] = [];
    let page = inbox;
    for (;;) {
      all.push(...(page.body.items as { data: Record<string, unknown> }[]));
      if (!page.body.cursor) break;
      page = await call('GET /api/studio/requests', {
        groups: '[studio]',
        query: { kind: 'newsletter', limit: '100', cursor: String(page.body.cursor) },
      });
    }
    expect(all.filter((item) => item.data.email === email)).toHaveLength(1);
  });

  it(`answers 429 RATE_LIMIT after ${STUDIO_RATE_MAX} requests from one address in a window`, async () => {
    // Start well inside a window so all calls fall into the same one.
    const intoWindow = (Date.now() / 1000) % STUDIO_RATE_WINDOW_SECONDS;
    if (intoWindow > STUDIO_RATE_WINDOW_SECONDS - 15) {
      await new Promise((resolve) =>
        setTimeout(resolve, (STUDIO_RATE_WINDOW_SECONDS - intoWindow) * 1000 + 200),
      );
    }
    const ip = uniqueIp();
    const statuses: number[] = [];
    let last: Answer | undefined;
    for (let i = 0; i <= STUDIO_RATE_MAX; i += 1) {
      last = await call('POST /api/studio/contact', {
        ip,
        body: { name: 'Spam', email: 'spam@example.com', subject: `s${i}`, message: 'm' },
      });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([...Array<number>(STUDIO_RATE_MAX).fill(201), 429]);
    expect(last?.body.error).toEqual({
      code: 'RATE_LIMIT',
      message: 'Muitas solicitações — aguarde alguns segundos e tente novamente.',
    });
    // Another address is not affected, also when it reaches us through the same edge (CloudFront).
    const other = await call('POST /api/studio/contact', {
      body: { name: 'Ok', email: 'ok@example.com', subject: 's', message: 'm' },
    });
    expect(other.status).toBe(201);
    const viewerBehindSameEdge = await call('POST /api/studio/contact', {
      ip,
      viewer: uniqueIp(),
      body: { name: 'Ok', email: 'ok@example.com', subject: 's', message: 'm' },
    });
    expect(viewerBehindSameEdge.status).toBe(201);
  });

  it('lets only the studio group read requests', async () => {
    const outsider = await call('GET /api/studio/requests', {
      groups: '[creator]',
      query: { kind: 'booking' },
    });
    expect(outsider.status).toBe(403);
    const anonymous = await call('GET /api/studio/requests', { query: { kind: 'booking' } });
    expect(anonymous.status).toBe(401);
    const badKind = await call('GET /api/studio/requests', { groups: '[studio]', query: { kind: 'x' } });
    expect(badKind.status).toBe(400);
  });
});
