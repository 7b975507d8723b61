import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { db } from '../aws/dynamodb';
import { config } from '../config';
import { keys } from './keys';

export interface Wallet {
  balance: number;
  updated_at: string;
}

/** Creates an empty wallet once; a repeated call keeps the existing balance. */
export async function createEmptyWallet(sub: string, now: string): Promise<void> {
  try {
    await db.send(
      new PutCommand({
        TableName: config.TABLE_NAME,
        Item: { PK: keys.user(sub), SK: keys.wallet(), type: 'wallet', balance: 0, updated_at: now },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}

export async function getWallet(sub: string): Promise<Wallet> {
  const { Item } = await db.send(
    new GetCommand({ TableName: config.TABLE_NAME, Key: { PK: keys.user(sub), SK: keys.wallet() } }),
  );
  return { balance: Number(Item?.balance ?? 0), updated_at: String(Item?.updated_at ?? '') };
}
