import { randomUUID } from 'node:crypto';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { routes } from '../../infra/routes';
import { db, dynamo } from '../../lambdas/_lib/aws/dynamodb';
import { creditWallet } from '../../lambdas/_lib/db/ledger';
import { getProject } from '../../lambdas/_lib/db/projects';
import { handler as creatorOrders } from '../../lambdas/creator-orders/handler';
import { handler as creatorSettings } from '../../lambdas/creator-settings/handler';
import { handler as favorites } from '../../lambdas/favorites/handler';
import { handler as gamification } from '../../lambdas/gamification/handler';
import { handler as myCollection } from '../../lambdas/my-collection/handler';
import { handler as orders } from '../../lambdas/orders/handler';
import { handler as projects } from '../../lambdas/projects/handler';
import { handler as rareOffers } from '../../lambdas/rare-offers/handler';
import type { ApiHandler } from '../../lambdas/_lib/http';
import { wavHeader } from '../../shared/audio/wav';
import { answerOf, apiGatewayEvent, lambdaContext, matchRoute, type Answer } from '../support/api-events';
import { ledgerLabel } from '../../shared/i18n/ledger/label';

/**
 * Calls the marketplace Lambdas the way API Gateway (HTTP API + JWT authorizer) does, and records every
 * DynamoDB command they send: a Scan anywhere fails the request (the "no Scan in request paths" rule).
 */

export const marketplaceHandlers: Record<string, ApiHandler> = {
  projects,
  'rare-offers': rareOffers,
  favorites,
  orders,
  'creator-orders': creatorOrders,
  gamification,
  'creator-settings': creatorSettings,
  'my-collection': myCollection,
};

export const marketplaceRoutes = routes.filter((route) => route.functionName in marketplaceHandlers);

/** Names of every DynamoDB command sent through the shared clients, in order. */
export const sentCommands: string[] = [];

type Send = (...args: unknown[]) => Promise<unknown>;
function guard(client: { send: Send }) {
  const original = client.send.bind(client) as Send;
  client.send = (async (...args: unknown[]) => {
    const name = (args[0] as object).constructor.name;
    sentCommands.push(name);
    if (name === 'ScanCommand') throw new Error('Scan is not allowed in request paths');
    return original(...args);
  }) as Send;
}
guard(db as unknown as { send: Send });
guard(dynamo as unknown as { send: Send });

export interface Claims {
  sub: string;
  name?: string;
  email?: string;
  'custom:role'?: 'client' | 'creator';
  /** As API Gateway passes array claims: `[creator]`. Only the group grants creator rights. */
  'cognito:groups'?: string;
}

export const client = (name = 'Cliente Teste'): Claims => ({
  sub: `client-${randomUUID()}`,
  name,
  'custom:role': 'client',
});
export const creator = (name = 'Criador Teste'): Claims => ({
  sub: `creator-${randomUUID()}`,
  name,
  'custom:role': 'creator',
  'cognito:groups': '[creator]',
});

export type { Answer };

/** Invokes the function that owns `method path` with an API Gateway v2 event. */
export async function call<T = Record<string, unknown>>(
  method: string,
  path: string,
  options: { claims?: Claims; body?: unknown; query?: Record<string, string>; rawBody?: string } = {},
): Promise<Answer<T>> {
  const [rawPath, search = ''] = path.split('?');
  const found = matchRoute(marketplaceRoutes, method, rawPath!);
  if (!found) throw new Error(`No marketplace route for ${method} ${path}`);
  const query = { ...Object.fromEntries(new URLSearchParams(search)), ...options.query };
  const event = apiGatewayEvent({
    method,
    routePath: found.route.path,
    rawPath: rawPath!,
    rawQueryString: new URLSearchParams(query).toString(),
    query,
    pathParameters: found.params,
    body: options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
    claims: options.claims,
  });
  const handler = marketplaceHandlers[found.route.functionName]!;
  return answerOf<T>(await handler(event, lambdaContext(found.route.functionName)));
}

export const testS3 = new S3Client({
  region: process.env.AWS_REGION,
  forcePathStyle: true,
  requestChecksumCalculation: 'WHEN_REQUIRED',
  responseChecksumValidation: 'WHEN_REQUIRED',
});

/** Puts an object into the audio bucket, as the uploads flow would have. */
export async function putAudioBucketObject(
  key: string,
  body: Buffer | string,
  contentType: string,
): Promise<void> {
  await testS3.send(
    new PutObjectCommand({
      Bucket: process.env.AUDIO_BUCKET ?? 'audio-files',
      Key: key,
      Body: body,
      ContentType: contentType,
    }),
  );
}

/** A tiny valid WAV (silence). */
export function tinyWav(): Buffer {
  return Buffer.concat([wavHeader(100, 1, 8000), Buffer.alloc(200)]);
}

/** A creator with an uploaded audio file, publishing a product through POST /api/projects. */
export async function publish(owner: Claims, fields: Record<string, unknown> = {}) {
  const audioKey = `audio/${owner.sub}/${Date.now()}_${randomUUID()}.wav`;
  await putAudioBucketObject(audioKey, tinyWav(), 'audio/wav');
  const answer = await call<{ project: { id: string; title: string; price: number } }>(
    'POST',
    '/api/projects',
    {
      claims: owner,
      body: {
        title: `Beat ${randomUUID().slice(0, 8)}`,
        description: 'Um beat de teste',
        price: 62.5, // clear of the R$ 20–40 range catalogue-search reads from the shared table
        genre: 'Trap',
        bpm: 140,
        duration: '2:30',
        tags: ['trap'],
        audioKey,
        ...fields,
      },
    },
  );
  if (answer.status !== 201)
    throw new Error(`publish failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  await renditionsSettled(answer.body.project.id);
  return answer.body.project;
}

/**
 * Publishing a WAV starts the beat-renditions job (its MP3 and preview, a second or two locally): wait
 * for it, so a test buying the beat right away sees the files a buyer would a moment after publishing.
 */
export async function renditionsSettled(projectId: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while ((await getProject(projectId, true))?.renditions_status === 'preparing') {
    if (Date.now() > deadline) throw new Error(`renditions of ${projectId} still preparing`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Puts coins in a user's wallet (as a paid coins checkout would), so they can hire. */
export async function fund(owner: Claims, coins: number): Promise<void> {
  await creditWallet({
    sub: owner.sub,
    amount: coins,
    label: ledgerLabel('coins_purchase', { coins }),
    ref: `test:${randomUUID()}`,
    marker: {
      Put: {
        TableName: process.env.TABLE_NAME!,
        Item: { PK: `TESTFUND#${randomUUID()}`, SK: 'META' },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
  });
}

/** A client with coins enough for a few hires. */
export async function fundedClient(name = 'Cliente Teste', coins = 200): Promise<Claims> {
  const buyer = client(name);
  await fund(buyer, coins);
  return buyer;
}
