import { describe, expect, it } from 'vitest';
import {
  creatorHubCards,
  hasStreakBadge,
  type HubOrder,
  levelFromXp,
  RARITIES,
  rarityRank,
} from '../../shared/gamification';

describe('levels from XP', () => {
  it('level n starts at (n-1)^2*100 and the next at n^2*100', () => {
    expect(levelFromXp(0)).toMatchObject({ level: 1, levelStartXp: 0, nextLevelXp: 100, progressPercent: 0 });
    expect(levelFromXp(99).level).toBe(1);
    expect(levelFromXp(100)).toMatchObject({
      level: 2,
      levelStartXp: 100,
      nextLevelXp: 400,
      progressPercent: 0,
    });
    expect(levelFromXp(399).level).toBe(2);
    expect(levelFromXp(400).level).toBe(3);
    expect(levelFromXp(2500)).toMatchObject({ level: 6, levelStartXp: 2500, nextLevelXp: 3600 });
  });

  it('reports progress towards the next level', () => {
    expect(levelFromXp(250)).toMatchObject({ level: 2, progressPercent: 50, xpToNextLevel: 150 });
  });

  it('treats negative or invalid XP as 0', () => {
    expect(levelFromXp(-5).level).toBe(1);
    expect(levelFromXp(Number.NaN).level).toBe(1);
  });
});

describe('streak badge', () => {
  it('shows above 7 days only', () => {
    expect(hasStreakBadge(7)).toBe(false);
    expect(hasStreakBadge(8)).toBe(true);
  });
});

describe('rarity order', () => {
  it('ranks common < rare < epic < legendary', () => {
    expect(RARITIES.map(rarityRank)).toEqual([1, 2, 3, 4]);
  });
});

describe('Creator Hub cards (the creator figures, shared/creator-figures.ts)', () => {
  const now = new Date('2026-11-25T12:00:00Z');
  const orders: HubOrder[] = [
    {
      amount: 100,
      status: 'completed',
      created_at: '2026-11-02T10:00:00Z',
      rating: 5,
      kind: 'hire',
      escrow: 'released',
      settled_at: '2026-11-05T10:00:00Z',
    },
    { amount: 50.5, status: 'delivered', created_at: '2026-11-20T10:00:00Z', kind: 'licence' },
    { amount: 30, status: 'completed', created_at: '2026-10-31T23:59:59Z', rating: 4, kind: 'purchase' },
    { amount: 19.5, status: 'pending', created_at: '2025-11-10T10:00:00Z', kind: 'hire', escrow: 'held' },
    // Refunded and never-paid orders are not orders of the creator's figures at all.
    { amount: 80, status: 'declined', created_at: '2026-11-21T10:00:00Z', kind: 'hire', escrow: 'refunded' },
    { amount: 40, status: 'pending', created_at: '2026-11-22T10:00:00Z', kind: 'unpaid' },
  ];

  it('counts money received only: total, this month (by arrival), sales; held coins apart', () => {
    const cards = creatorHubCards(orders, now);
    expect(cards.totalRevenue).toBe(180.5);
    expect(cards.monthRevenue).toBe(150.5);
    expect(cards.sales).toBe(3);
    expect(cards.heldRevenue).toBe(19.5);
    expect(cards.orderCount).toBe(4);
    expect(cards.monthOrderCount).toBe(2); // last year's November does not count
  });

  it('splits this month into 85% net and a 15% fee', () => {
    const cards = creatorHubCards(orders, now);
    expect(cards.monthNet).toBe(127.93);
    expect(cards.monthFee).toBe(22.58);
  });

  it('computes the completion rate (a licence sale is complete) and the average rating', () => {
    const cards = creatorHubCards(orders, now);
    expect(cards.completionRate).toBe(75);
    expect(cards.averageRating).toBe(4.5);
    expect(cards.ratingCount).toBe(2);
  });

  it('an unpaid hire earns nothing: no revenue, no sale, no order', () => {
    expect(
      creatorHubCards(
        [{ amount: 80, status: 'pending', created_at: now.toISOString(), kind: 'unpaid' }],
        now,
      ),
    ).toMatchObject({
      totalRevenue: 0,
      sales: 0,
      orderCount: 0,
    });
  });

  it('is all zero without orders', () => {
    expect(creatorHubCards([], now)).toEqual({
      totalRevenue: 0,
      monthRevenue: 0,
      sales: 0,
      orderCount: 0,
      monthOrderCount: 0,
      heldRevenue: 0,
      completionRate: 0,
      averageRating: null,
      ratingCount: 0,
      monthNet: 0,
      monthFee: 0,
    });
  });
});
