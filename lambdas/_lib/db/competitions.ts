import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Competition } from '../../../shared/schemas/marketplace';
import { db } from '../clients';
import { config } from '../config';
import { keys } from './keys';

/**
 * `COMP#<id>` / `META`. Only active competitions carry GSI1 (`COMP#ACTIVE` / `<ends_at>#<id>`), a sparse
 * index: "the active one" is the soonest-ending active competition that has not ended yet.
 */
export function competitionToItem(competition: Competition) {
  return {
    PK: keys.competition(competition.id),
    SK: keys.meta(),
    ...(competition.is_active
      ? { GSI1PK: keys.activeCompetitions(), GSI1SK: `${competition.ends_at}#${competition.id}` }
      : {}),
    type: 'competition' as const,
    ...competition,
  };
}

export function competitionFromItem(item: Record<string, unknown>): Competition {
  return {
    id: String(item.id),
    title: String(item.title ?? ''),
    description: String(item.description ?? ''),
    prize_1st: String(item.prize_1st ?? ''),
    prize_2nd: String(item.prize_2nd ?? ''),
    prize_3rd: String(item.prize_3rd ?? ''),
    starts_at: String(item.starts_at ?? ''),
    ends_at: String(item.ends_at ?? ''),
    is_active: item.is_active === true,
  };
}

export async function createCompetition(competition: Competition): Promise<boolean> {
  try {
    await db.send(
      new PutCommand({
        TableName: config.TABLE_NAME,
        Item: competitionToItem(competition),
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

export async function getActiveCompetition(now: Date = new Date()): Promise<Competition | undefined> {
  const { Items } = await db.send(
    new QueryCommand({
      TableName: config.TABLE_NAME,
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK > :now',
      FilterExpression: 'starts_at <= :now',
      ExpressionAttributeValues: { ':pk': keys.activeCompetitions(), ':now': now.toISOString() },
      ScanIndexForward: true,
    }),
  );
  const item = Items?.[0];
  return item ? competitionFromItem(item) : undefined;
}
