import type { Language } from '../i18n/language';
import { creditTemplate, normalizeCredit } from './credit';
import { MAX_CREDIT_LINE, MAX_TERM_LIMIT, type LicenceTerms } from './tiers';

/**
 * The Creator Hub's terms editor (issue 8) keeps each tier's terms as form fields: limits as the text of a
 * number input, where an empty field means unlimited. These pure functions map that form to the API's
 * terms and back.
 */

export const LIMIT_TERMS = [
  'distribution_copies',
  'audio_streams',
  'music_videos',
  'radio_stations',
] as const;
export type LimitTerm = (typeof LIMIT_TERMS)[number];

export interface TermsForm {
  distribution_copies: string;
  audio_streams: string;
  music_videos: string;
  radio_stations: string;
  live_performances: boolean;
  credit_line: string;
}

/** Why a field cannot be saved; the web turns each into a translated sentence. */
export type TermProblem = 'notInteger' | 'tooLarge' | 'creditTooLong';

export type TermsParse =
  { ok: true; terms: LicenceTerms } | { ok: false; problems: Partial<Record<keyof TermsForm, TermProblem>> };

/** Words a creator may type for "no limit" (the editor also has an Ilimitado checkbox). */
const UNLIMITED_WORDS = new Set(['', 'ilimitado', 'ilimitada', 'unlimited', 'sin límite', 'ilimitados']);

/** The form of stored terms; the default credit shows as its text in the creator's language. */
export function termsToForm(terms: LicenceTerms, language: Language = 'pt-BR'): TermsForm {
  const limit = (value: number | null) => (value === null ? '' : String(value));
  return {
    distribution_copies: limit(terms.distribution_copies),
    audio_streams: limit(terms.audio_streams),
    music_videos: limit(terms.music_videos),
    radio_stations: limit(terms.radio_stations),
    live_performances: terms.live_performances,
    credit_line: creditTemplate(terms.credit_line, language),
  };
}

/** One limit field: empty (or "ilimitado") = unlimited, else a whole number from 0 to 1,000,000,000. */
export function parseLimit(
  text: string,
): { ok: true; value: number | null } | { ok: false; problem: TermProblem } {
  const clean = text.trim().toLowerCase();
  if (UNLIMITED_WORDS.has(clean)) return { ok: true, value: null };
  if (!/^\d+$/.test(clean)) return { ok: false, problem: 'notInteger' };
  const value = Number(clean);
  if (value > MAX_TERM_LIMIT) return { ok: false, problem: 'tooLarge' };
  return { ok: true, value };
}

export function formToTerms(form: TermsForm): TermsParse {
  const problems: Partial<Record<keyof TermsForm, TermProblem>> = {};
  const limits: Partial<Record<LimitTerm, number | null>> = {};
  for (const term of LIMIT_TERMS) {
    const parsed = parseLimit(form[term]);
    if (parsed.ok) limits[term] = parsed.value;
    else problems[term] = parsed.problem;
  }
  const credit = form.credit_line.trim();
  if (credit.length > MAX_CREDIT_LINE) problems.credit_line = 'creditTooLong';
  if (Object.keys(problems).length > 0) return { ok: false, problems };
  return {
    ok: true,
    terms: {
      distribution_copies: limits.distribution_copies ?? null,
      audio_streams: limits.audio_streams ?? null,
      music_videos: limits.music_videos ?? null,
      radio_stations: limits.radio_stations ?? null,
      live_performances: form.live_performances,
      // Left as the default (in any language), it stays the default kind.
      credit_line: normalizeCredit(credit),
    },
  };
}
