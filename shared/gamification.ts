/** Creator gamification and Creator Hub card rules (spec 1 §2 Creator Hub, §9). */

export const RARITIES = ['common', 'rare', 'epic', 'legendary'] as const;
export type Rarity = (typeof RARITIES)[number];

/** common 1 … legendary 4: "ordered by rarity descending" means legendary first. */
export function rarityRank(rarity: Rarity): number {
  return RARITIES.indexOf(rarity) + 1;
}

export const LEADERBOARD_SIZE = 5;
export const ACHIEVEMENTS_SHOWN = 6;
export const STREAK_BADGE_AFTER_DAYS = 7;
export const PLATFORM_FEE_RATE = 0.15;
export const CREATOR_NET_RATE = 0.85;

export interface LevelProgress {
  level: number;
  xp: number;
  /** XP where this level starts: (level-1)^2*100. */
  levelStartXp: number;
  /** XP where the next level starts: level^2*100. */
  nextLevelXp: number;
  /** 0–100, progress from this level's start to the next. */
  progressPercent: number;
  xpToNextLevel: number;
}

export function levelStartXp(level: number): number {
  return (level - 1) ** 2 * 100;
}

/** Level n spans [(n-1)^2*100, n^2*100). */
export function levelFromXp(xpInput: number): LevelProgress {
  const xp = Number.isFinite(xpInput) && xpInput > 0 ? Math.floor(xpInput) : 0;
  let level = Math.floor(Math.sqrt(xp / 100)) + 1;
  // Guard against floating point at exact boundaries.
  while (levelStartXp(level + 1) <= xp) level += 1;
  while (level > 1 && levelStartXp(level) > xp) level -= 1;
  const start = levelStartXp(level);
  const next = levelStartXp(level + 1);
  return {
    level,
    xp,
    levelStartXp: start,
    nextLevelXp: next,
    progressPercent: Math.floor(((xp - start) / (next - start)) * 100),
    xpToNextLevel: next - xp,
  };
}

/** The streak badge shows above 7 days. */
export function hasStreakBadge(streakDays: number): boolean {
  return streakDays > STREAK_BADGE_AFTER_DAYS;
}

/** The order fields the Creator Hub cards are computed from. */
export interface HubOrder {
  amount: number;
  status: 'pending' | 'delivered' | 'completed';
  created_at: string;
  rating?: number | null;
}

export interface HubCards {
  totalRevenue: number;
  monthRevenue: number;
  orderCount: number;
  monthOrderCount: number;
  /** Percent 0–100 of orders completed; 0 without orders. */
  completionRate: number;
  /** Mean of the clients' ratings, one decimal; null before the first rating. */
  averageRating: number | null;
  ratingCount: number;
  /** This month's revenue split: 85% to the creator, 15% platform fee. */
  monthNet: number;
  monthFee: number;
}

const cents = (value: number) => Math.round(value * 100) / 100;

/** "This month" is the calendar month of `now` in UTC. */
export function isSameMonth(iso: string, now: Date): boolean {
  const date = new Date(iso);
  return date.getUTCFullYear() === now.getUTCFullYear() && date.getUTCMonth() === now.getUTCMonth();
}

export function creatorHubCards(orders: readonly HubOrder[], now: Date = new Date()): HubCards {
  let total = 0;
  let month = 0;
  let monthCount = 0;
  let completed = 0;
  let ratingSum = 0;
  let ratingCount = 0;
  for (const order of orders) {
    total += order.amount;
    if (isSameMonth(order.created_at, now)) {
      month += order.amount;
      monthCount += 1;
    }
    if (order.status === 'completed') completed += 1;
    if (typeof order.rating === 'number') {
      ratingSum += order.rating;
      ratingCount += 1;
    }
  }
  return {
    totalRevenue: cents(total),
    monthRevenue: cents(month),
    orderCount: orders.length,
    monthOrderCount: monthCount,
    completionRate: orders.length === 0 ? 0 : Math.round((completed / orders.length) * 100),
    averageRating: ratingCount === 0 ? null : Math.round((ratingSum / ratingCount) * 10) / 10,
    ratingCount,
    monthNet: cents(month * CREATOR_NET_RATE),
    monthFee: cents(month * PLATFORM_FEE_RATE),
  };
}
