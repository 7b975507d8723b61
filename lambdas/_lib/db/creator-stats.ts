import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { levelFromXp } from '../../../shared/gamification';
import type { CreatorStats } from '../../../shared/schemas/marketplace';
import { db } from '../aws/dynamodb';
import { config } from '../config';
import { keys } from './keys';

/**
 * `USER#<sub>` / `STATS`, on GSI1 `LEADERBOARD` / `<xp zero-padded to 12>#<sub>` so the top-N by XP is
 * one descending Query. The level is derived from XP, never stored apart from it.
 */
const XP_DIGITS = 12;

export function xpSortKey(xp: number, sub: string): string {
  return `${String(Math.max(0, Math.floor(xp))).padStart(XP_DIGITS, '0')}#${sub}`;
}

export function creatorStatsToItem(stats: CreatorStats) {
  return {
    PK: keys.user(stats.id),
    SK: keys.creatorStats(),
    GSI1PK: keys.leaderboard(),
    GSI1SK: xpSortKey(stats.xp_points, stats.id),
    type: 'creator-stats' as const,
    ...stats,
    level: levelFromXp(stats.xp_points).level,
  };
}

export function creatorStatsFromItem(item: Record<string, unknown>): CreatorStats {
  const xp = Number(item.xp_points ?? 0);
  return {
    id: String(item.id),
    full_name: String(item.full_name ?? ''),
    level: levelFromXp(xp).level,
    xp_points: xp,
    streak_days: Number(item.streak_days ?? 0),
    total_revenue: Number(item.total_revenue ?? 0),
  };
}

/** Writes the stats once (seed); false when they already exist. */
export async function createCreatorStats(stats: CreatorStats): Promise<boolean> {
  try {
    await db.send(
      new PutCommand({
        TableName: config.TABLE_NAME,
        Item: creatorStatsToItem(stats),
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

export async function getCreatorStats(sub: string): Promise<CreatorStats | undefined> {
  const { Item } = await db.send(
    new GetCommand({ TableName: config.TABLE_NAME, Key: { PK: keys.user(sub), SK: keys.creatorStats() } }),
  );
  return Item ? creatorStatsFromItem(Item) : undefined;
}

/** Top creators by XP, highest first. */
export async function topCreators(limit: number): Promise<CreatorStats[]> {
  const { Items } = await db.send(
    new QueryCommand({
      TableName: config.TABLE_NAME,
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.leaderboard() },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return (Items ?? []).map(creatorStatsFromItem);
}
