import { createPrivateKey, generateKeyPairSync, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import {
  AdminConfirmSignUpCommand,
  CognitoIdentityProviderClient,
  ConfirmSignUpCommand,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { SignJWT } from 'jose';
import { inject } from 'vitest';
import { closeServer, listen } from '../../infra/local/net';
import { createRouter } from '../../infra/local/router';
import { startLocalPayments, type LocalPayments } from '../../infra/local/stripe-sandbox';
import { WebConfig } from '../../shared/schemas/web-config';
import { db, dynamo } from '../../lambdas/_lib/aws/dynamodb';
import { s3 } from '../../lambdas/_lib/aws/s3';

/**
 * Shared by the hardening tests (issue 7: fuzz, authorization matrix, faults): real Cognito users with
 * real ID tokens, hostile token variants, the real local router mounted in THIS process (so the
 * handlers it loads share the SDK clients recorded below), and a recorder of every write the handlers
 * send to DynamoDB, S3, Step Functions and the Scheduler.
 */

// ---------------------------------------------------------------------------------------------- users

export interface TestUser {
  sub: string;
  email: string;
  idToken: string;
  role: 'client' | 'creator';
}

const clientId = () => inject('userPoolClientId');
let viaProxy: CognitoIdentityProviderClient | undefined;
const cognito = () =>
  (viaProxy ??= new CognitoIdentityProviderClient({
    endpoint: inject('cognitoProxyUrl'),
    region: 'us-east-1',
  }));

async function confirmationCode(email: string): Promise<string | undefined> {
  // cognito-local "sends" the code through its log, which the platform reads asynchronously.
  for (let attempt = 0; attempt < 50; attempt++) {
    const response = await fetch(`${inject('controlUrl')}/codes/${encodeURIComponent(email)}`);
    const { code } = (await response.json()) as { code: string | null };
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return undefined;
}

/** SignUp → the code cognito-local printed → ConfirmSignUp (PostConfirmation trigger) → InitiateAuth. */
export async function signUpUser(role: 'client' | 'creator', name = 'Teste Hardening'): Promise<TestUser> {
  const email = `${role}.${randomUUID().slice(0, 12)}@example.com`;
  const password = 'senha-forte-123';
  const signUp = await cognito().send(
    new SignUpCommand({
      ClientId: clientId(),
      Username: email,
      Password: password,
      UserAttributes: [
        { Name: 'name', Value: name },
        { Name: 'custom:role', Value: role },
      ],
    }),
  );
  const code = await confirmationCode(email);
  if (code) {
    await cognito().send(
      new ConfirmSignUpCommand({ ClientId: clientId(), Username: email, ConfirmationCode: code }),
    );
  } else {
    // The platform's log reader missed the code (seen under heavy load): confirm as an admin instead,
    // which runs the same PostConfirmation trigger in cognito-local.
    const admin = new CognitoIdentityProviderClient({ region: process.env.AWS_REGION });
    await admin.send(
      new AdminConfirmSignUpCommand({ UserPoolId: process.env.USER_POOL_ID, Username: email }),
    );
    admin.destroy();
  }
  const auth = await cognito().send(
    new InitiateAuthCommand({
      ClientId: clientId(),
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  return { sub: signUp.UserSub!, email, idToken: auth.AuthenticationResult!.IdToken!, role };
}

export function destroyCognito(): void {
  viaProxy?.destroy();
  viaProxy = undefined;
}

// ------------------------------------------------------------------------------------- hostile tokens

const issuer = () => process.env.COGNITO_ISSUER!;

function poolKey() {
  const file = new URL(
    '../../node_modules/cognito-local/lib/keys/cognitoLocal.private.json',
    import.meta.url,
  );
  const { pem } = JSON.parse(readFileSync(file, 'utf8')) as { pem: string };
  return createPrivateKey(pem);
}

/** Tokens the authorizer must refuse: garbage, expired (pool key), forged (right claims, wrong key). */
export async function hostileTokens(sub: string): Promise<Record<'garbage' | 'expired' | 'forged', string>> {
  const claims = { sub, token_use: 'id', email: 'x@example.com', 'cognito:groups': ['creator'] };
  const now = Math.floor(Date.now() / 1000);
  const expired = await new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: 'CognitoLocal' })
    .setIssuer(issuer())
    .setAudience(clientId())
    .setIssuedAt(now - 7200)
    .setExpirationTime(now - 60)
    .sign(poolKey());
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const forged = await new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: 'CognitoLocal' })
    .setIssuer(issuer())
    .setAudience(clientId())
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(privateKey);
  return { garbage: 'abc.def.ghi', expired, forged };
}

// ------------------------------------------------------------------------------------ local router

export interface RouterServer {
  url: string;
  payments: LocalPayments;
  stop(): Promise<void>;
}

/**
 * The real router (infra/local/router.ts) in this worker, in front of the handlers it loads here, with
 * the Stripe sandbox as payments backend. Its JWT checks use the same pool as the global platform.
 */
export async function startRouter(): Promise<RouterServer> {
  const server = http.createServer((req, res) => router.handle(req, res));
  const url = `http://127.0.0.1:${await listen(server, 0)}`;
  const payments = await startLocalPayments({ appOrigin: url, env: {}, quiet: true });
  Object.assign(process.env, payments.env);
  const router = createRouter({
    issuer: issuer(),
    jwksUri: `${issuer()}/.well-known/jwks.json`,
    audience: clientId(),
    webConfig: WebConfig.parse({
      apiBase: '/api',
      region: process.env.AWS_REGION,
      userPoolId: process.env.USER_POOL_ID,
      userPoolClientId: clientId(),
      userPoolEndpoint: inject('cognitoProxyUrl'),
      authFlowType: 'USER_PASSWORD_AUTH',
      stage: 'local',
    }),
    quiet: true,
  });
  return {
    url,
    payments,
    stop: async () => {
      await closeServer(server);
      await payments.stop();
    },
  };
}

// --------------------------------------------------------------------------------------- requests

export interface Answer {
  status: number;
  text: string;
  json: unknown;
}

export async function request(
  base: string,
  method: string,
  path: string,
  options: { token?: string; body?: string | Buffer; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const hasBody = options.body !== undefined && method !== 'GET' && method !== 'HEAD';
  const response = await fetch(base + path, {
    method,
    headers,
    // A Uint8Array body: fetch adds no content-type of its own.
    ...(hasBody ? { body: new Uint8Array(Buffer.from(options.body!)) } : {}),
  });
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, text, json };
}

/** `{error:{code,message}}` with non-empty strings. */
export function isErrorShape(value: unknown): boolean {
  if (!value || typeof value !== 'object') return false;
  const error = (value as { error?: unknown }).error;
  if (!error || typeof error !== 'object') return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return typeof code === 'string' && code !== '' && typeof message === 'string' && message !== '';
}

/** Fills `{name}` path parameters in order. */
export function fillPath(path: string, values: string[] | ((name: string) => string)): string {
  let index = 0;
  return path.replace(/\{(\w+)\+?\}/g, (_, name: string) =>
    typeof values === 'function' ? values(name) : (values[index++] ?? 'x'),
  );
}

// --------------------------------------------------------------------------------- write recorder

export interface RecordedWrite {
  service: string;
  command: string;
  /** PK/SK of each item written (DynamoDB), or bucket/key (S3). */
  keys: string[];
}

const WRITE_COMMANDS = new Set([
  'PutCommand',
  'PutItemCommand',
  'UpdateCommand',
  'UpdateItemCommand',
  'DeleteCommand',
  'DeleteItemCommand',
  'TransactWriteCommand',
  'TransactWriteItemsCommand',
  'BatchWriteCommand',
  'BatchWriteItemCommand',
  'PutObjectCommand',
  'CreateMultipartUploadCommand',
  'UploadPartCommand',
  'CompleteMultipartUploadCommand',
  'AbortMultipartUploadCommand',
  'DeleteObjectCommand',
  'DeleteObjectsCommand',
  'CopyObjectCommand',
  'StartExecutionCommand',
  'CreateScheduleCommand',
  'DeleteScheduleCommand',
]);

type AttributeLike = string | { S?: string } | undefined;
const text = (value: AttributeLike) => (typeof value === 'string' ? value : (value?.S ?? '?'));
type KeyLike = { PK?: AttributeLike; SK?: AttributeLike } | undefined;
const itemKey = (key: KeyLike) => `${text(key?.PK)}|${text(key?.SK)}`;

function keysOf(input: Record<string, unknown>): string[] {
  if (input.Key) return [itemKey(input.Key as KeyLike)];
  if (input.Item) return [itemKey(input.Item as KeyLike)];
  if (Array.isArray(input.TransactItems)) {
    return (input.TransactItems as Record<string, { Key?: KeyLike; Item?: KeyLike }>[]).flatMap((entry) =>
      Object.entries(entry)
        .filter(([kind]) => kind !== 'ConditionCheck')
        .map(([, action]) => itemKey(action.Key ?? action.Item)),
    );
  }
  if (input.RequestItems) return ['batch'];
  if (input.Bucket) return [`s3://${String(input.Bucket)}/${String(input.Key ?? '')}`];
  if (input.stateMachineArn) return [`sfn:${String(input.stateMachineArn)}`];
  if (input.Name) return [`schedule:${String(input.Name)}`];
  return ['?'];
}

type Send = (...args: unknown[]) => Promise<unknown>;
interface Sendable {
  send: Send;
}

export class WriteRecorder {
  readonly writes: RecordedWrite[] = [];
  private readonly wrapped = new Set<Sendable>();

  /** Wraps `client.send` (once) so every write command that succeeded is recorded. */
  watch(service: string, client: object): void {
    const sendable = client as Sendable;
    if (this.wrapped.has(sendable)) return;
    this.wrapped.add(sendable);
    const original = sendable.send.bind(sendable);
    const writes = this.writes;
    sendable.send = (async (...args: unknown[]) => {
      const command = args[0] as { constructor: { name: string }; input?: Record<string, unknown> };
      const name = command.constructor.name;
      const result = await original(...args);
      // Recorded once it succeeded: a write refused by its condition (or failed) changed nothing.
      if (WRITE_COMMANDS.has(name))
        writes.push({ service, command: name, keys: keysOf(command.input ?? {}) });
      return result;
    }) as Send;
  }

  /** The writes recorded since `mark`. */
  since(mark: number): RecordedWrite[] {
    return this.writes.slice(mark);
  }

  get mark(): number {
    return this.writes.length;
  }
}

/** Records writes through the shared clients of lambdas/_lib and the pipeline's SFN / Scheduler clients. */
export async function recordHandlerWrites(): Promise<WriteRecorder> {
  const recorder = new WriteRecorder();
  recorder.watch('dynamodb', db);
  recorder.watch('dynamodb', dynamo);
  recorder.watch('s3', s3);
  const { sfn } = await import('../../lambdas/_lib/generation/start');
  recorder.watch('sfn', sfn);
  const { scheduler } = await import('../../lambdas/_lib/aws/scheduler');
  recorder.watch('scheduler', scheduler);
  return recorder;
}

/**
 * Bookkeeping a rejected request may legitimately write: abuse counters (rate windows, the anonymous
 * generation quota, studio request counters). Anything else written by a 4xx is a bug.
 */
export const BOOKKEEPING_KEY = /(^|\|)(RATE#|ANON#|STUDIO_CLIENT#)/;

export function nonBookkeeping(writes: RecordedWrite[]): RecordedWrite[] {
  return writes.filter((write) => !write.keys.every((key) => BOOKKEEPING_KEY.test(key)));
}
