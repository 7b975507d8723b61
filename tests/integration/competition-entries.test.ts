import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { drainStreamsAt } from '../../infra/local/stream-drain';
import { db } from '../../lambdas/_lib/aws/dynamodb';
import { config } from '../../lambdas/_lib/config';
import { createCompetitionCard } from '../../lambdas/_lib/db/competitions';
import { createProject, type ProjectRecord } from '../../lambdas/_lib/db/projects';
import { prize } from '../../shared/competition-prize';
import type {
  CompetitionEntryAnswer,
  CompetitionTrack,
  MyCompetitionEntries,
} from '../../shared/competition-entry';
import type { CompetitionCard } from '../../shared/schemas/site';
import { call, user, type Claims } from './site-helpers';

/**
 * Entering a competition (issue 18) through the competitions Lambda on the DynamoDB emulator: the entry is
 * recorded with its track and counted in one transaction, once per user, never past the limit.
 */
const DAY = 86_400_000;
type ErrorAnswer = { error: { code: string; params?: Record<string, string | number> } };

async function competition(extra: Partial<CompetitionCard> = {}): Promise<CompetitionCard> {
  const now = Date.now();
  const card: CompetitionCard = {
    id: `entry-test-${randomUUID()}`,
    title: 'Desafio de Teste',
    description: 'd',
    prize_1st: prize(1),
    prize_2nd: prize(2),
    prize_3rd: prize(3),
    translations: {},
    starts_at: new Date(now - DAY).toISOString(),
    ends_at: new Date(now + 10 * DAY).toISOString(),
    is_active: true,
    difficulty: 'beginner',
    category: 'Beat',
    tags: [],
    participants: 0,
    max_participants: 10,
    winner: null,
    winning_track: null,
    ...extra,
  };
  expect(await createCompetitionCard(card)).toBe(true);
  return card;
}

async function track(owner: Claims, extra: Partial<ProjectRecord> = {}): Promise<ProjectRecord> {
  const project: ProjectRecord = {
    id: `entry-track-${randomUUID()}`,
    title: `Faixa ${randomUUID().slice(0, 6)}`,
    description: 'x',
    price: 10,
    genre: 'Trap',
    bpm: 140,
    duration_seconds: 120,
    tags: [],
    creator_id: owner.sub,
    creator_name: owner.name ?? 'x',
    audio_key: `audio/${owner.sub}/a.wav`,
    cover_key: null,
    rating: 0,
    downloads: 0,
    status: 'published',
    sample: false,
    created_at: new Date().toISOString(),
    ...extra,
  };
  expect(await createProject(project)).toBe(true);
  return project;
}

const enter = (claims: Claims, competitionId: string, projectId: string) =>
  call<CompetitionEntryAnswer & ErrorAnswer>('POST', '/api/me/competition-entries', {
    claims,
    body: { competition_id: competitionId, project_id: projectId },
  });

async function storedParticipants(id: string): Promise<number> {
  const { Item } = await db.send(
    new GetCommand({
      TableName: config.TABLE_NAME,
      Key: { PK: `COMP#${id}`, SK: 'META' },
      ConsistentRead: true,
    }),
  );
  return Number(Item?.participants);
}

describe('entering a competition', () => {
  it('records the entry with its track, counts it, and a re-submit answers the same entry', async () => {
    const card = await competition({ participants: 3 });
    const me = user('Quem Entra');
    const mine = await track(me);

    const first = await enter(me, card.id, mine.id);
    expect(first.status).toBe(201);
    expect(first.body.created).toBe(true);
    expect(first.body.entry).toMatchObject({
      competition_id: card.id,
      project_id: mine.id,
      title: mine.title,
    });
    expect(first.body.competition).toEqual({ id: card.id, participants: 4, max_participants: 10 });

    // The same request again (a double click, a retry): the same entry, not counted twice.
    const again = await enter(me, card.id, mine.id);
    expect(again.status).toBe(200);
    expect(again.body.created).toBe(false);
    expect(again.body.entry).toEqual(first.body.entry);
    expect(await storedParticipants(card.id)).toBe(4);

    // Another track for the same competition: refused, naming the track that holds the spot.
    const other = await track(me);
    const second = await enter(me, card.id, other.id);
    expect(second.status).toBe(409);
    expect(second.body.error).toMatchObject({
      code: 'COMPETITION_ALREADY_ENTERED',
      params: { title: mine.title },
    });
    expect(await storedParticipants(card.id)).toBe(4);

    // The user's entries carry the count read now (the public list is edge-cached).
    const entries = await call<MyCompetitionEntries>('GET', '/api/me/competition-entries', { claims: me });
    expect(entries.status).toBe(200);
    expect(entries.body.items).toEqual([
      { ...first.body.entry, competition: { id: card.id, participants: 4, max_participants: 10 } },
    ]);
    // The public list counts them too.
    const list = await call<{ items: CompetitionCard[] }>('GET', '/api/competitions?status=active');
    expect(list.body.items.find((item) => item.id === card.id)?.participants).toBe(4);
  });

  it("refuses someone else's track, an unknown one, and one sold with an exclusive licence", async () => {
    const card = await competition();
    const me = user();
    const someoneElse = user();
    const theirs = await track(someoneElse);
    const sold = await track(me, { status: 'sold' });

    const notMine = await enter(me, card.id, theirs.id);
    expect([notMine.status, notMine.body.error.code]).toEqual([403, 'COMPETITION_TRACK_NOT_YOURS']);
    const unknown = await enter(me, card.id, `missing-${randomUUID()}`);
    expect([unknown.status, unknown.body.error.code]).toEqual([404, 'COMPETITION_TRACK_NOT_FOUND']);
    const exclusive = await enter(me, card.id, sold.id);
    expect([exclusive.status, exclusive.body.error.code]).toEqual([409, 'COMPETITION_TRACK_SOLD']);
    expect(await storedParticipants(card.id)).toBe(0);
    const entries = await call<MyCompetitionEntries>('GET', '/api/me/competition-entries', { claims: me });
    expect(entries.body.items).toEqual([]);
  });

  it('refuses a full, a finished, a not yet started and an unknown competition; signed out is 401', async () => {
    const me = user();
    const mine = await track(me);
    const full = await competition({ participants: 2, max_participants: 2 });
    const finished = await competition({
      starts_at: new Date(Date.now() - 30 * DAY).toISOString(),
      ends_at: new Date(Date.now() - DAY).toISOString(),
      is_active: false,
    });
    const soon = await competition({ starts_at: new Date(Date.now() + DAY).toISOString() });

    const cases = [
      [full.id, 409, 'COMPETITION_FULL'],
      [finished.id, 409, 'COMPETITION_FINISHED'],
      [soon.id, 409, 'COMPETITION_NOT_STARTED'],
      [`missing-${randomUUID()}`, 404, 'COMPETITION_NOT_FOUND'],
    ] as const;
    for (const [id, status, code] of cases) {
      const answer = await enter(me, id, mine.id);
      expect([answer.status, answer.body.error.code], id).toEqual([status, code]);
    }
    expect(await storedParticipants(full.id)).toBe(2);

    const anonymous = await call<ErrorAnswer>('POST', '/api/me/competition-entries', {
      body: { competition_id: full.id, project_id: mine.id },
    });
    expect(anonymous.status).toBe(401);
    const invalid = await call<ErrorAnswer>('POST', '/api/me/competition-entries', {
      claims: me,
      body: { competition_id: full.id },
    });
    expect(invalid.status).toBe(400);
  });

  it('concurrent entrants never push the count past the limit; the count equals the recorded entries', async () => {
    const card = await competition({ participants: 0, max_participants: 3 });
    const entrants = Array.from({ length: 8 }, (_, index) => user(`Pessoa ${index}`));
    const tracks = await Promise.all(entrants.map((entrant) => track(entrant)));

    const answers = await Promise.all(
      entrants.map((entrant, index) => enter(entrant, card.id, tracks[index]!.id)),
    );
    const admitted = answers.filter((answer) => answer.status === 201);
    expect(admitted).toHaveLength(3);
    // Everyone else is told the competition is full (or, after every retry met a writer, to try again).
    for (const answer of answers.filter((answer) => answer.status !== 201))
      expect(['COMPETITION_FULL', 'CONFLICT']).toContain(answer.body.error.code);
    expect(answers.filter((answer) => answer.body.error?.code === 'COMPETITION_FULL').length).toBeGreaterThan(
      0,
    );
    expect(await storedParticipants(card.id)).toBe(3);

    let recorded = 0;
    for (const entrant of entrants) {
      const mine = await call<MyCompetitionEntries>('GET', '/api/me/competition-entries', {
        claims: entrant,
      });
      recorded += mine.body.items.filter((entry) => entry.competition_id === card.id).length;
    }
    expect(recorded).toBe(3);
  });

  it("lists the caller's own published tracks to choose from (not another creator's, not sold ones)", async () => {
    const me = user();
    const other = user();
    const published = await track(me);
    await track(me, { status: 'sold' });
    await track(other);
    // The list reads the catalogue index, which follows the table's stream.
    await drainStreamsAt(process.env.AWS_ENDPOINT_URL_DYNAMODB!);
    const answer = await call<{ items: CompetitionTrack[] }>('GET', '/api/me/competition-tracks', {
      claims: me,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.items.map((item) => item.id)).toEqual([published.id]);
    const none = await call<{ items: CompetitionTrack[] }>('GET', '/api/me/competition-tracks', {
      claims: user(),
    });
    expect(none.body.items).toEqual([]);
  });
});
