import * as z from 'zod';
import { AchievementTranslations, CompetitionTranslations } from '../translated-text';
import { Prize } from '../competition-prize';
import { issueCode } from '../errors';
import { parseDuration } from '../marketplace/duration';
import { RARITIES } from '../gamification';
import { PRODUCT_GENRES } from '../marketplace/genres';
import { BEAT_BPM } from '../marketplace/tempo';
import { TierSummary } from '../licensing/tier-summary';
import { textField } from '../text-input';

export { PRODUCT_GENRES };
export const Genre = z.enum(PRODUCT_GENRES);
export type Genre = z.infer<typeof Genre>;

export const SPECIALIZATIONS = [
  'music-production',
  'mixing',
  'mastering',
  'beat-making',
  'vocal-production',
] as const;

/** A project/beat as the API answers it; sample beats are the same entity with `sample: true`. */
export const Project = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  price: z.number(),
  genre: z.string(),
  bpm: z.number().int(),
  duration_seconds: z.number(),
  /** 'm:ss'. */
  duration: z.string(),
  tags: z.array(z.string()),
  creator_id: z.string(),
  /** The creator's full_name, denormalised. */
  creator: z.string(),
  rating: z.number(),
  downloads: z.number(),
  /** 'sold': an exclusive licence was sold; the page stays, nothing more can be bought (issue 8). */
  status: z.enum(['published', 'sold']),
  sample: z.boolean(),
  created_at: z.string(),
  /** Musical key confirmed by the creator ('A minor'), for key-aware search (issue 8). */
  key: z.string().nullable().optional(),
  /** The licence tiers on sale, for the card's 'a partir de R$ X · N licenças'; null until the creator saves them. */
  licences: TierSummary.nullable().optional(),
  /**
   * Stable public URLs of the cover and the preview (shared/marketplace/public-media.ts); null when there
   * is none. A beat without a public preview yet plays from GET /api/projects/{id}/audio (`audioOnRequest`).
   */
  audioUrl: z.string().nullable(),
  coverUrl: z.string().nullable(),
  audioOnRequest: z.boolean(),
});
export type Project = z.infer<typeof Project>;

/** GET /api/projects/{id}/audio: a short-lived link to play a beat that has no public preview yet. */
export const PlayLink = z.object({ url: z.string(), expires_in: z.number().int() });
export type PlayLink = z.infer<typeof PlayLink>;

const money = z
  .number()
  .positive(issueCode('PRICE_NOT_POSITIVE'))
  .max(1_000_000)
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, issueCode('PRICE_DECIMALS'));

const duration = z.union([z.number().int().min(1).max(3600), z.string()]).transform((value, ctx) => {
  const seconds = typeof value === 'number' ? value : parseDuration(value);
  if (seconds === undefined || seconds < 1 || seconds > 3600) {
    ctx.addIssue({ code: 'custom', message: issueCode('TRACK_DURATION_INVALID') });
    return z.NEVER;
  }
  return seconds;
});

/** Tags: trimmed, blanks dropped, duplicates (case-insensitive) dropped, like the form does. */
const tags = z
  .array(textField('tag', { max: 40 }))
  .max(20)
  .default([])
  .transform((list) => {
    const seen = new Set<string>();
    const out: string[] = [];
    for (const raw of list) {
      const tag = raw.trim();
      if (tag === '' || seen.has(tag.toLowerCase())) continue;
      seen.add(tag.toLowerCase());
      out.push(tag);
    }
    return out;
  });

const objectKey = z
  .string()
  .min(1)
  .max(1024)
  .refine(
    (key) => !key.split('/').some((part) => part === '..' || part === '.' || part === ''),
    'Chave inválida.',
  );

/** POST /api/projects: the product upload form (spec 1 §3, §5). */
export const ProjectCreate = z
  .object({
    title: textField('title', {
      min: 1,
      max: 120,
      requiredCode: 'REQUIRED_FIELDS',
    }),
    description: textField('description', {
      min: 1,
      max: 2000,
      multiline: true,
      requiredCode: 'REQUIRED_FIELDS',
    }),
    price: money,
    genre: Genre,
    bpm: z.number().int(issueCode('BPM_NOT_WHOLE')).min(BEAT_BPM.min).max(BEAT_BPM.max),
    duration,
    tags,
    audioKey: objectKey,
    coverKey: objectKey.optional(),
  })
  .strict();
export type ProjectCreate = z.infer<typeof ProjectCreate>;

/** A favourite: the beat's card fields denormalised (spec 1 §3 favorites). Its id is the beat's id. */
export const Favorite = z.object({
  id: z.string(),
  project_id: z.string(),
  user_id: z.string(),
  beat_title: z.string(),
  beat_creator: z.string(),
  beat_genre: z.string(),
  beat_price: z.number(),
  beat_cover_url: z.string().nullable(),
  created_at: z.string(),
});
export type Favorite = z.infer<typeof Favorite>;

export const FavoriteCreate = z.object({ projectId: z.string().min(1).max(200) }).strict();

export const LimitedOffer = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  original_price: z.number(),
  discounted_price: z.number(),
  slots_remaining: z.number().int(),
  slots_available: z.number().int(),
  expires_at: z.string(),
  is_active: z.boolean(),
});
export type LimitedOffer = z.infer<typeof LimitedOffer>;

export const Achievement = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  badge_icon: z.string(),
  rarity: z.enum(RARITIES),
  /** en-US / es-ES name and description (shared/achievement-text.ts); pt-BR is name/description. */
  translations: AchievementTranslations.optional(),
});
export type Achievement = z.infer<typeof Achievement>;

export const Competition = z.object({
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
});
export type Competition = z.infer<typeof Competition>;

export const CreatorStats = z.object({
  id: z.string(),
  full_name: z.string(),
  level: z.number().int(),
  xp_points: z.number().int(),
  streak_days: z.number().int(),
  total_revenue: z.number(),
});
export type CreatorStats = z.infer<typeof CreatorStats>;

/** The creator settings dialog's five tabs (spec 1 §3), with the spec's defaults (§9). */
export const CreatorSettings = z
  .object({
    profile: z
      .object({
        displayName: textField('display_name', { max: 120 }),
        bio: textField('bio', { max: 1000, multiline: true }),
        specialization: z.enum(SPECIALIZATIONS),
      })
      .strict(),
    pricing: z
      .object({
        beatPrice: z.number().min(0).max(1_000_000),
        mixingPrice: z.number().min(0).max(1_000_000),
        masteringPrice: z.number().min(0).max(1_000_000),
      })
      .strict(),
    notifications: z
      .object({
        newOrders: z.boolean(),
        messageUpdates: z.boolean(),
        weeklyReports: z.boolean(),
        marketingEmails: z.boolean(),
      })
      .strict(),
    workflow: z
      .object({
        autoAcceptOrders: z.boolean(),
        /** Hours. */
        responseTime: z.number().int().min(1).max(168),
        workingHours: z.enum(['business', 'extended', 'flexible', '24/7']),
        maxActiveProjects: z.number().int().min(1).max(100),
      })
      .strict(),
    privacy: z
      .object({
        showOnlineStatus: z.boolean(),
        allowDirectMessages: z.boolean(),
        showCompletedProjects: z.boolean(),
      })
      .strict(),
  })
  .strict();
export type CreatorSettings = z.infer<typeof CreatorSettings>;

export function defaultCreatorSettings(displayName = ''): CreatorSettings {
  return {
    profile: { displayName, bio: '', specialization: 'music-production' },
    pricing: { beatPrice: 50, mixingPrice: 150, masteringPrice: 100 },
    notifications: { newOrders: true, messageUpdates: true, weeklyReports: true, marketingEmails: false },
    workflow: { autoAcceptOrders: false, responseTime: 2, workingHours: 'business', maxActiveProjects: 5 },
    privacy: { showOnlineStatus: true, allowDirectMessages: true, showCompletedProjects: true },
  };
}
