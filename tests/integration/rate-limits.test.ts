import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ruleFor } from '../../lambdas/_lib/rate-limit';
import { logger } from '../../lambdas/_lib/logger';
import {
  destroyCognito,
  request,
  signUpUser,
  startRouter,
  type RouterServer,
  type TestUser,
} from './hardening-helpers';

/**
 * Burst limits (lambdas/_lib/rate-limit.ts) through the real router and handlers: per address and per
 * signed-in user, on chat, generation and upload creation; 429 RATE_LIMIT with the spec's message and a
 * Retry-After. The limits are lowered for this worker with RATE_LIMIT_<ACTION> (one-hour windows, so
 * a window boundary cannot fall inside a test); each test uses fresh addresses and users.
 */
logger.setLogLevel('CRITICAL');

Object.assign(process.env, {
  RATE_LIMIT_CHAT: '3/5/3600',
  RATE_LIMIT_UPLOAD: '2/50/3600',
  RATE_LIMIT_GENERATION: '1/50/3600',
});

let server: RouterServer;
let user: TestUser;
beforeAll(async () => {
  server = await startRouter();
  user = await signUpUser('client', 'Rate Limit');
});
afterAll(async () => {
  await server?.stop();
  destroyCognito();
});

/** A viewer address as CloudFront forwards it (`ip:port`); a fresh one per test. */
const address = () => `10.${rand()}.${rand()}.${rand()}:443`;
const rand = () => Math.floor(Math.random() * 250) + 1;

const chat = (viewer: string, token?: string) =>
  request(server.url, 'POST', '/api/functions/chatbot', {
    ...(token ? { token } : {}),
    body: JSON.stringify({ messages: [{ role: 'user', content: 'Como mixar um kick?' }] }),
    headers: { 'content-type': 'application/json', 'cloudfront-viewer-address': viewer },
  });

function expectLimited(answer: Awaited<ReturnType<typeof request>>) {
  expect(answer.status, answer.text).toBe(429);
  expect(answer.json).toEqual({
    error: {
      code: 'RATE_LIMIT',
      message: 'Muitas solicitações — aguarde alguns segundos e tente novamente.',
    },
  });
}

describe('rate limits', () => {
  it('reads overrides and keeps defaults otherwise', () => {
    expect(ruleFor('chat')).toEqual({ perUser: 3, perAddress: 5, windowSeconds: 3600 });
    expect(ruleFor('voice', {})).toEqual({ perUser: 10, perAddress: 30, windowSeconds: 60 });
    expect(ruleFor('chat', { RATE_LIMIT_CHAT: 'nonsense' }).perUser).toBe(20);
  });

  it('chat: one address gets 5 requests, then 429 with Retry-After; another address is unaffected', async () => {
    const viewer = address();
    for (let i = 0; i < 5; i++) expect((await chat(viewer)).status).toBeLessThan(400);
    const limited = await chat(viewer);
    expectLimited(limited);
    const response = await fetch(`${server.url}/api/functions/chatbot`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'cloudfront-viewer-address': viewer },
      body: JSON.stringify({ messages: [{ role: 'user', content: 'oi' }] }),
    });
    expect(response.status).toBe(429);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await chat(address())).status).toBeLessThan(400);
  });

  it('chat: one signed-in user gets 3 requests across addresses, then 429', async () => {
    const other = await signUpUser('client', 'Rate Limit 2');
    for (let i = 0; i < 3; i++) expect((await chat(address(), other.idToken)).status).toBeLessThan(400);
    expectLimited(await chat(address(), other.idToken));
    // Anonymous from a fresh address still passes: the user's window is theirs alone.
    expect((await chat(address())).status).toBeLessThan(400);
  });

  it('uploads: POST /api/uploads allows 2 per user, then 429; nothing is created by the refused call', async () => {
    const create = () =>
      request(server.url, 'POST', '/api/uploads', {
        token: user.idToken,
        body: JSON.stringify({
          purpose: 'stem-split',
          name: `${randomUUID()}.wav`,
          type: 'audio/wav',
          size: 10,
        }),
        headers: { 'content-type': 'application/json', 'cloudfront-viewer-address': address() },
      });
    expect((await create()).status).toBe(201);
    expect((await create()).status).toBe(201);
    expectLimited(await create());
  });

  it('generation: a burst from one user is cut at the limit before any job is created', async () => {
    const generator = await signUpUser('client', 'Rate Limit 3');
    const generate = () =>
      request(server.url, 'POST', '/api/functions/suno-create-music', {
        token: generator.idToken,
        body: JSON.stringify({ description: 'lofi chuva', style: 'Trap', duration: 30 }),
        headers: { 'content-type': 'application/json', 'cloudfront-viewer-address': address() },
      });
    const first = await generate();
    // The first passes the burst limit (202, or 402 with no coins: metering's own answer).
    expect([202, 402], first.text).toContain(first.status);
    expectLimited(await generate());
  });
});
