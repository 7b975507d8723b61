import * as z from 'zod';
import { textField } from '../text-input';
import { DEFAULT_CREDIT, creditLine, normalizeCredit, type DefaultCreditLabel } from './credit';

export { creditLine } from './credit';

/**
 * Beat licences (issue 8): four tiers a creator enables and prices per beat, each with usage terms.
 * Shared by the Lambdas (checkout, webhook, agreement PDF, delivery) and the web (tier choice, editor).
 */
export const TIER_IDS = ['mp3', 'wav', 'trackout', 'exclusive'] as const;
export type TierId = (typeof TIER_IDS)[number];
export const TierId = z.enum(TIER_IDS, { message: 'Licença inválida: use mp3, wav, trackout ou exclusive.' });

export const TIER_NAMES: Record<TierId, string> = {
  mp3: 'Licença MP3',
  wav: 'Licença WAV',
  trackout: 'Licença Trackout (stems)',
  exclusive: 'Exclusiva',
};

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

/** `null` = unlimited. Messages in Portuguese: they reach the creator as the save's error. */
const Limit = z
  .number({ message: 'Use um número inteiro ou deixe vazio para ilimitado.' })
  .int('Use um número inteiro, sem casas decimais.')
  .min(0, 'O valor não pode ser negativo.')
  .max(MAX_TERM_LIMIT, 'Use no máximo 1.000.000.000 ou deixe vazio para ilimitado.')
  .nullable();

export const LicenceTerms = z.object(
  {
    distribution_copies: Limit,
    audio_streams: Limit,
    music_videos: Limit,
    radio_stations: Limit,
    live_performances: z.boolean({ message: 'Informe se apresentações ao vivo são permitidas.' }),
    // Also bounded in UTF-16 units: the terms travel in a Stripe metadata value (≤ 500 characters).
    credit_line: z
      .string({ message: 'O crédito deve ser um texto.' })
      .pipe(textField('credit_line', { max: MAX_CREDIT_LINE }))
      .refine(
        (value) => value.length <= MAX_CREDIT_LINE,
        `O crédito pode ter no máximo ${MAX_CREDIT_LINE} caracteres.`,
      )
      // The default, in any language, is stored as its kind (./credit.ts).
      .transform(normalizeCredit),
  },
  { message: 'Termos da licença ausentes ou inválidos.' },
);
export type LicenceTerms = z.infer<typeof LicenceTerms>;

/** pt-BR name of each term (the agreement PDF and the API's error messages). */
export const TERM_LABELS: Record<keyof LicenceTerms, string> = {
  distribution_copies: 'Cópias distribuídas',
  audio_streams: 'Streams de áudio',
  music_videos: 'Videoclipes',
  radio_stations: 'Estações de rádio',
  live_performances: 'Apresentações ao vivo',
  credit_line: 'Crédito obrigatório',
};

const Price = z
  .number({ message: 'O preço deve ser um número.' })
  .min(1, 'O preço mínimo é R$ 1,00.')
  .max(1_000_000, 'Preço acima do permitido.')
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'Use no máximo 2 casas decimais.');

export const TierConfig = z.object(
  {
    enabled: z.boolean({ message: 'Informe se a licença está ativa.' }),
    price: Price,
    terms: LicenceTerms,
  },
  { message: 'Configuração da licença ausente ou inválida.' },
);
export type TierConfig = z.infer<typeof TierConfig>;

export const TiersConfig = z.object(
  {
    mp3: TierConfig,
    wav: TierConfig,
    trackout: TierConfig,
    exclusive: TierConfig,
  },
  { message: 'Envie a configuração das quatro licenças.' },
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
export function describeLimit(value: number | null): string {
  return value === null ? 'Ilimitado' : value.toLocaleString('pt-BR');
}

export function termLines(terms: LicenceTerms, creatorName: string): [string, string][] {
  return [
    [TERM_LABELS.distribution_copies, describeLimit(terms.distribution_copies)],
    [TERM_LABELS.audio_streams, describeLimit(terms.audio_streams)],
    [TERM_LABELS.music_videos, describeLimit(terms.music_videos)],
    [TERM_LABELS.radio_stations, describeLimit(terms.radio_stations)],
    [TERM_LABELS.live_performances, terms.live_performances ? 'Permitidas' : 'Não permitidas'],
    [TERM_LABELS.credit_line, creditLine(terms, creatorName) || '—'],
  ];
}

// --- Coupons -------------------------------------------------------------------------------------------

export const COUPON_CODE = /^[A-Z0-9_-]{3,32}$/;

export const CouponInput = z
  .object({
    code: z.string().trim().toUpperCase().regex(COUPON_CODE, 'Código: 3 a 32 letras, números, - ou _.'),
    kind: z.enum(['percent', 'fixed'], { message: 'Tipo de desconto inválido (percentual ou valor fixo).' }),
    /** Percent (1–100) or BRL off. */
    value: z
      .number({ message: 'O desconto deve ser um número.' })
      .positive('O desconto deve ser maior que zero.')
      .max(1_000_000, 'Desconto acima do permitido.'),
    expires_at: z.string().datetime({ message: 'Data de expiração inválida.' }).nullable().default(null),
    max_uses: z
      .number({ message: 'O limite de usos deve ser um número (ou vazio para ilimitado).' })
      .int('O limite de usos deve ser um número inteiro.')
      .min(1, 'O limite de usos deve ser pelo menos 1.')
      .max(1_000_000, 'Use no máximo 1.000.000 usos ou deixe vazio para ilimitado.')
      .nullable()
      .default(null),
    /** Tiers the code applies to; empty = all. */
    tiers: z
      .array(TierId, { message: 'Lista de licenças do cupom inválida.' })
      .max(4, 'Escolha no máximo as quatro licenças.')
      .default([]),
  })
  .refine((c) => c.kind !== 'percent' || c.value <= 100, {
    message: 'A porcentagem deve ser no máximo 100.',
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
      .string({ message: 'Arquivo WAV inválido.' })
      .trim()
      .max(500, 'Arquivo WAV inválido.')
      .nullable()
      .default(null),
    stems_keys: z
      .array(
        z.string({ message: 'Stem inválido.' }).trim().min(1, 'Stem inválido.').max(500, 'Stem inválido.'),
        {
          message: 'Lista de stems inválida.',
        },
      )
      .max(MAX_STEMS, `Anexe no máximo ${MAX_STEMS} stems (ou um ZIP).`)
      .default([]),
    /** Trackout without multitracks: stems separated by our DSP splitter, labelled AI-separated. */
    ai_stems: z.boolean({ message: 'Informe se os stems por IA estão ativos.' }).default(false),
    /** Offers below this are refused (BRL); null = no offers. */
    min_offer: z
      .number({ message: 'A oferta mínima deve ser um número.' })
      .min(1, 'A oferta mínima é R$ 1,00.')
      .max(1_000_000, 'Oferta mínima acima do permitido.')
      .nullable()
      .default(null),
  },
  { message: 'Configuração de licenças inválida.' },
);
export type LicenceSettingsRequest = z.infer<typeof LicenceSettingsRequest>;

/** Public view of a beat's licences (GET /api/projects/{id}/licences). */
export interface PublicLicences {
  project_id: string;
  sold_exclusive: boolean;
  tiers: {
    id: TierId;
    name: string;
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
