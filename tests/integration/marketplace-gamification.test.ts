import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createAchievement } from '../../lambdas/_lib/db/achievements';
import { createCompetition } from '../../lambdas/_lib/db/competitions';
import { createCreatorStats } from '../../lambdas/_lib/db/creator-stats';
import { createOffer } from '../../lambdas/_lib/db/offers';
import { rarityRank, type Rarity } from '../../shared/gamification';
import { defaultCreatorSettings, type LimitedOffer } from '../../shared/schemas/marketplace';
import { call, client, creator } from './marketplace-helpers';
import { prize } from '../../shared/competition-prize';

const HOUR = 3_600_000;

describe('rare drops', () => {
  it('lists active offers with slots left expiring within 72 h, soonest first', async () => {
    const run = randomUUID().slice(0, 8);
    const now = Date.now();
    const offer = (name: string, hours: number, extra: Partial<LimitedOffer> = {}): LimitedOffer => ({
      id: `test-${run}-${name}`,
      title: name,
      description: null,
      original_price: 100,
      discounted_price: 60,
      slots_available: 10,
      slots_remaining: 3,
      expires_at: new Date(now + hours * HOUR).toISOString(),
      is_active: true,
      ...extra,
    });
    await createOffer(offer('late', 71));
    await createOffer(offer('soon', 1));
    await createOffer(offer('middle', 30));
    await createOffer(offer('outside', 73));
    await createOffer(offer('expired', -1));
    await createOffer(offer('sold-out', 5, { slots_remaining: 0 }));
    await createOffer(offer('inactive', 5, { is_active: false }));

    const answer = await call<{ items: LimitedOffer[] }>('GET', '/api/offers/rare');
    expect(answer.status).toBe(200);
    const mine = answer.body.items.filter((o) => o.id.startsWith(`test-${run}-`)).map((o) => o.title);
    expect(mine).toEqual(['soon', 'middle', 'late']);
    const times = answer.body.items.map((o) => Date.parse(o.expires_at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(times.every((t) => t > now && t <= now + 72 * HOUR + 60_000)).toBe(true);
    expect(answer.body.items.every((o) => o.slots_remaining > 0 && o.is_active)).toBe(true);
  });
});

describe('leaderboard, achievements, competition', () => {
  it('ranks the top 5 creators by XP with their names and levels', async () => {
    const base = 900_000_000 + Math.floor(Math.random() * 1_000_000);
    const ids = Array.from({ length: 6 }, (_, i) => `lb-${randomUUID()}-${i}`);
    for (const [i, id] of ids.entries()) {
      await createCreatorStats({
        id,
        full_name: `Top ${i}`,
        level: 1,
        xp_points: base + i * 10,
        streak_days: i,
        total_revenue: 0,
      });
    }
    const answer = await call<{
      items: { id: string; full_name: string; xp_points: number; level: number }[];
    }>('GET', '/api/creators/leaderboard');
    expect(answer.body.items.map((e) => e.full_name)).toEqual(['Top 5', 'Top 4', 'Top 3', 'Top 2', 'Top 1']);
    expect(answer.body.items[0]!.level).toBe(Math.floor(Math.sqrt((base + 50) / 100)) + 1);
  });

  it('lists 6 achievements, rarest first', async () => {
    const rarities: Rarity[] = ['common', 'rare', 'epic', 'legendary', 'legendary', 'common', 'rare'];
    for (const [i, rarity] of rarities.entries()) {
      await createAchievement({
        id: `ach-${randomUUID()}`,
        name: `A${i}`,
        description: '',
        badge_icon: '*',
        rarity,
      });
    }
    const answer = await call<{ items: { rarity: Rarity }[] }>('GET', '/api/achievements');
    expect(answer.body.items).toHaveLength(6);
    const ranks = answer.body.items.map((a) => rarityRank(a.rarity));
    expect(ranks).toEqual([...ranks].sort((a, b) => b - a));
    expect(ranks[0]).toBe(4);
  });

  it('answers the active competition, not an ended or inactive one', async () => {
    const now = Date.now();
    const base = {
      description: 'd',
      prize_1st: prize(1, 'mentorship'),
      prize_2nd: prize(2),
      prize_3rd: prize(3),
      starts_at: new Date(now - HOUR).toISOString(),
    };
    const id = `comp-${randomUUID()}`;
    await createCompetition({
      ...base,
      id: `${id}-ended`,
      title: 'Ended',
      ends_at: new Date(now - 60_000).toISOString(),
      is_active: true,
    });
    await createCompetition({
      ...base,
      id: `${id}-off`,
      title: 'Off',
      ends_at: new Date(now + 30_000).toISOString(),
      is_active: false,
    });
    await createCompetition({
      ...base,
      id: `${id}-on`,
      title: 'Live',
      ends_at: new Date(now + 60_000).toISOString(),
      is_active: true,
    });
    const answer = await call<{ competition: { id: string; title: string } | null }>(
      'GET',
      '/api/competitions/active',
    );
    expect(answer.body.competition).toMatchObject({ id: `${id}-on`, title: 'Live' });
  });
});

describe('creator settings', () => {
  it('starts from the spec defaults, and saved values stick', async () => {
    const me = creator('Dora Beats');
    const first = await call<{ settings: ReturnType<typeof defaultCreatorSettings> }>(
      'GET',
      '/api/creator/settings',
      { claims: me },
    );
    expect(first.body.settings).toEqual(defaultCreatorSettings('Dora Beats'));

    const changed = {
      ...first.body.settings,
      pricing: { beatPrice: 75, mixingPrice: 200, masteringPrice: 120 },
    };
    changed.workflow = { ...changed.workflow, autoAcceptOrders: true, maxActiveProjects: 8 };
    expect((await call('PUT', '/api/creator/settings', { claims: me, body: changed })).status).toBe(200);
    const again = await call<{ settings: unknown }>('GET', '/api/creator/settings', { claims: me });
    expect(again.body.settings).toEqual(changed);

    // Another creator still sees their own defaults.
    const other = await call<{ settings: unknown }>('GET', '/api/creator/settings', {
      claims: creator('Eva'),
    });
    expect(other.body.settings).toEqual(defaultCreatorSettings('Eva'));
  });

  it('refuses clients (403) and invalid values (400)', async () => {
    expect((await call('GET', '/api/creator/settings', { claims: client() })).status).toBe(403);
    const bad = {
      ...defaultCreatorSettings('x'),
      pricing: { beatPrice: -5, mixingPrice: 1, masteringPrice: 1 },
    };
    expect((await call('PUT', '/api/creator/settings', { claims: creator(), body: bad })).status).toBe(400);
  });
});
