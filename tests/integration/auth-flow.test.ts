import { createPrivateKey, generateKeyPairSync, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import {
  AdminListGroupsForUserCommand,
  CognitoIdentityProviderClient,
  ChangePasswordCommand,
  ConfirmSignUpCommand,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { authErrorText } from '../../web/src/auth/auth-error-text';
import { confirmationCode } from '../support/cognito-users';
import { shellTranslator } from '../support/shell-translator';

/**
 * The first slice through the real emulators and the local router: sign-up with name + role →
 * confirmation with the code cognito-local printed → PostConfirmation trigger (profile, wallet, group)
 * → sign-in → the profile through the JWT-checked router; refresh through the proxy; auth failures.
 */
const apiUrl = inject('apiUrl');
const clientId = inject('userPoolClientId');
const poolId = process.env.USER_POOL_ID!;
const TableName = process.env.TABLE_NAME!;

const viaProxy = new CognitoIdentityProviderClient({
  endpoint: inject('cognitoProxyUrl'),
  region: 'us-east-1',
});
const admin = new CognitoIdentityProviderClient({ region: process.env.AWS_REGION });
const ddb = new DynamoDBClient({ region: process.env.AWS_REGION });
const db = DynamoDBDocumentClient.from(ddb);
afterAll(() => {
  viaProxy.destroy();
  admin.destroy();
  ddb.destroy();
});

const api = (path: string, init: RequestInit = {}) => fetch(apiUrl + path, init);
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function expectUnauthorized(response: Response) {
  expect(response.status).toBe(401);
  const body = (await response.json()) as { error: { code: string; message: string } };
  expect(body.error.code).toBe('UNAUTHORIZED');
  expect(body.error.message).toEqual(expect.any(String));
}

describe('signed-in user, end to end', () => {
  const email = `ana.${randomUUID().slice(0, 8)}@example.com`;
  const password = 'senha-forte-123';
  let sub = '';
  let idToken = '';
  let refreshToken = '';
  let accessToken = '';

  beforeAll(async () => {
    const signUp = await viaProxy.send(
      new SignUpCommand({
        ClientId: clientId,
        Username: email,
        Password: password,
        UserAttributes: [
          { Name: 'name', Value: 'Ana Souza' },
          { Name: 'custom:role', Value: 'creator' },
        ],
      }),
    );
    sub = signUp.UserSub!;
    expect(signUp.UserConfirmed).toBe(false);
    await viaProxy.send(
      new ConfirmSignUpCommand({
        ClientId: clientId,
        Username: email,
        ConfirmationCode: await confirmationCode(email),
      }),
    );
    const auth = await viaProxy.send(
      new InitiateAuthCommand({
        ClientId: clientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );
    idToken = auth.AuthenticationResult!.IdToken!;
    refreshToken = auth.AuthenticationResult!.RefreshToken!;
    accessToken = auth.AuthenticationResult!.AccessToken!;
  });

  it('a wrong password, at sign-in or as the current password, reads in the user language (issue 18)', async () => {
    const signIn = await viaProxy
      .send(
        new InitiateAuthCommand({
          ClientId: clientId,
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: email, PASSWORD: 'senha-errada-999' },
        }),
      )
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(signIn).toBeInstanceOf(Error);
    expect(authErrorText(signIn, 'signIn', await shellTranslator('pt-BR'))).toBe(
      'E-mail ou senha incorretos.',
    );
    expect(authErrorText(signIn, 'signIn', await shellTranslator('es-ES'))).toBe(
      'Correo o contraseña incorrectos.',
    );

    const change = await viaProxy
      .send(
        new ChangePasswordCommand({
          AccessToken: accessToken,
          PreviousPassword: 'senha-errada-999',
          ProposedPassword: 'outra-senha-456',
        }),
      )
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(change).toBeInstanceOf(Error);
    expect(authErrorText(change, 'changePassword', await shellTranslator('pt-BR'))).toBe(
      'A senha atual está incorreta.',
    );
    expect(authErrorText(change, 'changePassword', await shellTranslator('en-US'))).toBe(
      'The current password is incorrect.',
    );
  });

  it('ran the PostConfirmation trigger: profile, empty wallet, role group', async () => {
    const profile = await db.send(new GetCommand({ TableName, Key: { PK: `USER#${sub}`, SK: 'PROFILE' } }));
    expect(profile.Item).toMatchObject({ full_name: 'Ana Souza', email, role: 'creator' });
    const wallet = await db.send(new GetCommand({ TableName, Key: { PK: `USER#${sub}`, SK: 'WALLET' } }));
    expect(wallet.Item).toBeDefined();
    const groups = await admin.send(new AdminListGroupsForUserCommand({ UserPoolId: poolId, Username: sub }));
    expect(groups.Groups?.map((g) => g.GroupName)).toEqual(['creator']);
  });

  it('issues ID tokens like Cognito: aud = client id, token_use id, name and groups', () => {
    const claims = decodeJwt(idToken);
    expect(claims).toMatchObject({
      aud: clientId,
      token_use: 'id',
      sub,
      name: 'Ana Souza',
      'custom:role': 'creator',
    });
    expect(claims['cognito:groups']).toEqual(['creator']);
  });

  it('GET /api/me/profile returns the caller profile', async () => {
    const response = await api('/api/me/profile', { headers: bearer(idToken) });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      profile: { id: sub, full_name: 'Ana Souza', email, role: 'creator', created_at: expect.any(String) },
    });
  });

  it('PATCH /api/me/profile: malformed JSON → 400 JSON, valid body → updated', async () => {
    const bad = await api('/api/me/profile', {
      method: 'PATCH',
      headers: { ...bearer(idToken), 'content-type': 'application/json' },
      body: '{"full_name": ',
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { code: string } }).error.code).toBe('INVALID_JSON');

    const invalid = await api('/api/me/profile', {
      method: 'PATCH',
      headers: { ...bearer(idToken), 'content-type': 'application/json' },
      body: JSON.stringify({ full_name: '' }),
    });
    expect(invalid.status).toBe(400);

    const ok = await api('/api/me/profile', {
      method: 'PATCH',
      headers: { ...bearer(idToken), 'content-type': 'application/json' },
      body: JSON.stringify({ full_name: 'Ana S.' }),
    });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ profile: { full_name: 'Ana S.' } });
  });

  it('refreshes through the proxy with Amplify v6 GetTokensFromRefreshToken', async () => {
    const response = await fetch(inject('cognitoProxyUrl'), {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.GetTokensFromRefreshToken',
        origin: 'http://localhost:3000',
      },
      body: JSON.stringify({ ClientId: clientId, RefreshToken: refreshToken }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    const body = (await response.json()) as {
      AuthenticationResult: { IdToken: string; AccessToken: string };
    };
    expect(Object.keys(body)).toEqual(['AuthenticationResult']);
    expect(decodeJwt(body.AuthenticationResult.AccessToken).token_use).toBe('access');
    const me = await api('/api/me/profile', { headers: bearer(body.AuthenticationResult.IdToken) });
    expect(me.status).toBe(200);

    const bad = await fetch(inject('cognitoProxyUrl'), {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.GetTokensFromRefreshToken',
      },
      body: JSON.stringify({ ClientId: clientId, RefreshToken: 'not-a-token' }),
    });
    expect(bad.status).toBe(400);
  });

  it('answers the browser preflight on the proxy', async () => {
    const response = await fetch(inject('cognitoProxyUrl'), {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:3000',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-amz-target,x-amz-user-agent',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    expect(response.headers.get('access-control-allow-headers')).toContain('x-amz-target');
  });

  it('rejects an access token on an ID-token route', async () => {
    const auth = await viaProxy.send(
      new InitiateAuthCommand({
        ClientId: clientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );
    await expectUnauthorized(
      await api('/api/me/profile', { headers: bearer(auth.AuthenticationResult!.AccessToken!) }),
    );
  });

  it('a valid token on a public route still reaches the handler (optional auth)', async () => {
    const response = await api('/api/geo', { headers: bearer(idToken) });
    expect(response.status).toBe(200);
  });
});

describe('router auth and errors', () => {
  const cognitoKey = () => {
    const file = new URL(
      '../../node_modules/cognito-local/lib/keys/cognitoLocal.private.json',
      import.meta.url,
    );
    const { pem } = JSON.parse(readFileSync(file, 'utf8')) as { pem: string };
    return createPrivateKey(pem);
  };
  const issuer = process.env.COGNITO_ISSUER!;
  const claims = { sub: randomUUID(), token_use: 'id', email: 'x@example.com' };

  it('401 JSON without a token, with garbage, and with a Basic header', async () => {
    await expectUnauthorized(await api('/api/me/profile'));
    await expectUnauthorized(await api('/api/me/profile', { headers: bearer('abc.def.ghi') }));
    await expectUnauthorized(await api('/api/me/profile', { headers: { authorization: 'Basic dTpw' } }));
    await expectUnauthorized(await api('/api/me/profile', { method: 'PATCH', body: '{' }));
  });

  it('401 for a forged token (right claims, wrong key)', async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const forged = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: 'CognitoLocal' })
      .setIssuer(issuer)
      .setAudience(clientId)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(privateKey);
    await expectUnauthorized(await api('/api/me/profile', { headers: bearer(forged) }));
  });

  it('401 for an expired, wrong-audience or wrong-issuer token signed with the pool key', async () => {
    const sign = (aud: string, iss: string, exp: number) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: 'CognitoLocal' })
        .setIssuer(iss)
        .setAudience(aud)
        .setIssuedAt(exp - 3600)
        .setExpirationTime(exp)
        .sign(cognitoKey());
    const now = Math.floor(Date.now() / 1000);
    await expectUnauthorized(
      await api('/api/me/profile', { headers: bearer(await sign(clientId, issuer, now - 60)) }),
    );
    await expectUnauthorized(
      await api('/api/me/profile', { headers: bearer(await sign('other', issuer, now + 600)) }),
    );
    await expectUnauthorized(
      await api('/api/me/profile', { headers: bearer(await sign(clientId, 'http://evil/x', now + 600)) }),
    );
    // The same key, audience and issuer with a future expiry passes the authorizer (profile absent → 404).
    const valid = await api('/api/me/profile', { headers: bearer(await sign(clientId, issuer, now + 600)) });
    expect(valid.status).toBe(404);
  });

  it('GET /api/geo returns the viewer country as CloudFront sets it (BR locally); a client cannot choose it', async () => {
    expect(await (await api('/api/geo')).json()).toEqual({ country: 'BR' });
    const spoofed = await api('/api/geo', { headers: { 'cloudfront-viewer-country': 'pt' } });
    expect(await spoofed.json()).toEqual({ country: 'BR' });
  });

  it('unknown route → 404 JSON, wrong method → 405 JSON', async () => {
    const missing = await api('/api/does-not-exist');
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND');
    const wrong = await api('/api/geo', { method: 'DELETE' });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('GET');
    expect(((await wrong.json()) as { error: { code: string } }).error.code).toBe('METHOD_NOT_ALLOWED');
  });
});
