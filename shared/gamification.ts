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

/**
 * The Creator Hub cards are the creator's figures (shared/creator-figures.ts), the same numbers the
 * public profile shows: revenue counts money received only.
 */
export type { FigureOrder as HubOrder, CreatorFigures as HubCards } from './creator-figures';
export { creatorFigures as creatorHubCards, isSameMonth } from './creator-figures';
