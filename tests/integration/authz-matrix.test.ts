import { randomUUID } from 'node:crypto';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeKey, routes, type RouteDefinition } from '../../infra/routes';
import { defaultCreatorSettings } from '../../shared/schemas/marketplace';
import { creditWallet } from '../../lambdas/_lib/db/ledger';
import { stripeEventMarker } from '../../lambdas/_lib/db/stripe-events';
import { logger } from '../../lambdas/_lib/logger';
import {
  destroyCognito,
  fillPath,
  hostileTokens,
  isErrorShape,
  request,
  signUpUser,
  startRouter,
  type Answer,
  type RouterServer,
  type TestUser,
} from './hardening-helpers';
import { ledgerLabel } from '../../shared/i18n/ledger/label';

/**
 * Authorization matrix, table-driven over infra/routes.ts (routes added later join automatically):
 *  - every `auth: 'user'` route × {anonymous, garbage, expired, forged token} → 401 `{error}`;
 *  - every `auth: 'user'` route with a path parameter × every resource id of user A (upload session,
 *    order, favourite, generation job), called by user B (and by creator D) → 404 (403 where documented);
 *  - every other `auth: 'user'` route called by B with A's ids in the body → whatever B may do, never A's data;
 *  - every creator-only route called by a client → 403;
 *  - zero leaks: no response to B or D contains A's sub, email, ids or keys, or C's private settings;
 *    and A's and C's items are unchanged by every probe.
 * The number of checks is printed.
 */
logger.setLogLevel('CRITICAL');

const TableName = process.env.TABLE_NAME!;
const ddb = new DynamoDBClient({ region: process.env.AWS_REGION });
const docs = DynamoDBDocumentClient.from(ddb);
const testS3 = new S3Client({
  region: process.env.AWS_REGION,
  forcePathStyle: true,
  requestChecksumCalculation: 'WHEN_REQUIRED',
  responseChecksumValidation: 'WHEN_REQUIRED',
});

/**
 * Creator-only routes: everything under /api/creator/ (the convention of infra/routes.ts, so routes added
 * there later are covered) plus the creator actions elsewhere. A client gets 403.
 */
const CREATOR_ONLY_ELSEWHERE = ['POST /api/projects'];
const CREATOR_ONLY = [
  ...CREATOR_ONLY_ELSEWHERE,
  ...routes.filter((r) => r.auth === 'user' && r.path.startsWith('/api/creator/')).map(routeKey),
];
/** Routes where another user's resource is documented as 403 rather than 404. */
const FORBIDDEN_NOT_HIDDEN = new Set(['POST /api/creator/orders/{id}/deliver']);
/** Routes whose id is a public project's (A's favourite is one): anyone may read them, 200 or 404. */
const PUBLIC_PROJECT_PARAM = new Set(['GET /api/projects/{id}/hire-quote']);

let server: RouterServer;
let userA: TestUser; // client owning the resources
let userB: TestUser; // another client probing them
let creatorC: TestUser; // creator selling to A
let creatorD: TestUser; // another creator probing C's order
const ids: Record<string, string> = {};
let markers: string[] = [];
let checks = 0;

const call = (user: TestUser | undefined, method: string, path: string, body?: unknown) =>
  request(server.url, method, path, {
    ...(user ? { token: user.idToken } : {}),
    ...(body !== undefined
      ? { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }
      : {}),
  });

async function expectStatus(answer: Answer, status: number, label: string): Promise<void> {
  expect(answer.status, `${label}: ${answer.text.slice(0, 300)}`).toBe(status);
  if (status >= 400) expect(isErrorShape(answer.json), label).toBe(true);
}

function expectNoLeak(answer: Answer, label: string): void {
  checks++;
  for (const marker of markers)
    expect(answer.text.includes(marker), `${label} leaked ${marker}: ${answer.text.slice(0, 300)}`).toBe(
      false,
    );
}

async function snapshot(): Promise<string> {
  const parts: unknown[] = [];
  for (const user of [userA, creatorC]) {
    const items = await docs.send(
      new QueryCommand({
        TableName,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': `USER#${user.sub}` },
      }),
    );
    parts.push(items.Items);
  }
  for (const key of [`UPLOAD#${ids.upload}`, `GEN#${ids.job}`]) {
    parts.push((await docs.send(new GetCommand({ TableName, Key: { PK: key, SK: 'META' } }))).Item);
  }
  return JSON.stringify(parts);
}

async function waitForTerminalJob(): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const job = await call(userA, 'GET', `/api/generations/${ids.job}`);
    const status = (job.json as { status?: string } | undefined)?.status;
    if (status === 'succeeded' || status === 'failed') return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('generation job of A never settled');
}

beforeAll(async () => {
  server = await startRouter();
  [userA, userB, creatorC, creatorD] = await Promise.all([
    signUpUser('client', 'Alice Matrix'),
    signUpUser('client', 'Bruno Matrix'),
    signUpUser('creator', 'Carla Matrix'),
    signUpUser('creator', 'Davi Matrix'),
  ]);

  // C publishes a beat (audio uploaded under C's prefix first).
  const audioKey = `audio/${creatorC.sub}/${Date.now()}_matrix.wav`;
  await testS3.send(
    new PutObjectCommand({
      Bucket: process.env.AUDIO_BUCKET,
      Key: audioKey,
      Body: wav(),
      ContentType: 'audio/wav',
    }),
  );
  const project = await call(creatorC, 'POST', '/api/projects', {
    title: `Matrix ${randomUUID().slice(0, 6)}`,
    description: 'beat do teste de autorização',
    price: 10,
    genre: 'Trap',
    bpm: 120,
    duration: 60,
    tags: [],
    audioKey,
  });
  expect(project.status, project.text).toBe(201);
  ids.project = (project.json as { project: { id: string } }).project.id;

  // A's resources: favourite, order, upload session, generation job; C's private settings.
  const favorite = await call(userA, 'POST', '/api/me/favorites', { projectId: ids.project });
  expect(favorite.status, favorite.text).toBe(201);
  ids.favorite = ids.project;
  // Coins for the hire (R$ 10 → 2 coins, held in escrow) and the generation below.
  await creditWallet({
    sub: userA.sub,
    amount: 12,
    label: ledgerLabel('coins_purchase', { coins: 12 }),
    ref: 'test',
    marker: stripeEventMarker({ id: `evt_matrix_${randomUUID().replace(/-/g, '')}`, type: 'x', created: 0 }),
  });
  const order = await call(userA, 'POST', '/api/orders', { projectId: ids.project });
  expect(order.status, order.text).toBe(201);
  ids.order = (order.json as { order: { id: string } }).order.id;
  const upload = await call(userA, 'POST', '/api/uploads', {
    purpose: 'stem-split',
    name: 'segredo-da-alice.wav',
    type: 'audio/wav',
    size: 4096,
  });
  expect(upload.status, upload.text).toBe(201);
  const created = upload.json as { uploadId: string; key: string };
  ids.upload = created.uploadId;
  ids.uploadKey = created.key;
  const job = await call(userA, 'POST', '/api/functions/suno-create-music', {
    description: 'segredo melódico da alice',
    style: 'Trap',
    duration: 30,
  });
  expect(job.status, job.text).toBe(202);
  ids.job = (job.json as { jobId: string }).jobId;
  const secretBio = `bio-secreta-${randomUUID()}`;
  const settings = await call(creatorC, 'PUT', '/api/creator/settings', {
    ...defaultCreatorSettings('Carla Matrix'),
    profile: { displayName: 'Carla Matrix', bio: secretBio, specialization: 'music-production' },
  });
  expect(settings.status, settings.text).toBe(200);

  markers = [
    userA.sub,
    userA.email,
    creatorC.email,
    ids.order!,
    ids.upload!,
    ids.uploadKey!,
    ids.job!,
    'segredo-da-alice',
    'segredo melódico',
    secretBio,
  ];
  await waitForTerminalJob();
}, 90_000);

afterAll(async () => {
  await server?.stop();
  destroyCognito();
  ddb.destroy();
  testS3.destroy();
  console.log(`[authz-matrix] ${checks} checks over ${routes.length} routes`);
});

const userRoutes = routes.filter((route) => route.auth === 'user');
const withParams = (route: RouteDefinition) => /\{\w+\}/.test(route.path);

describe('authorization matrix', () => {
  it('the creator-only table names real routes', () => {
    const keys = new Set(routes.map(routeKey));
    for (const key of CREATOR_ONLY_ELSEWHERE) expect(keys.has(key), key).toBe(true);
    expect(CREATOR_ONLY).toEqual(
      expect.arrayContaining(['GET /api/creator/orders', 'POST /api/creator/orders/{id}/deliver']),
    );
  });

  it('every user route: anonymous and invalid tokens → 401 before any handler', async () => {
    const bad = await hostileTokens(userA.sub);
    for (const route of userRoutes) {
      const path = fillPath(route.path, () => ids.order!);
      for (const token of [undefined, bad.garbage, bad.expired, bad.forged]) {
        const answer = await request(server.url, route.method, path, {
          ...(token ? { token } : {}),
          body: '{}',
          headers: { 'content-type': 'application/json' },
        });
        await expectStatus(answer, 401, `${routeKey(route)} token=${token ? token.slice(0, 8) : 'none'}`);
        expectNoLeak(answer, routeKey(route));
      }
    }
  });

  it("every user route with a path parameter: B and D probing A's ids → 404 (403 where documented)", async () => {
    const before = await snapshot();
    const idKinds = ['upload', 'order', 'favorite', 'job'] as const;
    for (const route of userRoutes.filter(withParams)) {
      for (const kind of idKinds) {
        for (const prober of [userB, creatorD]) {
          const path = fillPath(route.path, () => encodeURIComponent(ids[kind]!));
          const body =
            route.method === 'GET' || route.method === 'DELETE'
              ? undefined
              : { fileKey: `audio/${prober.sub}/x.wav`, rating: 5, partNumbers: [1], confirm: [] };
          const answer = await call(prober, route.method, path, body);
          const label = `${prober.role} ${routeKey(route)} with A's ${kind}`;
          const creatorOnly = CREATOR_ONLY.includes(routeKey(route));
          const allowed =
            creatorOnly && prober.role === 'client'
              ? [403]
              : FORBIDDEN_NOT_HIDDEN.has(routeKey(route))
                ? [403, 404]
                : PUBLIC_PROJECT_PARAM.has(routeKey(route))
                  ? [200, 404]
                  : [404];
          // A body the schema refuses (400) says nothing about A either; the id is checked first where it can be.
          expect([...allowed, 400], `${label}: ${answer.status} ${answer.text.slice(0, 200)}`).toContain(
            answer.status,
          );
          if (answer.status >= 400) expect(isErrorShape(answer.json), label).toBe(true);
          expectNoLeak(answer, label);
        }
      }
    }
    expect(await snapshot()).toBe(before);
  });

  it("A's own ids are reachable by A (the probes above could have passed)", async () => {
    const own = [
      await call(userA, 'GET', `/api/uploads/${ids.upload}`),
      await call(userA, 'GET', `/api/generations/${ids.job}`),
      await call(userA, 'GET', '/api/me/orders'),
    ];
    for (const answer of own) expect(answer.status, answer.text).toBe(200);
    expect(own[2]!.text).toContain(ids.order);
    checks += own.length;
  });

  it("every other user route called by B with A's ids in the body never answers A's data", async () => {
    const before = await snapshot();
    const body = {
      uploadId: ids.upload,
      orderId: ids.order,
      jobId: ids.job,
      key: ids.uploadKey,
      fileKey: ids.uploadKey,
      id: ids.order,
    };
    for (const route of userRoutes.filter((r) => !withParams(r))) {
      for (const prober of [userB, creatorD]) {
        const answer = await call(
          prober,
          route.method,
          route.path,
          route.method === 'GET' ? undefined : body,
        );
        const label = `${prober.role} ${routeKey(route)}`;
        expect(answer.status, `${label}: ${answer.text.slice(0, 200)}`).toBeLessThan(500);
        if (answer.status >= 400) expect(isErrorShape(answer.json), label).toBe(true);
        expectNoLeak(answer, label);
      }
    }
    expect(await snapshot()).toBe(before);
  });

  it('the generation job of A is hidden from anonymous callers and from B', async () => {
    for (const user of [undefined, userB]) {
      const answer = await call(user, 'GET', `/api/generations/${ids.job}`);
      await expectStatus(answer, 404, `job probe by ${user?.role ?? 'anonymous'}`);
      expectNoLeak(answer, 'generations');
    }
  });

  it('client calling creator routes → 403', async () => {
    for (const key of CREATOR_ONLY) {
      const route = routes.find((r) => routeKey(r) === key)!;
      const path = fillPath(route.path, () => ids.order!);
      const body = route.method === 'GET' ? undefined : { fileKey: 'x', ...defaultCreatorSettings('x') };
      for (const user of [userA, userB]) {
        const answer = await call(user, route.method, path, body);
        await expectStatus(answer, 403, `client ${key}`);
        expectNoLeak(answer, key);
      }
    }
  });

  it('public routes answer B without any of A’s private data', async () => {
    for (const route of routes.filter((r) => r.auth === 'public' && r.method === 'GET')) {
      const path = fillPath(route.path, (name) => (name === 'name' ? 'alice-matrix' : ids.order!));
      const answer = await call(userB, 'GET', path);
      expect(answer.status, `${routeKey(route)}: ${answer.text.slice(0, 200)}`).toBeLessThan(500);
      expectNoLeak(answer, routeKey(route));
    }
  });
});

/** A tiny valid WAV (silence). */
function wav(): Buffer {
  const data = 200;
  const buffer = Buffer.alloc(44 + data);
  buffer.write('RIFF', 0, 'ascii');
  buffer.writeUInt32LE(36 + data, 4);
  buffer.write('WAVEfmt ', 8, 'ascii');
  buffer.writeUInt32LE(16, 16);
  buffer.writeUInt16LE(1, 20);
  buffer.writeUInt16LE(1, 22);
  buffer.writeUInt32LE(8000, 24);
  buffer.writeUInt32LE(16000, 28);
  buffer.writeUInt16LE(2, 32);
  buffer.writeUInt16LE(16, 34);
  buffer.write('data', 36, 'ascii');
  buffer.writeUInt32LE(data, 40);
  return buffer;
}
