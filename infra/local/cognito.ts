import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { createInterface } from 'node:readline';
import {
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  DescribeUserPoolClientCommand,
  DescribeUserPoolCommand,
  GetGroupCommand,
  ListUserPoolClientsCommand,
  ListUserPoolsCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { USER_POOL_GROUPS } from '../../shared/schemas/profile';
import { repoRoot } from './handlers';
import { LOCAL_PRE_TOKEN_FUNCTION } from './lambda-invoke';
import { cognitoFront } from './cognito-front';
import { closeServer, freePort, listen } from './net';
import { awsJsonErrorAnswer, containEmulator } from './containment';

/**
 * Cognito user pools for the local twin: cognito-local 5.3 as a child process (its data in
 * `<directory>/.cognito/db`, restarted if it dies), behind a front (./cognito-front.ts) that every
 * client uses — browser, handlers, admin calls — which makes it as strict as Cognito (CreateGroup of an
 * existing group fails) and fills its gaps (refresh for Amplify v6, resend code, CORS). Users, groups
 * with their members and the pool survive any number of restarts: the pool is found again (by the ids
 * saved in state.json, else by name) and only missing groups are created. Sign-up confirmation codes
 * that cognito-local "sends" (prints) are captured and exposed by e-mail.
 */
export interface LocalCognitoOptions {
  /** Folder that holds `.cognito/config.json` and `.cognito/db`. */
  directory: string;
  /** The local Lambda Invoke endpoint that runs the user-pool triggers. */
  lambdaEndpoint: string;
  port?: number;
  proxyPort?: number;
  /** Pool and client from a previous start (reused when cognito-local still knows them). */
  previous?: Partial<PoolIds>;
  region: string;
  onCode?: (email: string, code: string) => void;
  quiet?: boolean;
}

export interface PoolIds {
  userPoolId: string;
  userPoolClientId: string;
}

export interface LocalCognito extends PoolIds {
  /** The front (./cognito-front.ts): the SDK endpoint for handlers and admin calls. */
  endpoint: string;
  /** The same front, the browser's endpoint (kept as its own name: the web config reads it). */
  proxyEndpoint: string;
  /** cognito-local itself: the issuer of its tokens and its JWKS. */
  localEndpoint: string;
  issuer: string;
  jwksUri: string;
  confirmationCodeFor(email: string): string | undefined;
  stop(): Promise<void>;
}

export const USER_GROUPS = USER_POOL_GROUPS;

// eslint-disable-next-line no-control-regex -- ANSI colour escapes in cognito-local's pretty log
const ANSI = /\u001b\[[0-9;]*m/g;

function startChild(directory: string, port: number, quiet: boolean, onLine: (line: string) => void) {
  const startScript = path.join(repoRoot, 'node_modules/cognito-local/lib/bin/start.js');
  // The child watches a pipe from us: when this process ends in any way (even SIGKILL) the pipe closes
  // and cognito-local exits too, so no orphan keeps the port.
  const watchdog = `process.stdin.on('end',()=>process.exit(0));process.stdin.resume();require(${JSON.stringify(startScript)});`;
  const child = spawn(process.execPath, ['-e', watchdog], {
    cwd: directory,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_OPTIONS: '',
      AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE: '1',
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('cognito-local did not start within 20 s')), 20_000);
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (raw) => {
      const line = raw.replace(ANSI, '');
      if (line.includes('Cognito Local running on')) {
        clearTimeout(timer);
        resolve();
      }
      onLine(line);
      // Failures inside cognito-local (a trigger that threw, a bad request) only show up in its log.
      if (!quiet && /\b(ERROR|WARN)\b/.test(line)) console.error(`[cognito] ${line}`);
    });
    const errors = createInterface({ input: child.stderr! });
    errors.on('line', (line) => {
      if (!quiet) console.error(`[cognito] ${line}`);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`cognito-local exited with code ${code}`));
    });
  });
  return { child, ready };
}

/** The confirmation code cognito-local keeps on an unconfirmed user, read from its JSON store. */
function pendingCodeInStore(directory: string, userPoolId: string, email: string): string | undefined {
  try {
    const store = JSON.parse(
      readFileSync(path.join(directory, '.cognito', 'db', `${userPoolId}.json`), 'utf8'),
    ) as {
      Users?: Record<
        string,
        { Username?: string; ConfirmationCode?: string; Attributes?: { Name: string; Value: string }[] }
      >;
    };
    for (const user of Object.values(store.Users ?? {})) {
      const userEmail = user.Attributes?.find((a) => a.Name === 'email')?.Value?.toLowerCase();
      if ((userEmail === email || user.Username?.toLowerCase() === email) && user.ConfirmationCode) {
        return user.ConfirmationCode;
      }
    }
  } catch {
    // store not written yet or mid-write: the printed code remains the other source
  }
  return undefined;
}

/** Reads the boxed "Confirmation Code Delivery" messages cognito-local prints. */
function codeCollector(onCode: (email: string, code: string) => void) {
  let destination: string | undefined;
  return (line: string) => {
    const field = /([A-Za-z ]+):\s+(\S+)\s*│?\s*$/.exec(line.replace(/^[^A-Za-z]*│\s*/, ''));
    if (line.includes('Confirmation Code Delivery')) destination = undefined;
    if (!field) return;
    const [, name, value] = field;
    if (name?.trim() === 'Destination') destination = value;
    if (name?.trim() === 'Code' && destination && value) {
      onCode(destination.toLowerCase(), value);
      destination = undefined;
    }
  };
}

const POOL_NAME = '5d-local';
const CLIENT_NAME = '5d-web';

async function isMissing(call: Promise<unknown>): Promise<boolean> {
  try {
    await call;
    return false;
  } catch (error) {
    if (['ResourceNotFoundException', 'UserPoolNotFoundException'].includes((error as Error).name))
      return true;
    throw error;
  }
}

/** The pool of an earlier start: by the saved ids, else by name (state.json lost, data kept). */
async function findPool(
  client: CognitoIdentityProviderClient,
  previous?: Partial<PoolIds>,
): Promise<PoolIds | undefined> {
  if (previous?.userPoolId && previous.userPoolClientId) {
    const { userPoolId, userPoolClientId } = previous;
    const gone =
      (await isMissing(client.send(new DescribeUserPoolCommand({ UserPoolId: userPoolId })))) ||
      (await isMissing(
        client.send(
          new DescribeUserPoolClientCommand({ UserPoolId: userPoolId, ClientId: userPoolClientId }),
        ),
      ));
    if (!gone) return { userPoolId, userPoolClientId };
  }
  const pools = await client.send(new ListUserPoolsCommand({ MaxResults: 60 }));
  const pool = pools.UserPools?.find((candidate) => candidate.Name === POOL_NAME);
  if (!pool?.Id) return undefined;
  const clients = await client.send(new ListUserPoolClientsCommand({ UserPoolId: pool.Id, MaxResults: 60 }));
  const app = clients.UserPoolClients?.find((candidate) => candidate.ClientName === CLIENT_NAME);
  return app?.ClientId ? { userPoolId: pool.Id, userPoolClientId: app.ClientId } : undefined;
}

/** Creates only the groups the pool lacks: creating an existing group must never touch its members. */
async function ensureGroups(client: CognitoIdentityProviderClient, userPoolId: string): Promise<void> {
  for (const group of USER_GROUPS) {
    if (await isMissing(client.send(new GetGroupCommand({ UserPoolId: userPoolId, GroupName: group })))) {
      await client.send(new CreateGroupCommand({ UserPoolId: userPoolId, GroupName: group }));
    }
  }
}

async function ensurePool(
  client: CognitoIdentityProviderClient,
  previous?: Partial<PoolIds>,
): Promise<PoolIds> {
  const found = await findPool(client, previous);
  if (found) {
    // Pools made by an older version may lack a group added since.
    await ensureGroups(client, found.userPoolId);
    return found;
  }
  const pool = await client.send(
    new CreateUserPoolCommand({
      PoolName: POOL_NAME,
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      Policies: {
        PasswordPolicy: {
          MinimumLength: 8,
          RequireLowercase: false,
          RequireUppercase: false,
          RequireNumbers: false,
          RequireSymbols: false,
        },
      },
      Schema: [
        { Name: 'name', AttributeDataType: 'String', Mutable: true, Required: true },
        { Name: 'role', AttributeDataType: 'String', Mutable: true },
      ],
    }),
  );
  const userPoolId = pool.UserPool!.Id!;
  const app = await client.send(
    new CreateUserPoolClientCommand({
      UserPoolId: userPoolId,
      ClientName: CLIENT_NAME,
      GenerateSecret: false,
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
    }),
  );
  await ensureGroups(client, userPoolId);
  return { userPoolId, userPoolClientId: app.UserPoolClient!.ClientId! };
}

export async function startLocalCognito(options: LocalCognitoOptions): Promise<LocalCognito> {
  const port = options.port || (await freePort());
  const endpoint = `http://127.0.0.1:${port}`;
  const configDir = path.join(options.directory, '.cognito');
  mkdirSync(path.join(configDir, 'db'), { recursive: true });
  // Rewritten on every start: ports may differ between starts.
  writeFileSync(
    path.join(configDir, 'config.json'),
    JSON.stringify(
      {
        LambdaClient: {
          endpoint: options.lambdaEndpoint,
          region: options.region,
          credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
          maxRetries: 0,
        },
        TriggerFunctions: {
          PostConfirmation: 'post-confirmation',
          PreTokenGeneration: LOCAL_PRE_TOKEN_FUNCTION,
        },
        UserPoolDefaults: { UsernameAttributes: ['email'] },
        TokenConfig: { IssuerDomain: endpoint },
      },
      null,
      2,
    ),
  );

  const codes = new Map<string, string>();
  const record = (email: string, code: string) => {
    if (codes.get(email) === code) return; // seen already (store first, log later, or the reverse)
    codes.set(email, code);
    options.onCode?.(email, code);
  };
  const collect = Object.assign(codeCollector(record), { record });
  const quiet = options.quiet ?? false;
  const kill = (proc: ChildProcess) =>
    new Promise<void>((resolve) => {
      if (proc.exitCode !== null || proc.signalCode !== null) {
        resolve();
        return;
      }
      proc.once('exit', () => resolve());
      proc.kill('SIGTERM');
    });
  // cognito-local dying (a bug in it, an OOM) must not leave the stack without sign-in: it is started
  // again on the same port with the same data, and the front keeps answering meanwhile (502).
  let stopping = false;
  let child: ChildProcess;
  const supervise = (started: ReturnType<typeof startChild>) => {
    child = started.child;
    started.child.once('exit', (code, signal) => {
      if (stopping) return;
      console.error(`[cognito] cognito-local exited (${signal ?? code}); starting it again`);
      const again = startChild(options.directory, port, quiet, collect);
      supervise(again);
      again.ready.catch((error: unknown) => console.error(`[cognito] restart failed: ${String(error)}`));
    });
    return started.ready;
  };
  try {
    await supervise(startChild(options.directory, port, quiet, collect));
  } catch (error) {
    stopping = true;
    await kill(child!);
    throw error;
  }

  // Everyone, this module's own admin calls included, goes through the strict front.
  let ids: PoolIds | undefined;
  const agent = new http.Agent({ keepAlive: true });
  const front = cognitoFront(port, agent, {
    resendCode: (username) => {
      const email = username.toLowerCase();
      const code = codes.get(email) ?? (ids && pendingCodeInStore(options.directory, ids.userPoolId, email));
      if (!code) return undefined;
      options.onCode?.(email, code);
      return code;
    },
    signedUp: (username) => {
      // cognito-local's printed box reaches us through its async logger, late under load; the code is
      // already in its user store when SignUp answers, so take it from there (printed once either way).
      const email = username.toLowerCase();
      if (codes.has(email) || !ids) return;
      const code = pendingCodeInStore(options.directory, ids.userPoolId, email);
      if (code) collect.record(email, code);
    },
  });
  containEmulator(front, 'cognito', awsJsonErrorAnswer('InternalErrorException'));
  const stopAll = async () => {
    stopping = true;
    await closeServer(front);
    agent.destroy();
    await kill(child);
  };
  let frontEndpoint: string;
  try {
    frontEndpoint = `http://127.0.0.1:${await listen(front, options.proxyPort ?? 0)}`;
    const admin = new CognitoIdentityProviderClient({
      endpoint: frontEndpoint,
      region: options.region,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    try {
      ids = await ensurePool(admin, options.previous);
    } finally {
      admin.destroy();
    }
  } catch (error) {
    await stopAll();
    throw error;
  }

  return {
    ...ids,
    endpoint: frontEndpoint,
    proxyEndpoint: frontEndpoint,
    localEndpoint: endpoint,
    issuer: `${endpoint}/${ids.userPoolId}`,
    jwksUri: `${endpoint}/${ids.userPoolId}/.well-known/jwks.json`,
    confirmationCodeFor: (email) => codes.get(email.toLowerCase()),
    stop: stopAll,
  };
}
