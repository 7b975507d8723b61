import * as z from 'zod';
import { issueCode } from '../errors';
import { commerceTexts, formatCount } from '../i18n/commerce';
import type { Language } from '../i18n/language';
import { textField } from '../text-input';
import { DEFAULT_CREDIT, creditLine, normalizeCredit, type DefaultCreditLabel } from './credit';

export { creditLine } from './credit';

/**
 * Beat licences (issue 8): four tiers a creator enables and prices per beat, each with usage terms.
 * Shared by the Lambdas (checkout, webhook, agreement PDF, delivery) and the web (tier choice, editor).
 */
export const TIER_IDS = ['mp3', 'wav', 'trackout', 'exclusive'] as const;
export type TierId = (typeof TIER_IDS)[number];
export const TierId = z.enum(TIER_IDS, { message: issueCode('TIER_INVALID') });

/** What the buyer receives for each tier. */
export type DeliverableKind = 'mp3' | 'wav' | 'stems';
export const TIER_FILES: Record<TierId, readonly DeliverableKind[]> = {
  mp3: ['mp3'],
  wav: ['mp3', 'wav'],
  trackout: ['mp3', 'wav', 'stems'],
  exclusive: ['mp3', 'wav', 'stems'],
};

/** The largest finite limit a creator may set; above it the term is unlimited (`null`). */
export const MAX_TERM_LIMIT = 1_000_000_000;
export const MAX_CREDIT_LINE = 200;

/**
 * `null` = unlimited. Every refusal here is an error code (shared/i18n/api-errors): it reaches the creator
 * as the save's error, in their language; shapes the editor never sends read as the generic field error.
 */
const Limit = z
  .number({ message: issueCode('TERM_LIMIT_INVALID') })
  .int(issueCode('TERM_LIMIT_INVALID'))
  .min(0, issueCode('TERM_LIMIT_INVALID'))
  .max(MAX_TERM_LIMIT, issueCode('TERM_LIMIT_INVALID'))
  .nullable();

export const LicenceTerms = z.object(
  {
    distribution_copies: Limit,
    audio_streams: Limit,
    music_videos: Limit,
    radio_stations: Limit,
    live_performances: z.boolean({ message: issueCode('VALIDATION_ERROR') }),
    // Also bounded in UTF-16 units: the terms travel in a Stripe metadata value (≤ 500 characters).
    credit_line: z
      .string({ message: issueCode('VALIDATION_ERROR') })
      .pipe(textField('credit_line', { max: MAX_CREDIT_LINE }))
      .refine((value) => value.length <= MAX_CREDIT_LINE, issueCode('CREDIT_TOO_LONG'))
      // The default, in any language, is stored as its kind (./credit.ts).
      .transform(normalizeCredit),
  },
  { message: issueCode('VALIDATION_ERROR') },
);
export type LicenceTerms = z.infer<typeof LicenceTerms>;

const Price = z
  .number({ message: issueCode('PRICE_NOT_NUMBER') })
  .min(1, issueCode('PRICE_TOO_LOW'))
  .max(1_000_000, issueCode('PRICE_TOO_HIGH'))
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, issueCode('PRICE_DECIMALS'));

export const TierConfig = z.object(
  {
    enabled: z.boolean({ message: issueCode('VALIDATION_ERROR') }),
    price: Price,
    terms: LicenceTerms,
  },
  { message: issueCode('VALIDATION_ERROR') },
);
export type TierConfig = z.infer<typeof TierConfig>;

export const TiersConfig = z.object(
  {
    mp3: TierConfig,
    wav: TierConfig,
    trackout: TierConfig,
    exclusive: TierConfig,
  },
  { message: issueCode('VALIDATION_ERROR') },
);
export type TiersConfig = z.infer<typeof TiersConfig>;

export const DEFAULT_TERMS: Record<TierId, LicenceTerms> = {
  mp3: {
    distribution_copies: 2_000,
    audio_streams: 100_000,
    music_videos: 1,
    radio_stations: 0,
    live_performances: true,
    credit_line: DEFAULT_CREDIT,
  },
  wav: {
    distribution_copies: 5_000,
    audio_streams: 250_000,
    music_videos: 1,
    radio_stations: 2,
    live_performances: true,
    credit_line: DEFAULT_CREDIT,
  },
  trackout: {
    distribution_copies: 10_000,
    audio_streams: 1_000_000,
    music_videos: 2,
    radio_stations: 5,
    live_performances: true,
    credit_line: DEFAULT_CREDIT,
  },
  exclusive: {
    distribution_copies: null,
    audio_streams: null,
    music_videos: null,
    radio_stations: null,
    live_performances: true,
    credit_line: DEFAULT_CREDIT,
  },
};

/** Price multiples of the beat's listed price for a beat whose creator has not set tiers yet. */
const DEFAULT_MULTIPLIER: Record<TierId, number> = { mp3: 1, wav: 1.5, trackout: 3, exclusive: 10 };

const roundCents = (value: number) => Math.round(value * 100) / 100;

/** Sensible defaults from the beat's price: MP3 at the listed price, WAV/Trackout enabled, Exclusive off. */
export function defaultTiers(basePrice: number): TiersConfig {
  const base = basePrice > 0 ? basePrice : 50;
  const tier = (id: TierId, enabled: boolean): TierConfig => ({
    enabled,
    price: Math.max(1, roundCents(base * DEFAULT_MULTIPLIER[id])),
    terms: { ...DEFAULT_TERMS[id] },
  });
  return {
    mp3: tier('mp3', true),
    wav: tier('wav', true),
    trackout: tier('trackout', true),
    exclusive: tier('exclusive', false),
  };
}

/** Human text of one term, pt-BR (cards and the PDF). */
/** The agreement's "Terms of use" lines, in the buyer's language. */
export function termLines(
  terms: LicenceTerms,
  creatorName: string,
  language: Language = 'pt-BR',
): [string, string][] {
  const texts = commerceTexts(language);
  const limit = (value: number | null) => (value === null ? texts.unlimited : formatCount(value, language));
  return [
    [texts.termLabels.distribution_copies, limit(terms.distribution_copies)],
    [texts.termLabels.audio_streams, limit(terms.audio_streams)],
    [texts.termLabels.music_videos, limit(terms.music_videos)],
    [texts.termLabels.radio_stations, limit(terms.radio_stations)],
    [texts.termLabels.live_performances, texts.livePerformances(terms.live_performances)],
    [texts.termLabels.credit_line, creditLine(terms, creatorName) || '—'],
  ];
}

// --- Coupons -------------------------------------------------------------------------------------------

export const COUPON_CODE = /^[A-Z0-9_-]{3,32}$/;

export const CouponInput = z
  .object({
    code: z.string().trim().toUpperCase().regex(COUPON_CODE, issueCode('COUPON_CODE_FORMAT')),
    kind: z.enum(['percent', 'fixed'], { message: issueCode('COUPON_KIND_INVALID') }),
    /** Percent (1–100) or BRL off. */
    value: z
      .number({ message: issueCode('COUPON_VALUE_INVALID') })
      .positive(issueCode('COUPON_VALUE_INVALID'))
      .max(1_000_000, issueCode('COUPON_VALUE_TOO_HIGH')),
    expires_at: z
      .string()
      .datetime({ message: issueCode('COUPON_EXPIRY_INVALID') })
      .nullable()
      .default(null),
    max_uses: z
      .number({ message: issueCode('COUPON_USES_INVALID') })
      .int(issueCode('COUPON_USES_INVALID'))
      .min(1, issueCode('COUPON_USES_INVALID'))
      .max(1_000_000, issueCode('COUPON_USES_INVALID'))
      .nullable()
      .default(null),
    /** Tiers the code applies to; empty = all. */
    tiers: z
      .array(TierId, { message: issueCode('COUPON_TIERS_INVALID') })
      .max(4, issueCode('COUPON_TIERS_INVALID'))
      .default([]),
  })
  .refine((c) => c.kind !== 'percent' || c.value <= 100, {
    message: issueCode('COUPON_PERCENT_TOO_HIGH'),
    path: ['value'],
  });
export type CouponInput = z.infer<typeof CouponInput>;

export interface Coupon extends CouponInput {
  creator_id: string;
  uses: number;
  created_at: string;
  active: boolean;
}

/** The smallest charge a coupon may leave (Stripe's BRL minimum is R$ 0,50; we keep R$ 1,00). */
export const MIN_CHARGE = 1;

export type CouponCheck =
  | { ok: true; amount: number; discount: number }
  | { ok: false; reason: 'inactive' | 'expired' | 'exhausted' | 'tier' };

/** The price after a coupon (pure; the usage counter itself is reserved atomically in DynamoDB). */
export function applyCoupon(
  price: number,
  coupon: Coupon,
  tier: TierId,
  now: Date = new Date(),
): CouponCheck {
  if (!coupon.active) return { ok: false, reason: 'inactive' };
  if (coupon.expires_at && Date.parse(coupon.expires_at) <= now.getTime())
    return { ok: false, reason: 'expired' };
  if (coupon.max_uses !== null && coupon.uses >= coupon.max_uses) return { ok: false, reason: 'exhausted' };
  if (coupon.tiers.length > 0 && !coupon.tiers.includes(tier)) return { ok: false, reason: 'tier' };
  const off = coupon.kind === 'percent' ? (price * coupon.value) / 100 : coupon.value;
  const amount = Math.max(MIN_CHARGE, roundCents(price - off));
  return { ok: true, amount, discount: roundCents(price - amount) };
}

// --- Requests ------------------------------------------------------------------------------------------

/** POST /api/functions/create-payment with a tier: the licence checkout. */
export const LicenceCheckoutRequest = z.object({
  projectId: z.string().trim().min(1).max(100),
  tier: TierId,
  coupon: z
    .string()
    .trim()
    .toUpperCase()
    .max(32)
    .optional()
    .transform((v) => (v ? v : undefined)),
  /** An accepted offer of the caller: its amount replaces the tier's price (no coupon on top). */
  offerId: z.string().trim().min(1).max(100).optional(),
});
export type LicenceCheckoutRequest = z.infer<typeof LicenceCheckoutRequest>;

/** Multitrack stems a beat may carry (WAVs, or one ZIP). */
export const MAX_STEMS = 24;

/** PUT /api/creator/projects/{id}/licences. */
export const LicenceSettingsRequest = z.object(
  {
    tiers: TiersConfig,
    /** Files of the beat (keys of the creator's own uploads); the MP3 is the published audio by default. */
    wav_key: z
      .string({ message: issueCode('INVALID_FILE_KEY') })
      .trim()
      .max(500, issueCode('INVALID_FILE_KEY'))
      .nullable()
      .default(null),
    stems_keys: z
      .array(
        z
          .string({ message: issueCode('INVALID_FILE_KEY') })
          .trim()
          .min(1, issueCode('INVALID_FILE_KEY'))
          .max(500, issueCode('INVALID_FILE_KEY')),
        {
          message: issueCode('VALIDATION_ERROR'),
        },
      )
      .max(MAX_STEMS, issueCode('STEMS_TOO_MANY'))
      .default([]),
    /** Trackout without multitracks: stems separated by our DSP splitter, labelled AI-separated. */
    ai_stems: z.boolean({ message: issueCode('VALIDATION_ERROR') }).default(false),
    /** Offers below this are refused (BRL); null = no offers. */
    min_offer: z
      .number({ message: issueCode('MIN_OFFER_TOO_LOW') })
      .min(1, issueCode('MIN_OFFER_TOO_LOW'))
      .max(1_000_000, issueCode('MIN_OFFER_TOO_HIGH'))
      .nullable()
      .default(null),
  },
  { message: issueCode('VALIDATION_ERROR') },
);
export type LicenceSettingsRequest = z.infer<typeof LicenceSettingsRequest>;

/** Public view of a beat's licences (GET /api/projects/{id}/licences). */
export interface PublicLicences {
  project_id: string;
  sold_exclusive: boolean;
  /** Each tier by id (the web names it in the reader's language). */
  tiers: {
    id: TierId;
    price: number;
    /** `credit_line` filled in with the creator's name (pt-BR when it is the default). */
    terms: LicenceTerms;
    /** Set when the tier keeps the default credit: readers show it in their language (./credit.ts). */
    credit?: DefaultCreditLabel;
    files: DeliverableKind[];
  }[];
  ai_stems: boolean;
  accepts_offers: boolean;
  /** The smallest offer the creator takes (shown before the buyer offers); null when not taking offers. */
  min_offer: number | null;
}

// --- Offers --------------------------------------------------------------------------------------------

/** An accepted offer is a checkout the buyer may start within 48 h. */
export const OFFER_CHECKOUT_HOURS = 48;

export const OFFER_STATUSES = ['pending', 'countered', 'accepted', 'declined', 'paid'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

export const OfferCreateRequest = z.object({
  projectId: z.string().trim().min(1).max(100),
  tier: TierId,
  amount: Price,
  message: textField('offer_note', { max: 500, multiline: true }).default(''),
});
export type OfferCreateRequest = z.infer<typeof OfferCreateRequest>;

export const OfferCreatorAction = z.discriminatedUnion('action', [
  z.object({ action: z.literal('accept') }),
  z.object({ action: z.literal('decline') }),
  z.object({ action: z.literal('counter'), amount: Price }),
]);
export type OfferCreatorAction = z.infer<typeof OfferCreatorAction>;

export const OfferBuyerAction = z.object({ action: z.enum(['accept', 'decline']) });

export interface BeatOffer {
  id: string;
  project_id: string;
  project_title: string;
  tier: TierId;
  buyer_id: string;
  buyer_name: string;
  creator_id: string;
  list_price: number;
  amount: number;
  counter_amount: number | null;
  /** What the buyer pays once accepted. */
  accepted_amount: number | null;
  status: OfferStatus;
  message: string;
  created_at: string;
  updated_at: string;
  /** Accepted offers: the checkout must start before this. */
  expires_at: string | null;
  /** Why the offer was closed without the creator's answer (the beat was sold with an exclusive). */
  closed_reason?: string | null;
}
