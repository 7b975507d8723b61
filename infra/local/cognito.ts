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
} from '@aws-sdk/client-cognito-identity-provider';
import { USER_POOL_GROUPS } from '../../shared/schemas/profile';
import { repoRoot } from './handlers';
import { LOCAL_PRE_TOKEN_FUNCTION } from './lambda-invoke';
import { closeServer, freePort, listen, readBody } from './net';

/**
 * Cognito user pools for the local twin: cognito-local 5.3 as a child process (its data in
 * `<directory>/.cognito/db`), plus a small proxy in front of it that
 *  - rewrites Amplify v6's `GetTokensFromRefreshToken` (unknown to cognito-local) into
 *    `InitiateAuth` REFRESH_TOKEN_AUTH and maps the answer back,
 *  - adds CORS headers, since the browser calls it directly from the app's origin.
 * The proxy's URL is the web app's `userPoolEndpoint`. Sign-up confirmation codes that cognito-local
 * "sends" (prints) are captured and exposed by e-mail.
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
  /** cognito-local itself (the SDK endpoint for handlers and admin calls). */
  endpoint: string;
  /** The proxy in front of it (the browser's endpoint, with the refresh rewrite and CORS). */
  proxyEndpoint: string;
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

async function ensurePool(
  client: CognitoIdentityProviderClient,
  previous?: Partial<PoolIds>,
): Promise<PoolIds> {
  if (previous?.userPoolId && previous.userPoolClientId) {
    let exists = true;
    try {
      await client.send(new DescribeUserPoolCommand({ UserPoolId: previous.userPoolId }));
      await client.send(
        new DescribeUserPoolClientCommand({
          UserPoolId: previous.userPoolId,
          ClientId: previous.userPoolClientId,
        }),
      );
    } catch {
      exists = false; // gone (data wiped): create a new pool below
    }
    if (exists) {
      // Pools made by an older version may lack a group added since.
      for (const group of USER_GROUPS) {
        await client
          .send(new CreateGroupCommand({ UserPoolId: previous.userPoolId, GroupName: group }))
          .catch((error: unknown) => {
            if ((error as Error).name !== 'GroupExistsException') throw error;
          });
      }
      return { userPoolId: previous.userPoolId, userPoolClientId: previous.userPoolClientId };
    }
  }
  const pool = await client.send(
    new CreateUserPoolCommand({
      PoolName: '5d-local',
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
      ClientName: '5d-web',
      GenerateSecret: false,
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
    }),
  );
  for (const group of USER_GROUPS) {
    await client.send(new CreateGroupCommand({ UserPoolId: userPoolId, GroupName: group }));
  }
  return { userPoolId, userPoolClientId: app.UserPoolClient!.ClientId! };
}

const CORS_HEADERS = {
  'access-control-allow-methods': 'POST, GET, OPTIONS',
  'access-control-allow-headers':
    'content-type, x-amz-target, x-amz-user-agent, authorization, cache-control, amz-sdk-invocation-id, amz-sdk-request',
  'access-control-expose-headers': 'x-amzn-requestid, x-amzn-errortype, x-amzn-errormessage, date',
  'access-control-max-age': '600',
};

/**
 * cognito-local lacks ResendConfirmationCode. The proxy answers it by delivering the user's pending code
 * again (printed like the first one), which is what a user of the local platform needs from "resend".
 */
type ResendCode = (username: string) => string | undefined;
/** Called after a successful SignUp through the proxy, with the username (the e-mail). */
type SignedUp = (username: string) => void;

function refreshProxy(
  target: number,
  agent: http.Agent,
  resendCode: ResendCode,
  signedUp: SignedUp,
): http.Server {
  const send = (method: string, url: string, headers: http.OutgoingHttpHeaders, body: Buffer) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const request = http.request(
        { host: '127.0.0.1', port: target, method, path: url, headers, agent },
        (res) => {
          readBody(res).then(
            (data) => resolve({ status: res.statusCode ?? 502, headers: res.headers, body: data }),
            reject,
          );
        },
      );
      request.on('error', reject);
      request.end(body);
    });

  return http.createServer((req, res) => {
    void (async () => {
      const origin = req.headers.origin;
      const cors = { ...CORS_HEADERS, 'access-control-allow-origin': origin ?? '*', vary: 'Origin' };
      if (req.method === 'OPTIONS') {
        res.writeHead(204, cors);
        res.end();
        return;
      }
      try {
        let body = await readBody(req);
        const headers: http.OutgoingHttpHeaders = { ...req.headers, host: `127.0.0.1:${target}` };
        delete headers.connection;
        const operation = String(req.headers['x-amz-target'] ?? '')
          .split('.')
          .pop();
        if (req.method === 'POST' && operation === 'ResendConfirmationCode') {
          const input = JSON.parse(body.toString('utf8') || '{}') as { Username?: string };
          const username = String(input.Username ?? '');
          const delivered = resendCode(username);
          const answer = delivered
            ? {
                status: 200,
                body: {
                  CodeDeliveryDetails: {
                    Destination: username,
                    DeliveryMedium: 'EMAIL',
                    AttributeName: 'email',
                  },
                },
              }
            : {
                status: 400,
                body: {
                  __type: 'InvalidParameterException',
                  message: 'Nenhum código pendente para este usuário (a conta já foi confirmada?).',
                },
              };
          const out = Buffer.from(JSON.stringify(answer.body));
          res.writeHead(answer.status, {
            ...cors,
            'content-type': 'application/x-amz-json-1.1',
            'content-length': out.length,
            ...(answer.status === 200 ? {} : { 'x-amzn-errortype': answer.body.__type as string }),
          });
          res.end(out);
          return;
        }
        const rewrite = req.method === 'POST' && operation === 'GetTokensFromRefreshToken';
        if (rewrite) {
          const input = JSON.parse(body.toString('utf8') || '{}') as {
            ClientId?: string;
            RefreshToken?: string;
            ClientSecret?: string;
            ClientMetadata?: Record<string, string>;
          };
          body = Buffer.from(
            JSON.stringify({
              AuthFlow: 'REFRESH_TOKEN_AUTH',
              ClientId: input.ClientId,
              AuthParameters: {
                REFRESH_TOKEN: input.RefreshToken,
                ...(input.ClientSecret ? { SECRET_HASH: input.ClientSecret } : {}),
              },
              ClientMetadata: input.ClientMetadata,
            }),
          );
          headers['x-amz-target'] = 'AWSCognitoIdentityProviderService.InitiateAuth';
        }
        headers['content-length'] = body.length;
        const answer = await send(req.method ?? 'GET', req.url ?? '/', headers, body);
        if (req.method === 'POST' && operation === 'SignUp' && answer.status === 200) {
          const input = JSON.parse(body.toString('utf8') || '{}') as { Username?: string };
          if (input.Username) signedUp(String(input.Username));
        }
        let out = answer.body;
        if (rewrite && answer.status === 200) {
          const parsed = JSON.parse(out.toString('utf8')) as { AuthenticationResult?: unknown };
          out = Buffer.from(JSON.stringify({ AuthenticationResult: parsed.AuthenticationResult }));
        }
        const responseHeaders: http.OutgoingHttpHeaders = {};
        for (const [name, value] of Object.entries(answer.headers)) {
          if (value === undefined || name.startsWith('access-control-')) continue;
          if (['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'etag'].includes(name))
            continue;
          responseHeaders[name] = value;
        }
        res.writeHead(answer.status, { ...responseHeaders, ...cors, 'content-length': out.length });
        res.end(out);
      } catch (error) {
        res.writeHead(502, { ...cors, 'content-type': 'application/x-amz-json-1.1' });
        res.end(JSON.stringify({ __type: 'InternalErrorException', message: String(error) }));
      }
    })();
  });
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
  const { child, ready } = startChild(options.directory, port, options.quiet ?? false, collect);
  const kill = (proc: ChildProcess) =>
    new Promise<void>((resolve) => {
      if (proc.exitCode !== null || proc.signalCode !== null) {
        resolve();
        return;
      }
      proc.once('exit', () => resolve());
      proc.kill('SIGTERM');
    });
  try {
    await ready;
  } catch (error) {
    await kill(child);
    throw error;
  }

  const admin = new CognitoIdentityProviderClient({
    endpoint,
    region: options.region,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  let ids: PoolIds;
  try {
    ids = await ensurePool(admin, options.previous);
  } catch (error) {
    await kill(child);
    throw error;
  } finally {
    admin.destroy();
  }

  const agent = new http.Agent({ keepAlive: true });
  const proxy = refreshProxy(
    port,
    agent,
    (username) => {
      const email = username.toLowerCase();
      const code = codes.get(email) ?? pendingCodeInStore(options.directory, ids.userPoolId, email);
      if (!code) return undefined;
      options.onCode?.(email, code);
      return code;
    },
    (username) => {
      // cognito-local's printed box reaches us through its async logger, late under load; the code is
      // already in its user store when SignUp answers, so take it from there (printed once either way).
      const email = username.toLowerCase();
      if (codes.has(email)) return;
      const code = pendingCodeInStore(options.directory, ids.userPoolId, email);
      if (code) collect.record(email, code);
    },
  );
  const proxyPort = await listen(proxy, options.proxyPort ?? 0);

  return {
    ...ids,
    endpoint,
    proxyEndpoint: `http://127.0.0.1:${proxyPort}`,
    issuer: `${endpoint}/${ids.userPoolId}`,
    jwksUri: `${endpoint}/${ids.userPoolId}/.well-known/jwks.json`,
    confirmationCodeFor: (email) => codes.get(email.toLowerCase()),
    async stop() {
      await closeServer(proxy);
      agent.destroy();
      await kill(child);
    },
  };
}
