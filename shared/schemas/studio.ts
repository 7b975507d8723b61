import * as z from 'zod';
import { textField, type TextField } from '../text-input';

/**
 * The studio marketing site (/shifter-studio): its static plans and the three requests visitors send
 * (booking, contact, newsletter). Shared by the studio-requests Lambda and the web forms, so the browser's
 * native validation (required, type=email, patterns) and the server agree on what is accepted.
 */

// ---------- plans (spec 2 §9, dollars) ----------
export const STUDIO_PLAN_KEYS = ['daypass', 'creator', 'pro', 'resident'] as const;
export type StudioPlanKey = (typeof STUDIO_PLAN_KEYS)[number];
export const BILLING_PERIODS = ['monthly', 'quarterly'] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];

export interface StudioPlan {
  key: StudioPlanKey;
  monthly: number;
  quarterly: number;
}

export const STUDIO_PLANS: readonly StudioPlan[] = [
  { key: 'daypass', monthly: 59, quarterly: 159 },
  { key: 'creator', monthly: 189, quarterly: 499 },
  { key: 'pro', monthly: 349, quarterly: 949 },
  { key: 'resident', monthly: 799, quarterly: 2199 },
];

export const isStudioPlanKey = (value: string | null | undefined): value is StudioPlanKey =>
  (STUDIO_PLAN_KEYS as readonly string[]).includes(value ?? '');

// ---------- requests ----------
export const STUDIO_SERVICES = ['recording', 'mixing', 'mastering', 'production', 'mentoring'] as const;
export type StudioService = (typeof STUDIO_SERVICES)[number];
export const STUDIO_REQUEST_KINDS = ['booking', 'contact', 'newsletter'] as const;
export type StudioRequestKind = (typeof STUDIO_REQUEST_KINDS)[number];

/**
 * Shared with the inputs' `pattern` attributes (implicitly anchored). Browsers compile a `pattern` with the
 * `v` flag, where ( ) and - must be escaped inside a character class, or the pattern is ignored (issue 18).
 */
export const PHONE_PATTERN = '[+]?[0-9\\(\\)\\s.\\-]{8,20}';
export const TIME_PATTERN = '([01][0-9]|2[0-3]):[0-5][0-9]';
export const DURATION_HOURS = { min: 1, max: 12 } as const;

const text = (field: TextField, max: number, multiline = false) =>
  textField(field, { min: 1, max, multiline });
const email = z.string().trim().toLowerCase().pipe(z.email().max(254));

export const StudioBookingInput = z
  .object({
    name: text('name', 120),
    email,
    phone: z
      .string()
      .trim()
      .regex(new RegExp(`^${PHONE_PATTERN}$`), 'Telefone inválido'),
    service: z.enum(STUDIO_SERVICES),
    plan: z.string().trim().max(40).default(''),
    // Not in the past; a day of slack because the visitor's 'today' may still be yesterday in UTC.
    date: z.iso
      .date()
      .refine(
        (date) => date >= new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString().slice(0, 10),
        'A data não pode estar no passado',
      ),
    time: z.string().regex(new RegExp(`^${TIME_PATTERN}$`), 'Horário inválido'),
    duration: z.coerce.number().int().min(DURATION_HOURS.min).max(DURATION_HOURS.max),
    notes: textField('notes', { max: 2000, multiline: true }).default(''),
  })
  .strict();
export type StudioBookingInput = z.infer<typeof StudioBookingInput>;

export const StudioContactInput = z
  .object({
    name: text('name', 120),
    email,
    subject: text('subject', 200),
    message: text('message', 5000, true),
  })
  .strict();
export type StudioContactInput = z.infer<typeof StudioContactInput>;

export const StudioNewsletterInput = z.object({ email }).strict();
export type StudioNewsletterInput = z.infer<typeof StudioNewsletterInput>;

/** A stored request as the studio reads it (GET /api/studio/requests). */
export const StudioRequest = z.object({
  id: z.string(),
  kind: z.enum(STUDIO_REQUEST_KINDS),
  created_at: z.string(),
  data: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type StudioRequest = z.infer<typeof StudioRequest>;

export const StudioRequestsQuery = z
  .object({
    kind: z.enum(STUDIO_REQUEST_KINDS),
    cursor: z.string().max(2000).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(50),
  })
  .strict();

export const StudioRequestCreated = z.object({
  id: z.string(),
  kind: z.enum(STUDIO_REQUEST_KINDS),
  created_at: z.string(),
  /** Newsletter only: the address was already subscribed (nothing new stored). */
  already_subscribed: z.boolean().optional(),
});
export type StudioRequestCreated = z.infer<typeof StudioRequestCreated>;

/** Requests per client address and kind in one window before 429 RATE_LIMIT. */
export const STUDIO_RATE_MAX = 5;
export const STUDIO_RATE_WINDOW_SECONDS = 60;
