import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { CompetitionCount, CompetitionEntry } from '../../../shared/competition-entry';
import type { CompetitionCard } from '../../../shared/schemas/site';
import { db } from '../aws/dynamodb';
import { config } from '../config';
import { batchGet } from './batch';
import { competitionCardFromItem, getCompetitionCard } from './competitions';
import { keys } from './keys';
import { isTransactionConflict, transactWrite } from './transact';

/**
 * Competition entries (issue 18): `COMP#<id>` / `ENTRY#<sub>`, one per user per competition by its key;
 * GSI1 `USER#<sub>` / `COMPENTRY#<entered_at>#<id>` lists a user's entries. The entry and the
 * competition's `participants` count are written in one TransactWriteItems, so the count is always the
 * number of entries and never passes `max_participants`, however many people enter at once.
 */
export function entryKey(competitionId: string, sub: string) {
  return { PK: keys.competition(competitionId), SK: keys.competitionEntry(sub) };
}

export function entryToItem(entry: CompetitionEntry, sub: string) {
  return {
    ...entryKey(entry.competition_id, sub),
    GSI1PK: keys.user(sub),
    GSI1SK: keys.competitionEntryByDate(entry.entered_at, entry.competition_id),
    type: 'competition-entry' as const,
    user_id: sub,
    ...entry,
  };
}

export function entryFromItem(item: Record<string, unknown>): CompetitionEntry {
  return {
    competition_id: String(item.competition_id ?? ''),
    project_id: String(item.project_id ?? ''),
    title: String(item.title ?? ''),
    entered_at: String(item.entered_at ?? ''),
  };
}

export async function getEntry(competitionId: string, sub: string): Promise<CompetitionEntry | undefined> {
  const { Item } = await db.send(
    new GetCommand({ TableName: config.TABLE_NAME, Key: entryKey(competitionId, sub), ConsistentRead: true }),
  );
  return Item ? entryFromItem(Item) : undefined;
}

export type EnterOutcome =
  | { kind: 'entered'; count: CompetitionCount }
  | { kind: 'already-entered'; entry: CompetitionEntry }
  | { kind: 'closed'; competition: CompetitionCard | undefined }
  | { kind: 'contended' };

/**
 * Records `entry` for `sub` and counts it, if the user has no entry there yet and the competition is
 * still running with a free spot at write time (`max` is the limit read with the card; a changed limit
 * cancels too). Cancelled by the entry's condition: `already-entered` with the stored entry; by the
 * competition's: `closed` with the card as it is now (the caller names the reason). Write conflicts
 * with other entrants are retried by transactWrite.
 */
export async function enterCompetition(
  entry: CompetitionEntry,
  sub: string,
  max: number,
  now: Date,
): Promise<EnterOutcome> {
  try {
    await transactWrite({
      TransactItems: [
        {
          Put: {
            TableName: config.TABLE_NAME,
            Item: entryToItem(entry, sub),
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
        {
          Update: {
            TableName: config.TABLE_NAME,
            Key: { PK: keys.competition(entry.competition_id), SK: keys.meta() },
            UpdateExpression: 'SET participants = if_not_exists(participants, :zero) + :one',
            ConditionExpression:
              'attribute_exists(PK) AND is_active = :true AND starts_at <= :now AND ends_at > :now AND ' +
              '(attribute_not_exists(participants) OR participants < :max) AND ' +
              '(attribute_not_exists(max_participants) OR max_participants = :max)',
            ExpressionAttributeValues: {
              ':zero': 0,
              ':one': 1,
              ':true': true,
              ':now': now.toISOString(),
              ':max': max,
            },
          },
        },
      ],
    });
  } catch (error) {
    if (!(error instanceof TransactionCanceledException)) throw error;
    const [entryFailed, competitionFailed] = (error.CancellationReasons ?? []).map(
      (reason) => reason.Code === 'ConditionalCheckFailed',
    );
    if (entryFailed) {
      const stored = await getEntry(entry.competition_id, sub);
      if (stored) return { kind: 'already-entered', entry: stored };
    }
    if (competitionFailed) {
      return { kind: 'closed', competition: await getCompetitionCard(entry.competition_id) };
    }
    if (isTransactionConflict(error)) return { kind: 'contended' };
    throw error;
  }
  return { kind: 'entered', count: await readCount(entry.competition_id) };
}

/** The competition's filled spots as stored now (strongly consistent: includes a write just made). */
export async function readCount(competitionId: string): Promise<CompetitionCount> {
  const { Item } = await db.send(
    new GetCommand({
      TableName: config.TABLE_NAME,
      Key: { PK: keys.competition(competitionId), SK: keys.meta() },
      ConsistentRead: true,
    }),
  );
  return countOf(competitionCardFromItem(Item ?? { id: competitionId }));
}

export const countOf = (card: Pick<CompetitionCard, 'id' | 'participants' | 'max_participants'>) => ({
  id: card.id,
  participants: card.participants,
  max_participants: card.max_participants,
});

/**
 * The user's entries, newest first, each with its competition's count read now: the competitions list
 * is edge-cached for minutes, so the page takes the entrant's own competitions' counts from here.
 */
export async function listUserEntries(
  sub: string,
  limit = 50,
): Promise<(CompetitionEntry & { competition: CompetitionCount })[]> {
  const { Items } = await db.send(
    new QueryCommand({
      TableName: config.TABLE_NAME,
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk AND begins_with(GSI1SK, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.user(sub), ':prefix': 'COMPENTRY#' },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  const entries = (Items ?? []).map(entryFromItem);
  const ids = [...new Set(entries.map((entry) => entry.competition_id))];
  const cards = await batchGet(ids.map((id) => ({ PK: keys.competition(id), SK: keys.meta() })));
  const counts = new Map(cards.map((item) => [String(item.id), countOf(competitionCardFromItem(item))]));
  return entries.map((entry) => ({
    ...entry,
    competition: counts.get(entry.competition_id) ?? {
      id: entry.competition_id,
      participants: 0,
      max_participants: 0,
    },
  }));
}
