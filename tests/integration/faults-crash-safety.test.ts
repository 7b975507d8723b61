import { randomUUID } from 'node:crypto';
import {
  AdminListGroupsForUserCommand,
  CognitoIdentityProviderClient,
  CreateGroupCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stripeSample } from '../../events/build';
import { db } from '../../lambdas/_lib/aws/dynamodb';
import { config } from '../../lambdas/_lib/config';
import { keys } from '../../lambdas/_lib/db/keys';
import { creditWallet } from '../../lambdas/_lib/db/ledger';
import { logger } from '../../lambdas/_lib/logger';
import { stripeEventMarker } from '../../lambdas/_lib/db/stripe-events';
import { recordSessionOf } from '../support/recorded-checkouts';
import {
  destroyCognito,
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
 * Issue 17's table, replayed against the running stack (the real router over HTTP, real Cognito users,
 * the S3 / DynamoDB / Cognito emulators of the global platform): each request must get a clear 4xx or
 * a refusal, never a crash; afterwards the stack still answers and no wallet, upload or role changed.
 * (The same rows run black-box against `npm start` in the report's probe.)
 */
logger.setLogLevel('CRITICAL');

let server: RouterServer;
let secret = '';
let buyer: TestUser;
let seller: TestUser;
const cognito = new CognitoIdentityProviderClient({ region: process.env.AWS_REGION });

beforeAll(async () => {
  server = await startRouter();
  secret = process.env.STRIPE_WEBHOOK_SECRET!;
  [buyer, seller] = await Promise.all([
    signUpUser('client', 'Cliente Segura'),
    signUpUser('creator', 'Criadora'),
  ]);
  // The buyer bought 10 coins before the probe (a genuine, recorded checkout).
  await creditWallet({
    sub: buyer.sub,
    amount: 10,
    label: ledgerLabel('coins_purchase', { coins: 10 }),
    ref: 'test',
    marker: stripeEventMarker({ id: `evt_crash_${randomUUID().replace(/-/g, '')}`, type: 'x', created: 0 }),
  });
}, 120_000);
afterAll(async () => {
  await server?.stop();
  cognito.destroy();
  destroyCognito();
});

const api = (user: TestUser | undefined, method: string, path: string, body?: unknown) =>
  request(server.url, method, path, {
    ...(user ? { token: user.idToken } : {}),
    ...(body !== undefined
      ? { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }
      : {}),
  });

function signed(event: unknown): Promise<Answer> {
  const payload = JSON.stringify(event, null, 2);
  return request(server.url, 'POST', '/api/webhooks/stripe', {
    body: payload,
    headers: {
      'content-type': 'application/json',
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret }),
    },
  });
}

/** Everything the probe must leave untouched: both wallets and ledgers, uploads, roles, the name. */
async function state() {
  const of = async (user: TestUser) => {
    const [wallet, ledger, uploads, groups, profile] = await Promise.all([
      db.send(
        new GetCommand({ TableName: config.TABLE_NAME, Key: { PK: keys.user(user.sub), SK: keys.wallet() } }),
      ),
      db.send(
        new QueryCommand({
          TableName: config.TABLE_NAME,
          KeyConditionExpression: 'PK = :pk AND begins_with(SK, :tx)',
          ExpressionAttributeValues: { ':pk': keys.user(user.sub), ':tx': 'TX#' },
        }),
      ),
      db.send(
        new QueryCommand({
          TableName: config.TABLE_NAME,
          IndexName: 'GSI1',
          KeyConditionExpression: 'GSI1PK = :pk AND begins_with(GSI1SK, :u)',
          ExpressionAttributeValues: { ':pk': keys.user(user.sub), ':u': 'UPLOAD#' },
        }),
      ),
      cognito.send(
        new AdminListGroupsForUserCommand({ UserPoolId: process.env.USER_POOL_ID, Username: user.sub }),
      ),
      db.send(
        new GetCommand({
          TableName: config.TABLE_NAME,
          Key: { PK: keys.user(user.sub), SK: keys.profile() },
        }),
      ),
    ]);
    return {
      balance: wallet.Item?.balance ?? null,
      ledger: (ledger.Items ?? []).map((item) => item.amount as number),
      completedUploads: (uploads.Items ?? []).filter((item) => item.status === 'complete').length,
      groups: (groups.Groups ?? []).map((group) => group.GroupName),
      name: profile.Item?.full_name,
    };
  };
  return { buyer: await of(buyer), seller: await of(seller) };
}

async function expectStackAnswers() {
  expect((await api(undefined, 'GET', '/api/projects')).status).toBe(200);
  expect((await api(buyer, 'GET', '/api/me/profile')).status).toBe(200);
  expect((await api(seller, 'GET', '/api/creator/orders')).status).toBe(200);
}

describe('crash safety: the requests of issue 17, replayed', () => {
  it('every row gets a clear answer; the stack keeps serving; no wallet, upload or role changed', async () => {
    const before = await state();
    expect(before.seller.groups).toEqual(['creator']);
    const answers: Record<string, Answer> = {};

    // 1. Multipart upload completed with a part that was never uploaded (and one with a wrong ETag).
    const created = await api(buyer, 'POST', '/api/uploads', {
      purpose: 'stem-split',
      name: 'fantasma.wav',
      type: 'audio/wav',
      size: 100,
    });
    expect(created.status, created.text).toBe(201);
    const { uploadId } = created.json as { uploadId: string };
    await api(buyer, 'POST', `/api/uploads/${uploadId}/parts`, {
      confirm: [{ partNumber: 1, etag: '"deadbeef"' }],
    });
    answers.missingPart = await api(buyer, 'POST', `/api/uploads/${uploadId}/complete`);
    expect(answers.missingPart.json).toMatchObject({
      error: { code: 'PARTS_REJECTED', params: { detail: 'InvalidPart' } },
    });
    const real = await api(buyer, 'POST', '/api/uploads', {
      purpose: 'stem-split',
      name: 'real.wav',
      type: 'audio/wav',
      size: 100,
    });
    const realId = (real.json as { uploadId: string }).uploadId;
    const urls = await api(buyer, 'POST', `/api/uploads/${realId}/parts`, { partNumbers: [1] });
    const [{ url }] = (urls.json as { urls: { url: string }[] }).urls as [{ url: string }];
    const put = await fetch(url, { method: 'PUT', body: new Uint8Array(100) });
    expect(put.status).toBe(200);
    await api(buyer, 'POST', `/api/uploads/${realId}/parts`, {
      confirm: [{ partNumber: 1, etag: '"0123456789abcdef0123456789abcdef"' }],
    });
    answers.wrongEtag = await api(buyer, 'POST', `/api/uploads/${realId}/complete`);
    expect(answers.wrongEtag.json).toMatchObject({ error: { params: { detail: 'InvalidPart' } } });
    await expectStackAnswers();

    // 2. What every restart used to do: CreateGroup of an existing group. Refused; members kept.
    await expect(
      cognito.send(new CreateGroupCommand({ UserPoolId: process.env.USER_POOL_ID, GroupName: 'creator' })),
    ).rejects.toMatchObject({ name: 'GroupExistsException' });

    // 3. A signed completion claiming 1000 coins for a recorded US$ 10 checkout.
    const id = `evt_crash_${randomUUID().replace(/-/g, '')}`;
    const genuine = stripeSample('checkout.session.completed:coins', {
      id,
      sub: buyer.sub,
      object: { id: `cs_test_${id}`, amount_total: 1000, metadata: { coins: '10' } },
    });
    await recordSessionOf(genuine);
    const forged = structuredClone(genuine) as {
      id: string;
      data: { object: { metadata: Record<string, string> } };
    };
    forged.id = `${id}x`;
    forged.data.object.metadata.coins = '1000';
    answers.coins1000 = await signed(forged);

    // 4. A session the app never created; a random user.
    const strangerId = `evt_crash_${randomUUID().replace(/-/g, '')}`;
    answers.unknownSession = await signed(
      stripeSample('checkout.session.completed:coins', {
        id: strangerId,
        sub: buyer.sub,
        object: { id: `cs_test_${strangerId}` },
      }),
    );
    const ghost = `ghost-${randomUUID()}`;
    answers.randomSub = await signed(
      stripeSample('checkout.session.completed:coins', { id: `${strangerId}g`, sub: ghost }),
    );
    for (const row of ['coins1000', 'unknownSession', 'randomSub'])
      expect(answers[row]!.json, row).toMatchObject({ outcome: 'refused' });
    const ghostWallet = await db.send(
      new GetCommand({ TableName: config.TABLE_NAME, Key: { PK: keys.user(ghost), SK: keys.wallet() } }),
    );
    expect(ghostWallet.Item).toBeUndefined();

    // 5. Malformed signed bodies.
    const nullObject = stripeSample('checkout.session.completed:coins', {
      id: `${strangerId}n`,
      sub: buyer.sub,
    });
    (nullObject.data as { object: unknown }).object = null;
    answers.nullObject = await signed(nullObject);
    const noObject = stripeSample('charge.refunded:coins', { id: `${strangerId}r`, sub: buyer.sub });
    delete (noObject.data as { object?: unknown }).object;
    answers.refundWithoutObject = await signed(noObject);
    for (const row of ['nullObject', 'refundWithoutObject']) {
      expect(answers[row]!.status, row).toBe(400);
      expect(answers[row]!.json, row).toMatchObject({ error: { code: 'MALFORMED_EVENT' } });
    }

    // 6. Hiring without paying: the project costs more than the buyer's 10 coins → 402, no order.
    const audioKey = `audio/${seller.sub}/${Date.now()}_crash.wav`;
    const { PutObjectCommand, S3Client } = await import('@aws-sdk/client-s3');
    const s3 = new S3Client({
      region: process.env.AWS_REGION,
      forcePathStyle: true,
      requestChecksumCalculation: 'WHEN_REQUIRED',
    });
    const wav = Buffer.concat([Buffer.from('RIFF\x24\x00\x00\x00WAVEfmt ', 'latin1'), Buffer.alloc(40)]);
    await s3.send(
      new PutObjectCommand({
        Bucket: process.env.AUDIO_BUCKET,
        Key: audioKey,
        Body: wav,
        ContentType: 'audio/wav',
      }),
    );
    s3.destroy();
    const project = await api(seller, 'POST', '/api/projects', {
      title: 'Projeto caro',
      description: 'Contratação paga',
      price: 500,
      genre: 'Trap',
      bpm: 120,
      duration: 60,
      tags: [],
      audioKey,
    });
    expect(project.status, project.text).toBe(201);
    const projectId = (project.json as { project: { id: string } }).project.id;
    answers.unpaidHire = await api(buyer, 'POST', '/api/orders', { projectId });
    expect(answers.unpaidHire.status).toBe(402);
    expect(((await api(buyer, 'GET', '/api/me/orders')).json as { items: unknown[] }).items).toEqual([]);
    const hub = (await api(seller, 'GET', '/api/creator/orders')).json as {
      cards: { totalRevenue: number; orderCount: number };
    };
    expect(hub.cards).toMatchObject({ totalRevenue: 0, orderCount: 0 });

    // 7. Control characters in a name (NUL, an ANSI escape) and in a community post.
    answers.nulName = await api(buyer, 'PATCH', '/api/me/profile', { full_name: 'Ctl\u0000Name' });
    answers.ansiName = await api(buyer, 'PATCH', '/api/me/profile', { full_name: '\u001b[31mVermelho' });
    answers.nulPost = await api(buyer, 'POST', '/api/community/posts', { text: 'olá\u0000mundo' });
    for (const row of ['nulName', 'ansiName', 'nulPost']) {
      expect(answers[row]!.status, row).toBe(400);
      expect(answers[row]!.json, row).toMatchObject({ error: { code: 'TEXT_CONTROL_CHARACTERS' } });
    }

    // Every error answer has the one error shape; nothing was a 5xx.
    for (const [row, answer] of Object.entries(answers)) {
      expect(answer.status, `${row}: ${answer.text.slice(0, 200)}`).toBeLessThan(500);
      if (answer.status >= 400) expect(isErrorShape(answer.json), row).toBe(true);
    }
    // The stack still answers, and nothing the probe touched changed.
    await expectStackAnswers();
    expect(await state()).toEqual(before);
  }, 180_000);
});
