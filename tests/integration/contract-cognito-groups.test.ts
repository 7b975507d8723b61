import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminListGroupsForUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  DescribeUserPoolCommand,
  GetGroupCommand,
  InitiateAuthCommand,
  ListUsersInGroupCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { decodeJwt } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import { startLocalCognito, type LocalCognito, type PoolIds } from '../../infra/local/cognito';

/**
 * Contract: Cognito user pool groups, as the Amazon Cognito API reference documents them —
 * CreateGroup of a name the pool already has fails with GroupExistsException and changes nothing;
 * GetGroup of a missing group fails with ResourceNotFoundException; users, their group memberships and
 * the pool's settings are durable. The test speaks the Cognito API through the SDK to the endpoint the
 * platform uses (the twin's front, infra/local/cognito-front.ts, over cognito-local), so the same
 * assertions hold against a real pool. The restart part runs its own Cognito twin in a temp directory
 * and restarts it, as `npm start` does, three times.
 */
const region = process.env.AWS_REGION!;
const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
const clients: CognitoIdentityProviderClient[] = [];
const client = (endpoint = process.env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER!) => {
  const created = new CognitoIdentityProviderClient({ endpoint, region, credentials });
  clients.push(created);
  return created;
};
afterAll(() => clients.forEach((c) => c.destroy()));

async function errorName(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return (error as Error).name;
  }
  return 'no error';
}

async function createMember(cognito: CognitoIdentityProviderClient, UserPoolId: string, group: string) {
  const email = `contract.${randomUUID().slice(0, 8)}@example.com`;
  const created = await cognito.send(
    new AdminCreateUserCommand({
      UserPoolId,
      Username: email,
      MessageAction: 'SUPPRESS',
      TemporaryPassword: 'temporaria-123',
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'name', Value: 'Contrato' },
      ],
    }),
  );
  const username = created.User!.Username!;
  await cognito.send(
    new AdminSetUserPasswordCommand({
      UserPoolId,
      Username: username,
      Password: 'senha-forte-123',
      Permanent: true,
    }),
  );
  await cognito.send(new AdminAddUserToGroupCommand({ UserPoolId, Username: username, GroupName: group }));
  return { email, username };
}

describe('CreateGroup / GetGroup (Cognito contract)', () => {
  it('creating a group that exists fails with GroupExistsException and keeps its members', async () => {
    const cognito = client();
    const UserPoolId = process.env.USER_POOL_ID!;
    const member = await createMember(cognito, UserPoolId, 'creator');
    expect(await errorName(cognito.send(new CreateGroupCommand({ UserPoolId, GroupName: 'creator' })))).toBe(
      'GroupExistsException',
    );
    const groups = await cognito.send(
      new AdminListGroupsForUserCommand({ UserPoolId, Username: member.username }),
    );
    expect(groups.Groups?.map((g) => g.GroupName)).toEqual(['creator']);
    const members = await cognito.send(new ListUsersInGroupCommand({ UserPoolId, GroupName: 'creator' }));
    expect(members.Users?.map((u) => u.Username)).toContain(member.username);
  });

  it('a new group can be created once; GetGroup of a missing one is ResourceNotFoundException', async () => {
    const cognito = client();
    const UserPoolId = process.env.USER_POOL_ID!;
    const GroupName = `contract-${randomUUID().slice(0, 8)}`;
    expect(await errorName(cognito.send(new GetGroupCommand({ UserPoolId, GroupName })))).toBe(
      'ResourceNotFoundException',
    );
    const created = await cognito.send(new CreateGroupCommand({ UserPoolId, GroupName, Description: 'x' }));
    expect(created.Group?.GroupName).toBe(GroupName);
    const results = await Promise.allSettled([
      cognito.send(new CreateGroupCommand({ UserPoolId, GroupName })),
      cognito.send(new CreateGroupCommand({ UserPoolId, GroupName })),
    ]);
    expect(results.map((r) => (r.status === 'rejected' ? (r.reason as Error).name : 'ok'))).toEqual([
      'GroupExistsException',
      'GroupExistsException',
    ]);
    expect((await cognito.send(new GetGroupCommand({ UserPoolId, GroupName }))).Group?.Description).toBe('x');
  });
});

describe('durability across restarts of the Cognito twin', () => {
  it('users, group memberships, tokens and pool settings survive three restarts (and a lost state file)', async () => {
    const directory = mkdtempSync(path.join(tmpdir(), '5d-cognito-contract-'));
    const start = (previous?: Partial<PoolIds>) =>
      startLocalCognito({
        directory,
        lambdaEndpoint: process.env.AWS_ENDPOINT_URL_LAMBDA!,
        region,
        quiet: true,
        ...(previous ? { previous } : {}),
      });
    let twin: LocalCognito = await start();
    try {
      const ids = { userPoolId: twin.userPoolId, userPoolClientId: twin.userPoolClientId };
      const before = client(twin.endpoint);
      const creator = await createMember(before, ids.userPoolId, 'creator');
      const staff = await createMember(before, ids.userPoolId, 'studio');
      const settings = (await before.send(new DescribeUserPoolCommand({ UserPoolId: ids.userPoolId })))
        .UserPool!;

      for (let restart = 1; restart <= 4; restart++) {
        await twin.stop();
        // The fourth start has lost state.json: the pool is found again by its name.
        twin = await start(restart === 4 ? undefined : ids);
        expect(
          { userPoolId: twin.userPoolId, userPoolClientId: twin.userPoolClientId },
          `start ${restart}`,
        ).toEqual(ids);
        const cognito = client(twin.endpoint);
        for (const [user, group] of [
          [creator, 'creator'],
          [staff, 'studio'],
        ] as const) {
          const groups = await cognito.send(
            new AdminListGroupsForUserCommand({ UserPoolId: ids.userPoolId, Username: user.username }),
          );
          expect(
            groups.Groups?.map((g) => g.GroupName),
            `start ${restart}`,
          ).toEqual([group]);
          const got = await cognito.send(
            new AdminGetUserCommand({ UserPoolId: ids.userPoolId, Username: user.username }),
          );
          expect(got.UserAttributes?.find((a) => a.Name === 'email')?.Value).toBe(user.email);
        }
        const auth = await cognito.send(
          new InitiateAuthCommand({
            ClientId: ids.userPoolClientId,
            AuthFlow: 'USER_PASSWORD_AUTH',
            AuthParameters: { USERNAME: creator.email, PASSWORD: 'senha-forte-123' },
          }),
        );
        expect(decodeJwt(auth.AuthenticationResult!.IdToken!)['cognito:groups']).toEqual(['creator']);
        const pool = (await cognito.send(new DescribeUserPoolCommand({ UserPoolId: ids.userPoolId })))
          .UserPool!;
        expect(pool.Policies).toEqual(settings.Policies);
        expect(pool.SchemaAttributes?.map((a) => a.Name).sort()).toEqual(
          settings.SchemaAttributes?.map((a) => a.Name).sort(),
        );
      }
    } finally {
      await twin.stop();
      rmSync(directory, { recursive: true, force: true });
    }
  }, 120_000);
});
