/**
 * Pure rules and constants of the public site pages (issue 9), free of zod so the app shell and light
 * routes can import them; the request/response schemas are in shared/schemas/site.ts.
 */

// ---------- community ----------
export const COMMUNITY_POST_MAX = 1000;
/** Posts a user may publish per rate window (a conditional counter item with a TTL). */
export const COMMUNITY_POSTS_PER_WINDOW = 5;
export const COMMUNITY_WINDOW_SECONDS = 10 * 60;

/** `#tags` of a post, lower-cased, unique, in order of appearance. */
export function postTags(text: string): string[] {
  const found = text.match(/#[\p{L}\p{N}_]{2,30}/gu) ?? [];
  return [...new Set(found.map((tag) => tag.slice(1).toLowerCase()))].slice(0, 10);
}

// ---------- creator public profile ----------
/** URL-safe slug of a full name: 'Maré Studio' → 'mare-studio'. */
export function creatorSlug(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
}

export type RevenueBandName = 'none' | 'under_1k' | '1k_10k' | '10k_50k' | 'over_50k';

/** A band instead of the exact amount: the public page never shows what a creator earned. */
export function revenueBand(total: number): RevenueBandName {
  if (!(total > 0)) return 'none';
  if (total < 1_000) return 'under_1k';
  if (total < 10_000) return '1k_10k';
  if (total < 50_000) return '10k_50k';
  return 'over_50k';
}

// ---------- settings ----------
export const SETTINGS_LANGUAGES = ['pt-BR', 'en-US', 'es-ES'] as const;
export const SETTINGS_CURRENCIES = ['BRL', 'USD', 'EUR'] as const;

export interface UserSettingsShape {
  language: (typeof SETTINGS_LANGUAGES)[number];
  currency: (typeof SETTINGS_CURRENCIES)[number];
  darkMode: boolean;
  reducedMotion: boolean;
  pushNotifications: boolean;
  marketingEmails: boolean;
  newReleases: boolean;
  publicProfile: boolean;
  autoplay: boolean;
  highQuality: boolean;
  bio: string;
}

export const DEFAULT_SETTINGS: UserSettingsShape = {
  language: 'pt-BR',
  currency: 'BRL',
  darkMode: true,
  reducedMotion: false,
  pushNotifications: true,
  marketingEmails: false,
  newReleases: true,
  publicProfile: true,
  autoplay: false,
  highQuality: true,
  bio: '',
};
