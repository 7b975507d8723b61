import * as z from 'zod';
import { Prize } from '../competition-prize';
import { CompetitionTranslations } from '../translated-text';
import { textField } from '../text-input';
import {
  COMMUNITY_POST_MAX,
  SETTINGS_CURRENCIES,
  SETTINGS_LANGUAGES,
  type UserSettingsShape,
} from '../site-rules';

/**
 * Contracts of the public site pages (issue 9): competitions, community, creator public profile and the
 * signed-in user's settings. Shared by the Lambdas and the web app.
 */

// ---------- competitions ----------
export const CompetitionDifficulty = z.enum(['beginner', 'intermediate', 'advanced']);
export type CompetitionDifficulty = z.infer<typeof CompetitionDifficulty>;

export const CompetitionCard = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  /** Prizes as data (shared/competition-prize.ts); null for a stored text this code cannot read. */
  prize_1st: Prize.nullable(),
  prize_2nd: Prize.nullable(),
  prize_3rd: Prize.nullable(),
  /** en-US / es-ES title and description (shared/competition-text.ts); pt-BR is title/description. */
  translations: CompetitionTranslations.optional(),
  starts_at: z.string(),
  ends_at: z.string(),
  is_active: z.boolean(),
  difficulty: CompetitionDifficulty,
  category: z.string(),
  tags: z.array(z.string()),
  participants: z.number().int().nonnegative(),
  max_participants: z.number().int().positive(),
  winner: z.string().nullable(),
  winning_track: z.string().nullable(),
});
export type CompetitionCard = z.infer<typeof CompetitionCard>;

export const CompetitionStatus = z.enum(['active', 'finished']);
export type CompetitionStatus = z.infer<typeof CompetitionStatus>;

export const CompetitionListQuery = z.object({ status: CompetitionStatus.default('active') }).strict();

export const CompetitionList = z.object({ items: z.array(CompetitionCard) });
export type CompetitionList = z.infer<typeof CompetitionList>;

// ---------- community ----------

const audioName = /\.(mp3|wav|ogg|oga|flac|aac|m4a|aif|aiff|opus|webm)$/i;

export const CommunityAttachment = z
  .object({
    name: z.string().trim().min(1).max(200).regex(audioName, 'only audio files can be attached'),
    type: z.string().regex(/^audio\//, 'only audio files can be attached'),
    size: z
      .number()
      .int()
      .positive()
      .max(1024 * 1024 * 1024),
  })
  .strict();
export type CommunityAttachment = z.infer<typeof CommunityAttachment>;

/** A post's audio: the caller's finished upload (purpose 'community-audio'), named by its id. */
export const NewCommunityPost = z
  .object({
    text: textField('post', { min: 1, max: COMMUNITY_POST_MAX, multiline: true }),
    attachment: z
      .object({ uploadId: z.string().trim().min(1).max(200) })
      .strict()
      .optional(),
  })
  .strict();
export type NewCommunityPost = z.infer<typeof NewCommunityPost>;

export const CommunityPost = z.object({
  id: z.string(),
  author_id: z.string(),
  author_name: z.string(),
  text: z.string(),
  tags: z.array(z.string()),
  /** `url` plays the uploaded audio (signed on read); null for posts whose audio was never uploaded. */
  attachment: CommunityAttachment.extend({ url: z.string().nullable().optional() }).nullable(),
  created_at: z.string(),
});
export type CommunityPost = z.infer<typeof CommunityPost>;

export const CommunityFeed = z.object({ items: z.array(CommunityPost) });
export const TrendingTag = z.object({ tag: z.string(), posts: z.number().int() });
export const CommunityTrending = z.object({ items: z.array(TrendingTag), posts_today: z.number().int() });
export const CommunityMember = z.object({
  name: z.string(),
  slug: z.string(),
  joined_at: z.string(),
});
export const CommunityMembers = z.object({ items: z.array(CommunityMember) });
export type CommunityMember = z.infer<typeof CommunityMember>;

// ---------- creator public profile ----------

export const RevenueBand = z.enum(['none', 'under_1k', '1k_10k', '10k_50k', 'over_50k']);
export type RevenueBand = z.infer<typeof RevenueBand>;

export const CreatorTopBeat = z.object({
  id: z.string(),
  title: z.string(),
  genre: z.string(),
  bpm: z.number(),
  price: z.number(),
  downloads: z.number(),
  rating: z.number(),
});

export const CreatorPublicProfile = z.object({
  name: z.string(),
  slug: z.string(),
  active_since: z.string(),
  products: z.number().int(),
  downloads: z.number().int(),
  /** Not counted yet: favourites are indexed per user only (null until a per-creator counter exists). */
  favorites: z.number().int().nullable(),
  /** Orders whose money the creator received (shared/creator-figures.ts, as on the Creator Hub). */
  sales: z.number().int(),
  /** Mean of the clients' ratings of the creator's orders (null before the first); and how many. */
  rating: z.number().nullable(),
  rating_count: z.number().int().default(0),
  top_genre: z.string().nullable(),
  revenue_band: RevenueBand,
  level: z.number().int(),
  xp_points: z.number().int(),
  streak_days: z.number().int(),
  /** Products published in the last 30 days against the 30 before (null when both are zero). */
  monthly_growth: z.number().nullable(),
  top_beats: z.array(CreatorTopBeat),
});
export type CreatorPublicProfile = z.infer<typeof CreatorPublicProfile>;

// ---------- settings ----------

export const UserSettings = z
  .object({
    language: z.enum(SETTINGS_LANGUAGES),
    currency: z.enum(SETTINGS_CURRENCIES),
    darkMode: z.boolean(),
    reducedMotion: z.boolean(),
    pushNotifications: z.boolean(),
    marketingEmails: z.boolean(),
    newReleases: z.boolean(),
    publicProfile: z.boolean(),
    autoplay: z.boolean(),
    highQuality: z.boolean(),
    bio: textField('bio', { max: 500, multiline: true }),
  })
  .strict();
export type UserSettings = z.infer<typeof UserSettings>;
// The schema and the zod-free shape in shared/site-rules.ts describe the same object.
const sameShape: UserSettingsShape = {} as UserSettings;
void sameShape;

export const SettingsResponse = z.object({
  settings: UserSettings.nullable(),
  updated_at: z.string().nullable(),
});
