import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { SignJWT } from 'jose';
import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signUpConfirmed } from '../support/cognito-users';

/**
 * Open routes (no HTTP API authorizer) get no claims from API Gateway, and the local router gives them
 * none either. A signed-in caller is recognised there only because the handler verifies the ID token
 * itself (lambdas/_lib/auth.ts optionalCaller): these tests prove the identity reaches the Lambda.
 */
const apiUrl = inject('apiUrl');
const cognito = new CognitoIdentityProviderClient({
  endpoint: inject('cognitoProxyUrl'),
  region: 'us-east-1',
});
afterAll(() => cognito.destroy());

async function signedInIdToken(): Promise<string> {
  return (await signUpConfirmed(cognito, { name: 'Bia Open', role: 'client', emailPrefix: 'open' })).idToken;
}

const generate = (headers: Record<string, string> = {}) =>
  fetch(`${apiUrl}/api/functions/suno-create-music`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ description: 'um trap sombrio com 808', style: 'Trap', duration: 30 }),
  });

describe('optional sign-in on open routes', () => {
  let idToken = '';
  beforeAll(async () => {
    idToken = await signedInIdToken();
  });

  it('meters a signed-in caller as that user: no plan and no coins → 402, not an anonymous slot', async () => {
    const response = await generate({ authorization: `Bearer ${idToken}` });
    expect(response.status).toBe(402);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('INSUFFICIENT_FUNDS');
  });

  it('answers a forged token with 401 instead of treating the caller as anonymous', async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const forged = await new SignJWT({ sub: 'someone', token_use: 'id' })
      .setProtectedHeader({ alg: 'RS256', kid: 'forged' })
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(privateKey);
    const response = await generate({ authorization: `Bearer ${forged}` });
    expect(response.status).toBe(401);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('UNAUTHORIZED');
  });
});
