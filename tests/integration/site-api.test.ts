import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createCompetitionCard } from '../../lambdas/_lib/db/competitions';
import { createCreatorStats } from '../../lambdas/_lib/db/creator-stats';
import { addFavorite, removeFavorite } from '../../lambdas/_lib/db/favorites';
import { createProfile } from '../../lambdas/_lib/db/profiles';
import { createProject } from '../../lambdas/_lib/db/projects';
import { drainStreamsAt } from '../../infra/local/stream-drain';
import {
  type CommunityPost,
  type CompetitionCard,
  type CreatorPublicProfile,
} from '../../shared/schemas/site';
import { COMMUNITY_POSTS_PER_WINDOW, DEFAULT_SETTINGS } from '../../shared/site-rules';
import { call, sentCommands, user, type Claims } from './site-helpers';
import { prize } from '../../shared/competition-prize';

const DAY = 86_400_000;

function card(
  run: string,
  name: string,
  endsInDays: number,
  extra: Partial<CompetitionCard> = {},
): CompetitionCard {
  const now = Date.now();
  return {
    id: `test-${run}-${name}`,
    title: name,
    description: 'd',
    prize_1st: prize(1),
    prize_2nd: prize(2),
    prize_3rd: prize(3),
    translations: { 'en-US': { title: 'T', description: 'D' } },
    starts_at: new Date(now - 40 * DAY).toISOString(),
    ends_at: new Date(now + endsInDays * DAY).toISOString(),
    is_active: endsInDays > 0,
    difficulty: 'advanced',
    category: 'Trap',
    tags: ['trap'],
    participants: 10,
    max_participants: 20,
    winner: endsInDays > 0 ? null : 'Quem Venceu',
    winning_track: endsInDays > 0 ? null : 'Faixa',
    ...extra,
  };
}

describe('competitions API', () => {
  it('lists running competitions soonest-ending first and finished ones most recent first', async () => {
    const run = randomUUID().slice(0, 8);
    await createCompetitionCard(card(run, 'later', 5));
    await createCompetitionCard(card(run, 'sooner', 1));
    await createCompetitionCard(card(run, 'old', -20));
    await createCompetitionCard(card(run, 'recent', -2));

    const active = await call<{ items: CompetitionCard[] }>('GET', '/api/competitions?status=active');
    expect(active.status).toBe(200);
    const mineActive = active.body.items.filter((c) => c.id.startsWith(`test-${run}`));
    expect(mineActive.map((c) => c.title)).toEqual(['sooner', 'later']);
    expect(mineActive[0]).toMatchObject({ difficulty: 'advanced', participants: 10, winner: null });
    // Prizes travel as data; the app writes them in the reader's language and money format.
    expect(mineActive[0]!.prize_1st).toEqual({ amount_brl: 1, extra: null });
    expect(mineActive[0]!.translations).toEqual({ 'en-US': { title: 'T', description: 'D' } });

    const finished = await call<{ items: CompetitionCard[] }>('GET', '/api/competitions?status=finished');
    const mineFinished = finished.body.items.filter((c) => c.id.startsWith(`test-${run}`));
    expect(mineFinished.map((c) => c.title)).toEqual(['recent', 'old']);
    expect(mineFinished[0]).toMatchObject({ winner: 'Quem Venceu', winning_track: 'Faixa' });
    expect(sentCommands).not.toContain('ScanCommand');
  });

  it('rejects an unknown status with a 400', async () => {
    const answer = await call<{ error: { code: string } }>('GET', '/api/competitions?status=soon');
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBeTruthy();
  });
});

describe('community API', () => {
  it('publishes a post with tags and shows it first in the feed and trending (audio: community-audio.test.ts)', async () => {
    const author = user('Autora Teste');
    const tag = `tag${randomUUID().slice(0, 6)}`;
    const created = await call<{ post: CommunityPost }>('POST', '/api/community/posts', {
      claims: author,
      body: { text: `Meu beat novo #${tag}` },
    });
    expect(created.status).toBe(201);
    expect(created.body.post).toMatchObject({ author_name: 'Autora Teste', tags: [tag] });

    const feed = await call<{ items: CommunityPost[] }>('GET', '/api/community/posts');
    expect(feed.body.items[0]?.id).toBe(created.body.post.id);
    const trending = await call<{ items: { tag: string; posts: number }[] }>(
      'GET',
      '/api/community/trending',
    );
    expect(trending.body.items.some((item) => item.tag === tag)).toBe(true);
  });

  it('refuses an empty post, a non-audio attachment and an anonymous caller', async () => {
    const author = user();
    expect(
      (await call('POST', '/api/community/posts', { claims: author, body: { text: '   ' } })).status,
    ).toBe(400);
    const image = { name: 'foto.png', type: 'image/png', size: 10 };
    expect(
      (
        await call('POST', '/api/community/posts', {
          claims: author,
          body: { text: 'oi', attachment: image },
        })
      ).status,
    ).toBe(400);
    expect((await call('POST', '/api/community/posts', { body: { text: 'oi' } })).status).toBe(401);
  });

  it('rate-limits a user after the allowance of the window', async () => {
    const author = user();
    for (let i = 0; i < COMMUNITY_POSTS_PER_WINDOW; i++) {
      const answer = await call('POST', '/api/community/posts', {
        claims: author,
        body: { text: `post ${i}` },
      });
      expect(answer.status).toBe(201);
    }
    const refused = await call<{ error: { code: string } }>('POST', '/api/community/posts', {
      claims: author,
      body: { text: 'one too many' },
    });
    expect(refused.status).toBe(429);
    // Someone else is not affected.
    expect(
      (await call('POST', '/api/community/posts', { claims: user(), body: { text: 'oi' } })).status,
    ).toBe(201);
  });
});

describe('creator public profile API', () => {
  it('answers real figures for a creator found by the slug of their name', async () => {
    const run = randomUUID().slice(0, 6);
    const sub = `creator-${randomUUID()}`;
    const name = `Zé Ñandú ${run}`;
    const created = new Date(Date.now() - 400 * DAY).toISOString();
    await createProfile({
      id: sub,
      full_name: name,
      email: `${sub}@example.com`,
      role: 'creator',
      created_at: created,
    });
    await createCreatorStats({
      id: sub,
      full_name: name,
      level: 3,
      xp_points: 500,
      streak_days: 2,
      total_revenue: 12_345,
    });
    const genres = ['Trap', 'Trap', 'House', 'Trap', 'Drill', 'House', 'Lo-Fi'];
    for (const [index, genre] of genres.entries()) {
      await createProject({
        id: `test-${run}-${index}`,
        title: `Beat ${index}`,
        description: 'x',
        price: 10 + index,
        genre,
        bpm: 140,
        duration_seconds: 120,
        tags: [],
        creator_id: sub,
        creator_name: name,
        audio_key: `audio/${sub}/${index}.wav`,
        cover_key: null,
        rating: 4,
        downloads: 100 * (index + 1),
        status: 'published',
        sample: false,
        created_at: new Date(Date.now() - index * DAY).toISOString(),
      });
    }
    // The profile lists the creator's beats from the catalogue index, which follows the table's stream.
    await drainStreamsAt(process.env.AWS_ENDPOINT_URL_DYNAMODB!);

    expect(
      (await call<{ creator: CreatorPublicProfile }>('GET', `/api/creators/ze-nandu-${run}`)).body.creator
        .favorites,
    ).toBe(0);
    // Favourites of the creator's beats are counted: liking twice counts once, an unlike takes one off.
    const like = (fan: string, index: number) =>
      addFavorite({
        id: `test-${run}-${index}`,
        user_id: fan,
        project_id: `test-${run}-${index}`,
        beat_title: `Beat ${index}`,
        beat_creator: name,
        beat_genre: genres[index]!,
        beat_price: 10,
        beat_cover_key: null,
        created_at: new Date().toISOString(),
      });
    const [fanA, fanB] = [`fan-${randomUUID()}`, `fan-${randomUUID()}`];
    expect((await like(fanA, 0)).created).toBe(true);
    expect((await like(fanA, 0)).created).toBe(false);
    await like(fanB, 0);
    await like(fanB, 3);
    expect(await removeFavorite(fanB, `test-${run}-3`)).toBe(true);
    expect(await removeFavorite(fanB, `test-${run}-3`)).toBe(false);
    await like(fanA, 5);

    const answer = await call<{ creator: CreatorPublicProfile }>('GET', `/api/creators/ze-nandu-${run}`);
    expect(answer.status).toBe(200);
    expect(answer.body.creator.favorites).toBe(3);
    const profile = answer.body.creator;
    expect(profile).toMatchObject({
      name,
      products: 7,
      downloads: 2800,
      top_genre: 'Trap',
      // Figures come from orders and the ledger only (issue 18): the stats record's total_revenue and the
      // beats' catalogue rating do not make a revenue band or a rating without sales or reviews.
      revenue_band: 'none',
      rating: null,
      active_since: created,
      sales: 0,
    });
    expect(profile.top_beats.map((beat) => beat.title)).toEqual([
      'Beat 6',
      'Beat 5',
      'Beat 4',
      'Beat 3',
      'Beat 2',
      'Beat 1',
    ]);
    expect(JSON.stringify(profile)).not.toContain('12345');
    // The raw name in the URL resolves too.
    expect((await call('GET', `/api/creators/${encodeURIComponent(name)}`)).status).toBe(200);
  });

  it('hides a creator who switched the public profile off, from the profile and the members list', async () => {
    const run = randomUUID().slice(0, 6);
    const creator: Claims = { sub: `creator-${randomUUID()}`, name: `Perfil Fechado ${run}` };
    await createProfile({
      id: creator.sub,
      full_name: creator.name!,
      email: `${creator.sub}@example.com`,
      role: 'creator',
      created_at: new Date().toISOString(),
    });
    const slug = `perfil-fechado-${run}`;
    const listed = async () =>
      (await call<{ items: { slug: string }[] }>('GET', '/api/community/members')).body.items.some(
        (member) => member.slug === slug,
      );
    expect((await call('GET', `/api/creators/${slug}`)).status).toBe(200);
    expect(await listed()).toBe(true);

    const hide = { ...DEFAULT_SETTINGS, publicProfile: false };
    expect((await call('PUT', '/api/me/settings', { claims: creator, body: hide })).status).toBe(200);
    const hidden = await call<{ error: { code: string } }>('GET', `/api/creators/${slug}`);
    expect(hidden.status).toBe(404);
    expect(hidden.body.error.code).toBe('CREATOR_NOT_FOUND');
    expect(await listed()).toBe(false);

    const show = { ...DEFAULT_SETTINGS, publicProfile: true };
    expect((await call('PUT', '/api/me/settings', { claims: creator, body: show })).status).toBe(200);
    expect((await call('GET', `/api/creators/${slug}`)).status).toBe(200);
  });

  it('answers 404 for an unknown creator', async () => {
    const answer = await call<{ error: { code: string } }>('GET', `/api/creators/nobody-${randomUUID()}`);
    expect(answer.status).toBe(404);
  });
});

describe('settings API', () => {
  it('keeps the signed-in user’s settings and returns null before the first save', async () => {
    const me = user();
    const before = await call<{ settings: unknown }>('GET', '/api/me/settings', { claims: me });
    expect(before).toEqual({ status: 200, body: { settings: null, updated_at: null } });
    const chosen = {
      ...DEFAULT_SETTINGS,
      language: 'es-ES',
      currency: 'EUR',
      darkMode: false,
      reducedMotion: true,
    };
    expect((await call('PUT', '/api/me/settings', { claims: me, body: chosen })).status).toBe(200);
    const after = await call<{ settings: unknown }>('GET', '/api/me/settings', { claims: me });
    expect(after.body.settings).toEqual(chosen);
    // Another user sees nothing of it.
    expect(
      (await call<{ settings: unknown }>('GET', '/api/me/settings', { claims: user() })).body.settings,
    ).toBeNull();
  });

  it('refuses unknown values and anonymous callers', async () => {
    const bad = { ...DEFAULT_SETTINGS, currency: 'JPY' };
    expect((await call('PUT', '/api/me/settings', { claims: user(), body: bad })).status).toBe(400);
    expect((await call('PUT', '/api/me/settings', { claims: user(), rawBody: '{' })).status).toBe(400);
    expect((await call('GET', '/api/me/settings')).status).toBe(401);
  });
});
