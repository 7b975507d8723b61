import http from 'node:http';
import { readBody } from './net';

/**
 * The front every client of the local Cognito talks to (the browser, the handlers' SDK clients, the
 * tests), in front of cognito-local. It fills cognito-local's gaps and makes it as strict as Cognito:
 *  - CreateGroup of a group that exists answers GroupExistsException (cognito-local overwrote the group
 *    and dropped its members, so every creator lost their role on each restart), and GetGroup of a
 *    missing group ResourceNotFoundException (cognito-local fails with a 500 on a pool with no group);
 *  - Amplify v6's GetTokensFromRefreshToken (unknown to cognito-local) becomes InitiateAuth
 *    REFRESH_TOKEN_AUTH, answered in the shape Amplify expects;
 *  - ResendConfirmationCode (missing) delivers the user's pending code again;
 *  - CORS headers, since the browser calls it directly from the app's origin.
 */
const CORS_HEADERS = {
  'access-control-allow-methods': 'POST, GET, OPTIONS',
  'access-control-allow-headers':
    'content-type, x-amz-target, x-amz-user-agent, authorization, cache-control, amz-sdk-invocation-id, amz-sdk-request',
  'access-control-expose-headers': 'x-amzn-requestid, x-amzn-errortype, x-amzn-errormessage, date',
  'access-control-max-age': '600',
};

const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';

export interface CognitoFrontHooks {
  /** The user's pending confirmation code, delivered again; undefined when there is none. */
  resendCode(username: string): string | undefined;
  /** Called after a successful SignUp, with the username (the e-mail). */
  signedUp(username: string): void;
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

type Json = Record<string, unknown>;

const parse = (body: Buffer): Json => {
  try {
    return (JSON.parse(body.toString('utf8') || '{}') as Json) ?? {};
  } catch {
    return {};
  }
};

/** An error in Cognito's JSON protocol. */
function cognitoError(status: number, type: string, message: string): Answer {
  return {
    status,
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amzn-errortype': type },
    body: Buffer.from(JSON.stringify({ __type: type, message })),
  };
}

function jsonAnswer(body: unknown): Answer {
  return {
    status: 200,
    headers: { 'content-type': 'application/x-amz-json-1.1' },
    body: Buffer.from(JSON.stringify(body)),
  };
}

export function cognitoFront(target: number, agent: http.Agent, hooks: CognitoFrontHooks): http.Server {
  const send = (method: string, url: string, headers: http.OutgoingHttpHeaders, body: Buffer) =>
    new Promise<Answer>((resolve, reject) => {
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

  /** Calls one operation on cognito-local with the caller's headers (auth, user agent). */
  const call = (operation: string, input: Json, headers: http.OutgoingHttpHeaders) => {
    const body = Buffer.from(JSON.stringify(input));
    return send(
      'POST',
      '/',
      { ...headers, 'x-amz-target': TARGET_PREFIX + operation, 'content-length': body.length },
      body,
    );
  };

  /** Whether the pool has the group (ListGroups: GetGroup fails with a 500 on a pool without groups). */
  const groupExists = async (input: Json, headers: http.OutgoingHttpHeaders): Promise<boolean | Answer> => {
    const listed = await call('ListGroups', { UserPoolId: input.UserPoolId, Limit: 60 }, headers);
    if (listed.status !== 200) return listed;
    const groups = (parse(listed.body) as { Groups?: { GroupName?: string }[] }).Groups ?? [];
    return groups.some((group) => group.GroupName === input.GroupName);
  };

  // CreateGroup checks then creates: serialised, so two concurrent creates cannot both pass the check.
  let groupCreation: Promise<unknown> = Promise.resolve();
  const createGroup = (input: Json, headers: http.OutgoingHttpHeaders, body: Buffer): Promise<Answer> => {
    const run = async (): Promise<Answer> => {
      const exists = await groupExists(input, headers);
      if (typeof exists !== 'boolean') return exists;
      if (exists) return cognitoError(400, 'GroupExistsException', 'A group with the name already exists.');
      return send('POST', '/', headers, body);
    };
    const result = groupCreation.then(run, run);
    groupCreation = result.catch(() => undefined);
    return result;
  };

  const getGroup = async (input: Json, headers: http.OutgoingHttpHeaders, body: Buffer): Promise<Answer> => {
    const answer = await send('POST', '/', headers, body);
    if (answer.status < 500) return answer;
    const exists = await groupExists(input, headers);
    return exists === false ? cognitoError(400, 'ResourceNotFoundException', 'Group not found') : answer;
  };

  const resend = (input: Json): Answer => {
    const username = String(input.Username ?? '');
    if (!hooks.resendCode(username)) {
      return cognitoError(
        400,
        'InvalidParameterException',
        'Nenhum código pendente para este usuário (a conta já foi confirmada?).',
      );
    }
    return jsonAnswer({
      CodeDeliveryDetails: { Destination: username, DeliveryMedium: 'EMAIL', AttributeName: 'email' },
    });
  };

  const refresh = async (input: Json, headers: http.OutgoingHttpHeaders): Promise<Answer> => {
    const answer = await call(
      'InitiateAuth',
      {
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: input.ClientId,
        AuthParameters: {
          REFRESH_TOKEN: input.RefreshToken,
          ...(input.ClientSecret ? { SECRET_HASH: input.ClientSecret } : {}),
        },
        ClientMetadata: input.ClientMetadata,
      },
      headers,
    );
    if (answer.status !== 200) return answer;
    const parsed = parse(answer.body) as { AuthenticationResult?: unknown };
    return {
      ...answer,
      body: Buffer.from(JSON.stringify({ AuthenticationResult: parsed.AuthenticationResult })),
    };
  };

  const route = async (req: http.IncomingMessage, body: Buffer): Promise<Answer> => {
    const headers: http.OutgoingHttpHeaders = { ...req.headers, host: `127.0.0.1:${target}` };
    delete headers.connection;
    headers['content-length'] = body.length;
    const operation = String(req.headers['x-amz-target'] ?? '')
      .split('.')
      .pop();
    if (req.method !== 'POST') return send(req.method ?? 'GET', req.url ?? '/', headers, body);
    switch (operation) {
      case 'CreateGroup':
        return createGroup(parse(body), headers, body);
      case 'GetGroup':
        return getGroup(parse(body), headers, body);
      case 'ResendConfirmationCode':
        return resend(parse(body));
      case 'GetTokensFromRefreshToken':
        return refresh(parse(body), headers);
      case 'SignUp': {
        const answer = await send('POST', req.url ?? '/', headers, body);
        const username = parse(body).Username;
        if (answer.status === 200 && typeof username === 'string' && username) hooks.signedUp(username);
        return answer;
      }
      default:
        return send('POST', req.url ?? '/', headers, body);
    }
  };

  return http.createServer((req, res) => {
    void (async () => {
      const origin = req.headers.origin;
      const cors = { ...CORS_HEADERS, 'access-control-allow-origin': origin ?? '*', vary: 'Origin' };
      if (req.method === 'OPTIONS') {
        res.writeHead(204, cors);
        res.end();
        return;
      }
      let answer: Answer;
      try {
        answer = await route(req, await readBody(req));
      } catch (error) {
        answer = cognitoError(502, 'InternalErrorException', String(error));
      }
      const responseHeaders: http.OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(answer.headers)) {
        if (value === undefined || name.startsWith('access-control-')) continue;
        if (['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'etag'].includes(name))
          continue;
        responseHeaders[name] = value;
      }
      res.writeHead(answer.status, { ...responseHeaders, ...cors, 'content-length': answer.body.length });
      res.end(answer.body);
    })();
  });
}
