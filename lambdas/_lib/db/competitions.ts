import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { readPrize } from '../../../shared/competition-prize';
import { CompetitionTranslations } from '../../../shared/translated-text';
import type { Competition } from '../../../shared/schemas/marketplace';
import type { CompetitionCard } from '../../../shared/schemas/site';
import { db } from '../aws/dynamodb';
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
    prize_1st: readPrize(item.prize_1st),
    prize_2nd: readPrize(item.prize_2nd),
    prize_3rd: readPrize(item.prize_3rd),
    translations: CompetitionTranslations.parse(item.translations),
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

// ---------- competition cards of the /competitions page (issue 9) ----------

/**
 * The page's cards carry more than the monthly competition: difficulty, category, tags, participants and,
 * once finished, the winner. Finished competitions sit on GSI1 `COMP#FINISHED` / `<ends_at>#<id>` (also
 * sparse), so both tabs are one Query each.
 */
export function competitionCardToItem(card: CompetitionCard) {
  return {
    ...competitionToItem(card),
    ...(card.is_active ? {} : { GSI1PK: keys.finishedCompetitions(), GSI1SK: `${card.ends_at}#${card.id}` }),
    ...card,
  };
}

const DIFFICULTIES = new Set(['beginner', 'intermediate', 'advanced']);

export function competitionCardFromItem(item: Record<string, unknown>): CompetitionCard {
  const participants = Number(item.participants ?? 0);
  const max = Number(item.max_participants ?? 100);
  return {
    ...competitionFromItem(item),
    difficulty: (DIFFICULTIES.has(String(item.difficulty))
      ? item.difficulty
      : 'intermediate') as CompetitionCard['difficulty'],
    category: String(item.category ?? 'Beat'),
    tags: Array.isArray(item.tags) ? item.tags.map(String) : [],
    participants: Number.isFinite(participants) && participants > 0 ? Math.floor(participants) : 0,
    max_participants: Number.isFinite(max) && max > 0 ? Math.floor(max) : 100,
    winner: typeof item.winner === 'string' ? item.winner : null,
    winning_track: typeof item.winning_track === 'string' ? item.winning_track : null,
  };
}

export async function createCompetitionCard(card: CompetitionCard): Promise<boolean> {
  try {
    await db.send(
      new PutCommand({
        TableName: config.TABLE_NAME,
        Item: competitionCardToItem(card),
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** One competition's card by id, read strongly (entering checks its dates and spots). */
export async function getCompetitionCard(id: string): Promise<CompetitionCard | undefined> {
  const { Item } = await db.send(
    new GetCommand({
      TableName: config.TABLE_NAME,
      Key: { PK: keys.competition(id), SK: keys.meta() },
      ConsistentRead: true,
    }),
  );
  return Item ? competitionCardFromItem(Item) : undefined;
}

/** Every running competition, soonest-ending first. */
export async function listActiveCompetitionCards(now: Date, limit = 20): Promise<CompetitionCard[]> {
  const { Items } = await db.send(
    new QueryCommand({
      TableName: config.TABLE_NAME,
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK > :now',
      FilterExpression: 'starts_at <= :now',
      ExpressionAttributeValues: { ':pk': keys.activeCompetitions(), ':now': now.toISOString() },
      ScanIndexForward: true,
      Limit: limit,
    }),
  );
  return (Items ?? []).map(competitionCardFromItem);
}

/** Finished competitions, most recently ended first. */
export async function listFinishedCompetitionCards(limit = 20): Promise<CompetitionCard[]> {
  const { Items } = await db.send(
    new QueryCommand({
      TableName: config.TABLE_NAME,
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.finishedCompetitions() },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return (Items ?? []).map(competitionCardFromItem);
}
