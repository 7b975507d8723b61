import { randomUUID } from 'node:crypto';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { Context } from 'aws-lambda';
import { routes } from '../../infra/routes';
import { db, dynamo } from '../../lambdas/_lib/clients';
import { handler as creatorOrders } from '../../lambdas/creator-orders/handler';
import { handler as creatorSettings } from '../../lambdas/creator-settings/handler';
import { handler as favorites } from '../../lambdas/favorites/handler';
import { handler as gamification } from '../../lambdas/gamification/handler';
import { handler as myCollection } from '../../lambdas/my-collection/handler';
import { handler as orders } from '../../lambdas/orders/handler';
import { handler as projects } from '../../lambdas/projects/handler';
import { handler as rareOffers } from '../../lambdas/rare-offers/handler';
import type { ApiEvent, ApiHandler } from '../../lambdas/_lib/http';

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

function context(name: string): Context {
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: name,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:us-east-1:000000000000:function:${name}`,
    memoryLimitInMB: '1024',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${name}`,
    logStreamName: 'test',
    getRemainingTimeInMillis: () => 30_000,
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

export interface Answer<T = Record<string, unknown>> {
  status: number;
  body: T;
}

/** Invokes the function that owns `method path` with an API Gateway v2 event. */
export async function call<T = Record<string, unknown>>(
  method: string,
  path: string,
  options: { claims?: Claims; body?: unknown; query?: Record<string, string>; rawBody?: string } = {},
): Promise<Answer<T>> {
  const [rawPath, search = ''] = path.split('?');
  const found = marketplaceRoutes
    .map((route) => ({
      route,
      match:
        route.method === method
          ? new RegExp(`^${route.path.replace(/\{(\w+)\}/g, '(?<$1>[^/]+)')}$`).exec(rawPath!)
          : null,
    }))
    .find(({ match }) => match);
  if (!found) throw new Error(`No marketplace route for ${method} ${path}`);
  const query = { ...Object.fromEntries(new URLSearchParams(search)), ...options.query };
  const key = `${method} ${found.route.path}`;
  const now = Date.now();
  const event = {
    version: '2.0',
    routeKey: key,
    rawPath: rawPath!,
    rawQueryString: new URLSearchParams(query).toString(),
    headers: { 'content-type': 'application/json' },
    ...(Object.keys(query).length ? { queryStringParameters: query } : {}),
    ...(found.match?.groups ? { pathParameters: { ...found.match.groups } } : {}),
    body: options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
    isBase64Encoded: false,
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName: 'localhost',
      domainPrefix: 'localhost',
      requestId: randomUUID(),
      routeKey: key,
      stage: '$default',
      time: new Date(now).toISOString(),
      timeEpoch: now,
      http: { method, path: rawPath!, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'vitest' },
      ...(options.claims
        ? {
            authorizer: {
              principalId: '',
              integrationLatency: 0,
              jwt: { claims: { email: `${options.claims.sub}@example.com`, ...options.claims }, scopes: [] },
            },
          }
        : {}),
    },
  } as unknown as ApiEvent;
  const handler = marketplaceHandlers[found.route.functionName]!;
  const result = await handler(event, context(found.route.functionName));
  return {
    status: result.statusCode ?? 200,
    body: (result.body ? JSON.parse(result.body) : undefined) as T,
  };
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
  const wav = Buffer.alloc(44 + 200);
  wav.write('RIFF', 0, 'ascii');
  wav.writeUInt32LE(36 + 200, 4);
  wav.write('WAVEfmt ', 8, 'ascii');
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20);
  wav.writeUInt16LE(1, 22);
  wav.writeUInt32LE(8000, 24);
  wav.writeUInt32LE(16000, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36, 'ascii');
  wav.writeUInt32LE(200, 40);
  return wav;
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
        price: 42.5,
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
  return answer.body.project;
}
