import { randomUUID } from 'node:crypto';
import { DynamoDBClient, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  TransactGetCommand,
  TransactWriteCommand,
  type TransactWriteCommandInput,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * Conformance of the local transactions front (infra/local/dynamodb.ts) with DynamoDB's documented
 * TransactWriteItems / TransactGetItems behaviour, through the real SDK and the platform's endpoint.
 */
const TableName = process.env.TABLE_NAME!;
const client = new DynamoDBClient({ region: process.env.AWS_REGION, maxAttempts: 1 });
const db = DynamoDBDocumentClient.from(client);
afterAll(() => client.destroy());

const pk = () => `TEST#${randomUUID()}`;
const get = async (PK: string, SK: string) =>
  (await db.send(new GetCommand({ TableName, Key: { PK, SK } }))).Item;

async function cancelled(input: TransactWriteCommandInput): Promise<TransactionCanceledException> {
  try {
    await db.send(new TransactWriteCommand(input));
  } catch (error) {
    if (error instanceof TransactionCanceledException) return error;
    throw error;
  }
  throw new Error('transaction was not cancelled');
}

describe('TransactWriteItems', () => {
  it('commits several items at once', async () => {
    const id = pk();
    await db.send(new PutCommand({ TableName, Item: { PK: id, SK: 'WALLET', balance: 10 } }));
    await db.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName,
              Item: { PK: id, SK: 'TX#1', amount: 5 },
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
          {
            Update: {
              TableName,
              Key: { PK: id, SK: 'WALLET' },
              UpdateExpression: 'ADD balance :n',
              ExpressionAttributeValues: { ':n': 5 },
            },
          },
          { Put: { TableName, Item: { PK: id, SK: 'EVENT', seen: true } } },
        ],
      }),
    );
    expect(await get(id, 'WALLET')).toMatchObject({ balance: 15 });
    expect(await get(id, 'TX#1')).toMatchObject({ amount: 5 });
    expect(await get(id, 'EVENT')).toMatchObject({ seen: true });
  });

  it('rolls everything back on a failed condition and reports reasons in action order', async () => {
    const id = pk();
    await db.send(new PutCommand({ TableName, Item: { PK: id, SK: 'WALLET', balance: 3 } }));
    await db.send(new PutCommand({ TableName, Item: { PK: id, SK: 'OLD', v: 'before' } }));
    const error = await cancelled({
      TransactItems: [
        { Put: { TableName, Item: { PK: id, SK: 'NEW', v: 1 } } },
        { Put: { TableName, Item: { PK: id, SK: 'OLD', v: 'after' } } },
        { Delete: { TableName, Key: { PK: id, SK: 'GONE' } } },
        {
          Update: {
            TableName,
            Key: { PK: id, SK: 'WALLET' },
            UpdateExpression: 'ADD balance :minus',
            ConditionExpression: 'balance >= :need',
            ExpressionAttributeValues: { ':minus': -5, ':need': 5 },
            ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
          },
        },
      ],
    });
    expect(error.name).toBe('TransactionCanceledException');
    expect(error.message).toContain('[None, None, None, ConditionalCheckFailed]');
    expect(error.CancellationReasons?.map((reason) => reason.Code)).toEqual([
      'None',
      'None',
      'None',
      'ConditionalCheckFailed',
    ]);
    expect(error.CancellationReasons?.[3]?.Item).toEqual({
      PK: { S: id },
      SK: { S: 'WALLET' },
      balance: { N: '3' },
    });
    expect(await get(id, 'NEW')).toBeUndefined();
    expect(await get(id, 'OLD')).toMatchObject({ v: 'before' });
    expect(await get(id, 'WALLET')).toMatchObject({ balance: 3 });
  });

  it('reports every failing condition, not only the first', async () => {
    const id = pk();
    await db.send(new PutCommand({ TableName, Item: { PK: id, SK: 'A' } }));
    await db.send(new PutCommand({ TableName, Item: { PK: id, SK: 'B' } }));
    const error = await cancelled({
      TransactItems: [
        { Put: { TableName, Item: { PK: id, SK: 'A' }, ConditionExpression: 'attribute_not_exists(PK)' } },
        { Put: { TableName, Item: { PK: id, SK: 'C' } } },
        { Put: { TableName, Item: { PK: id, SK: 'B' }, ConditionExpression: 'attribute_not_exists(PK)' } },
      ],
    });
    expect(error.CancellationReasons?.map((reason) => reason.Code)).toEqual([
      'ConditionalCheckFailed',
      'None',
      'ConditionalCheckFailed',
    ]);
    expect(await get(id, 'C')).toBeUndefined();
  });

  it('checks a condition on another item without changing it (ConditionCheck)', async () => {
    const id = pk();
    await db.send(new PutCommand({ TableName, Item: { PK: id, SK: 'PROFILE', role: 'client' } }));
    const check = (role: string) => ({
      ConditionCheck: {
        TableName,
        Key: { PK: id, SK: 'PROFILE' },
        ConditionExpression: '#r = :role',
        ExpressionAttributeNames: { '#r': 'role' },
        ExpressionAttributeValues: { ':role': role },
      },
    });
    const error = await cancelled({
      TransactItems: [check('creator'), { Put: { TableName, Item: { PK: id, SK: 'PROJECT' } } }],
    });
    expect(error.CancellationReasons?.map((reason) => reason.Code)).toEqual([
      'ConditionalCheckFailed',
      'None',
    ]);
    expect(await get(id, 'PROJECT')).toBeUndefined();

    await db.send(
      new TransactWriteCommand({
        TransactItems: [check('client'), { Put: { TableName, Item: { PK: id, SK: 'PROJECT' } } }],
      }),
    );
    expect(await get(id, 'PROJECT')).toBeDefined();
    expect(await get(id, 'PROFILE')).toEqual({ PK: id, SK: 'PROFILE', role: 'client' });

    const absent = await cancelled({
      TransactItems: [
        {
          ConditionCheck: {
            TableName,
            Key: { PK: id, SK: 'MISSING' },
            ConditionExpression: 'attribute_exists(PK)',
          },
        },
      ],
    });
    expect(absent.CancellationReasons?.[0]?.Code).toBe('ConditionalCheckFailed');
    expect(await get(id, 'MISSING')).toBeUndefined();
  });

  it('rejects more than 100 actions, none, and two actions on one item', async () => {
    const id = pk();
    const many = Array.from({ length: 101 }, (_, i) => ({
      Put: { TableName, Item: { PK: id, SK: `N#${i}` } },
    }));
    await expect(db.send(new TransactWriteCommand({ TransactItems: many }))).rejects.toMatchObject({
      name: 'ValidationException',
    });
    expect(await get(id, 'N#0')).toBeUndefined();
    await expect(db.send(new TransactWriteCommand({ TransactItems: [] }))).rejects.toMatchObject({
      name: 'ValidationException',
    });
    await expect(
      db.send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName, Item: { PK: id, SK: 'SAME', v: 1 } } },
            { Delete: { TableName, Key: { PK: id, SK: 'SAME' } } },
          ],
        }),
      ),
    ).rejects.toMatchObject({ name: 'ValidationException', message: expect.stringContaining('one item') });
    expect(await get(id, 'SAME')).toBeUndefined();

    await expect(
      db.send(
        new TransactWriteCommand({
          // Deliberately invalid (no ConditionExpression), which the SDK types forbid.
          TransactItems: [{ ConditionCheck: { TableName, Key: { PK: id, SK: 'X' } } as never }],
        }),
      ),
    ).rejects.toMatchObject({ name: 'ValidationException' });

    const hundred = many.slice(0, 100);
    await db.send(new TransactWriteCommand({ TransactItems: hundred }));
    expect(await get(id, 'N#99')).toBeDefined();
  });

  it('turns a failing expression into a ValidationException and leaves earlier actions undone', async () => {
    const id = pk();
    await expect(
      db.send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName, Item: { PK: id, SK: 'FIRST' } } },
            { Update: { TableName, Key: { PK: id, SK: 'X' }, UpdateExpression: 'SET #missing = :v' } },
          ],
        }),
      ),
    ).rejects.toMatchObject({ name: 'ValidationException' });
    expect(await get(id, 'FIRST')).toBeUndefined();
  });

  it('is idempotent per ClientRequestToken', async () => {
    const id = pk();
    await db.send(new PutCommand({ TableName, Item: { PK: id, SK: 'WALLET', balance: 0 } }));
    const input = {
      ClientRequestToken: randomUUID(),
      TransactItems: [
        {
          Update: {
            TableName,
            Key: { PK: id, SK: 'WALLET' },
            UpdateExpression: 'ADD balance :n',
            ExpressionAttributeValues: { ':n': 7 },
          },
        },
      ],
    };
    await db.send(new TransactWriteCommand(input));
    await db.send(new TransactWriteCommand(input));
    expect(await get(id, 'WALLET')).toMatchObject({ balance: 7 });
    const changed = structuredClone(input);
    changed.TransactItems[0]!.Update.ExpressionAttributeValues[':n'] = 8;
    await expect(db.send(new TransactWriteCommand(changed))).rejects.toMatchObject({
      name: 'IdempotentParameterMismatchException',
    });
  });

  it('serializes concurrent conflicting transactions: 50 spends of 1 from a balance of 20 → exactly 20', async () => {
    const id = pk();
    await db.send(new PutCommand({ TableName, Item: { PK: id, SK: 'WALLET', balance: 20 } }));
    const spend = (n: number) =>
      db.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                TableName,
                Key: { PK: id, SK: 'WALLET' },
                UpdateExpression: 'ADD balance :minus',
                ConditionExpression: 'balance >= :one',
                ExpressionAttributeValues: { ':minus': -1, ':one': 1 },
              },
            },
            { Put: { TableName, Item: { PK: id, SK: `TX#${n}`, amount: -1 } } },
          ],
        }),
      );
    const results = await Promise.allSettled(Array.from({ length: 50 }, (_, n) => spend(n)));
    const ok = results.filter((r) => r.status === 'fulfilled').length;
    const failed = results.filter(
      (r) => r.status === 'rejected' && r.reason instanceof TransactionCanceledException,
    ).length;
    expect(ok).toBe(20);
    expect(failed).toBe(30);
    expect(await get(id, 'WALLET')).toMatchObject({ balance: 0 });
    let ledger = 0;
    for (let n = 0; n < 50; n++) if (await get(id, `TX#${n}`)) ledger++;
    expect(ledger).toBe(20);
  });

  it('keeps single writes out of a running transaction (no lost update)', async () => {
    const id = pk();
    await db.send(new PutCommand({ TableName, Item: { PK: id, SK: 'C', n: 0 } }));
    const add = { UpdateExpression: 'ADD n :one', ExpressionAttributeValues: { ':one': 1 } };
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2
          ? db.send(new UpdateCommand({ TableName, Key: { PK: id, SK: 'C' }, ...add }))
          : db.send(
              new TransactWriteCommand({
                TransactItems: [{ Update: { TableName, Key: { PK: id, SK: 'C' }, ...add } }],
              }),
            ),
      ),
    );
    expect(await get(id, 'C')).toMatchObject({ n: 20 });
  });
});

describe('isolation', () => {
  it('never lets a reader see a write of a transaction that is later cancelled', async () => {
    const id = pk();
    await db.send(new PutCommand({ TableName, Item: { PK: id, SK: 'A', v: 'committed' } }));
    const doomed = () =>
      db
        .send(
          new TransactWriteCommand({
            TransactItems: [
              { Put: { TableName, Item: { PK: id, SK: 'A', v: 'uncommitted' } } },
              { Put: { TableName, Item: { PK: id, SK: 'B' } } },
              {
                ConditionCheck: {
                  TableName,
                  Key: { PK: id, SK: 'NONE' },
                  ConditionExpression: 'attribute_exists(PK)',
                },
              },
            ],
          }),
        )
        .catch((error: unknown) => error);
    const seen = new Set<unknown>();
    const reader = async () => {
      for (let i = 0; i < 40; i++) seen.add((await get(id, 'A'))?.v);
    };
    const outcomes = await Promise.all([...Array.from({ length: 15 }, doomed), reader(), reader()]);
    expect(outcomes.slice(0, 15).every((o) => o instanceof TransactionCanceledException)).toBe(true);
    expect([...seen]).toEqual(['committed']);
    expect(await get(id, 'B')).toBeUndefined();
  });
});

describe('TransactGetItems', () => {
  it('reads several items in order, empty for missing ones', async () => {
    const id = pk();
    await db.send(new PutCommand({ TableName, Item: { PK: id, SK: 'A', v: 1, w: 'x' } }));
    await db.send(new PutCommand({ TableName, Item: { PK: id, SK: 'B', v: 2 } }));
    const result = await db.send(
      new TransactGetCommand({
        TransactItems: [
          { Get: { TableName, Key: { PK: id, SK: 'B' } } },
          { Get: { TableName, Key: { PK: id, SK: 'NONE' } } },
          { Get: { TableName, Key: { PK: id, SK: 'A' }, ProjectionExpression: 'v' } },
        ],
      }),
    );
    expect(result.Responses?.map((r) => r.Item)).toEqual([{ PK: id, SK: 'B', v: 2 }, undefined, { v: 1 }]);
  });

  it('rejects two reads of one item and more than 100', async () => {
    const id = pk();
    const read = { Get: { TableName, Key: { PK: id, SK: 'A' } } };
    await expect(db.send(new TransactGetCommand({ TransactItems: [read, read] }))).rejects.toMatchObject({
      name: 'ValidationException',
    });
    const many = Array.from({ length: 101 }, (_, i) => ({
      Get: { TableName, Key: { PK: id, SK: `K${i}` } },
    }));
    await expect(db.send(new TransactGetCommand({ TransactItems: many }))).rejects.toMatchObject({
      name: 'ValidationException',
    });
  });
});
