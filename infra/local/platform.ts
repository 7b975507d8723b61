import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { WebConfig } from '../../shared/schemas/web-config';
import { localTableName } from '../table-definition';
import { startLocalCognito, type LocalCognito } from './cognito';
import { startLocalDynamo, type LocalDynamo } from './dynamodb';
import { startLocalStreams, type LocalStreams } from './dynamodb-streams';
import { streamConsumers } from '../stream-consumers';
import { asyncTargetVariable, functions, type FunctionDefinition } from '../functions';
import { startLocalLambda, type LocalLambda } from './lambda-invoke';
import { createPublicMediaHandler } from './public-media';
import { createRouter, type LocalRouter } from './router';
import { BUCKETS, REGION } from './constants';
import { S3RVER_CREDENTIALS, startLocalS3, type LocalS3 } from './s3';
import { startLocalStepFunctions } from './step-functions';
import { startLocalScheduler } from './scheduler';

/**
 * The whole local twin in one call: DynamoDB API (dynalite + transactions front), S3 API (s3rver),
 * Cognito (cognito-local + refresh proxy), the Lambda Invoke endpoint for user-pool triggers, and the
 * router. With `dataDir` everything persists there; without it, DynamoDB is in memory and S3/Cognito
 * use a temp dir removed by `stop()` (tests).
 */
export interface PlatformPorts {
  dynamodb: number;
  s3: number;
  cognito: number;
  cognitoProxy: number;
  lambda: number;
}

export interface PlatformOptions {
  dataDir?: string;
  /** 0 or absent = a random free port. */
  ports?: Partial<PlatformPorts>;
  /** Origins allowed by the buckets' CORS rules (the app's own origin). */
  appOrigins?: string[];
  quiet?: boolean;
  /** Called whenever cognito-local "sends" a confirmation code. */
  onConfirmationCode?: (email: string, code: string) => void;
  /**
   * Turns the origin check on (ORIGIN_VERIFY_SECRET for the handlers, the same value added by the router
   * like CloudFront adds it). `npm start` does; the test platform leaves it off so tests may invoke
   * handlers directly with sample events.
   */
  originVerifySecret?: string;
}

export interface PlatformState {
  userPoolId?: string;
  userPoolClientId?: string;
  seededAt?: string;
}

export interface LocalPlatform {
  env: Record<string, string>;
  endpoints: {
    dynamodb: string;
    s3: string;
    /** cognito-local itself (token issuer) and the strict front every client uses (./cognito-front.ts). */
    cognito: string;
    cognitoProxy: string;
    lambda: string;
    scheduler: string;
  };
  webConfig: WebConfig;
  router: LocalRouter;
  /** The table's change stream: `drain()` waits until its consumers have caught up. */
  streams: LocalStreams;
  dataDir?: string;
  state: PlatformState;
  saveState(update: Partial<PlatformState>): void;
  confirmationCodeFor(email: string): string | undefined;
  stop(): Promise<void>;
}

export { BUCKETS, REGION } from './constants';

function readState(file: string | undefined): PlatformState {
  if (!file || !existsSync(file)) return {};
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as PlatformState;
  } catch {
    return {};
  }
}

export async function startLocalPlatform(options: PlatformOptions = {}): Promise<LocalPlatform> {
  const ports = options.ports ?? {};
  const quiet = options.quiet ?? false;
  const persistent = options.dataDir !== undefined;
  const root = persistent ? path.resolve(options.dataDir!) : mkdtempSync(path.join(tmpdir(), '5d-local-'));
  mkdirSync(root, { recursive: true });
  const stateFile = persistent ? path.join(root, 'state.json') : undefined;
  let state = readState(stateFile);

  const started: { stop(): Promise<void> }[] = [];
  const stopAll = async () => {
    for (const service of started.reverse()) await service.stop().catch(() => undefined);
    started.length = 0;
    if (!persistent) rmSync(root, { recursive: true, force: true });
  };

  try {
    const lambda: LocalLambda = await startLocalLambda({ port: ports.lambda, quiet });
    started.push(lambda);
    // DynamoDB Streams for the consumers of infra/stream-consumers.ts (the catalogue indexer).
    const streams: LocalStreams = startLocalStreams({
      consumers: streamConsumers,
      region: REGION,
      tableName: localTableName,
      quiet,
    });
    const dynamo: LocalDynamo = await startLocalDynamo({
      tableName: localTableName,
      port: ports.dynamodb,
      streams,
      ...(persistent ? { path: path.join(root, 'dynamodb') } : {}),
    });
    started.push(dynamo);
    started.push(streams);
    const s3Dir = path.join(root, 's3');
    mkdirSync(s3Dir, { recursive: true });
    const s3: LocalS3 = await startLocalS3({
      directory: s3Dir,
      port: ports.s3,
      buckets: [BUCKETS.audio, BUCKETS.analysis],
      allowedOrigins: options.appOrigins ?? ['http://localhost:3000', 'http://127.0.0.1:3000'],
    });
    started.push(s3);
    const cognito: LocalCognito = await startLocalCognito({
      directory: path.join(root, 'cognito'),
      lambdaEndpoint: lambda.endpoint,
      port: ports.cognito,
      proxyPort: ports.cognitoProxy,
      previous: state,
      region: REGION,
      quiet,
      onCode: options.onConfirmationCode,
    });
    started.push(cognito);
    // Step Functions twin: runs infra/state-machines/*.asl.json with the real pipeline handlers.
    const stepFunctions = await startLocalStepFunctions({ region: REGION, quiet });
    started.push(stepFunctions);
    // EventBridge Scheduler twin: one-time schedules persisted in the table, firing the real handlers.
    const scheduler = await startLocalScheduler({
      dynamoEndpoint: dynamo.endpoint,
      tableName: localTableName,
      region: REGION,
      credentials: S3RVER_CREDENTIALS,
      quiet,
    });
    started.push(scheduler);

    const saveState = (update: Partial<PlatformState>) => {
      state = { ...state, ...update };
      if (stateFile) writeFileSync(stateFile, JSON.stringify(state, null, 2) + '\n');
    };
    saveState({ userPoolId: cognito.userPoolId, userPoolClientId: cognito.userPoolClientId });

    // What lambdas/_lib/config.ts and the SDK read; set before any handler module is imported.
    const env: Record<string, string> = {
      AWS_REGION: REGION,
      AWS_DEFAULT_REGION: REGION,
      AWS_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
      AWS_ENDPOINT_URL_DYNAMODB: dynamo.endpoint,
      AWS_ENDPOINT_URL_S3: s3.endpoint,
      AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: cognito.endpoint,
      AWS_ENDPOINT_URL_LAMBDA: lambda.endpoint,
      AWS_ENDPOINT_URL_SFN: stepFunctions.endpoint,
      STATE_MACHINE_ARN: stepFunctions.arnOf('generate-then-split'),
      S3_FORCE_PATH_STYLE: 'true',
      TABLE_NAME: localTableName,
      AUDIO_BUCKET: BUCKETS.audio,
      ANALYSIS_BUCKET: BUCKETS.analysis,
      USER_POOL_ID: cognito.userPoolId,
      USER_POOL_CLIENT_ID: cognito.userPoolClientId,
      COGNITO_ISSUER: cognito.issuer,
      STAGE: 'local',
      AWS_ENDPOINT_URL_SCHEDULER: scheduler.endpoint,
      SCHEDULER_ROLE_ARN: scheduler.roleArn,
      CLEANUP_FUNCTION_ARN: scheduler.functionArn('attachment-cleanup'),
      HIRE_SCHEDULER_ROLE_ARN: scheduler.roleArn,
      HIRE_ESCROW_FUNCTION_ARN: scheduler.functionArn('hire-escrow'),
      ...(options.originVerifySecret ? { ORIGIN_VERIFY_SECRET: options.originVerifySecret } : {}),
      // Background jobs started with async invokes (infra/functions.ts `invokesAsync`) run on `lambda`.
      ...Object.fromEntries(
        (functions as readonly FunctionDefinition[])
          .filter((definition) => definition.asyncTarget)
          .map((definition) => [asyncTargetVariable(definition.name), definition.name]),
      ),
    };
    Object.assign(process.env, env);

    const webConfig = WebConfig.parse({
      apiBase: '/api',
      region: REGION,
      userPoolId: cognito.userPoolId,
      userPoolClientId: cognito.userPoolClientId,
      userPoolEndpoint: cognito.proxyEndpoint,
      authFlowType: 'USER_PASSWORD_AUTH',
      stage: 'local',
    });
    const router = createRouter({
      issuer: cognito.issuer,
      jwksUri: cognito.jwksUri,
      audience: cognito.userPoolClientId,
      webConfig,
      viewerCountry: process.env.LOCAL_VIEWER_COUNTRY || 'BR',
      ...(options.originVerifySecret ? { originVerify: options.originVerifySecret } : {}),
      quiet,
      publicMedia: createPublicMediaHandler({ s3Endpoint: s3.endpoint, bucket: BUCKETS.audio }),
    });

    return {
      env,
      endpoints: {
        dynamodb: dynamo.endpoint,
        s3: s3.endpoint,
        cognito: cognito.localEndpoint,
        cognitoProxy: cognito.proxyEndpoint,
        lambda: lambda.endpoint,
        scheduler: scheduler.endpoint,
      },
      webConfig,
      router,
      streams,
      ...(persistent ? { dataDir: root } : {}),
      get state() {
        return state;
      },
      saveState,
      confirmationCodeFor: (email) => cognito.confirmationCodeFor(email),
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
