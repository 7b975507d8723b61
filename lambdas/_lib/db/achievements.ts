import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { AchievementTranslations } from '../../../shared/translated-text';
import { RARITIES, rarityRank, type Rarity } from '../../../shared/gamification';
import type { Achievement } from '../../../shared/schemas/marketplace';
import { db } from '../aws/dynamodb';
import { config } from '../config';
import { keys } from './keys';

/** `ACH#<id>` / `META`, on GSI1 `ACHIEVEMENTS` / `<rarity rank>#<id>`: "by rarity descending" is one Query. */
export function achievementToItem(achievement: Achievement) {
  return {
    PK: keys.achievement(achievement.id),
    SK: keys.meta(),
    GSI1PK: keys.achievements(),
    GSI1SK: `${rarityRank(achievement.rarity)}#${achievement.id}`,
    type: 'achievement' as const,
    ...achievement,
  };
}

export function achievementFromItem(item: Record<string, unknown>): Achievement {
  const rarity = RARITIES.includes(item.rarity as Rarity) ? (item.rarity as Rarity) : 'common';
  return {
    id: String(item.id),
    name: String(item.name ?? ''),
    description: String(item.description ?? ''),
    badge_icon: String(item.badge_icon ?? ''),
    rarity,
    translations: AchievementTranslations.parse(item.translations),
  };
}

export async function createAchievement(achievement: Achievement): Promise<boolean> {
  try {
    await db.send(
      new PutCommand({
        TableName: config.TABLE_NAME,
        Item: achievementToItem(achievement),
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** Achievements, rarest first. */
export async function listAchievementsByRarity(limit: number): Promise<Achievement[]> {
  const { Items } = await db.send(
    new QueryCommand({
      TableName: config.TABLE_NAME,
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.achievements() },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return (Items ?? []).map(achievementFromItem);
}
