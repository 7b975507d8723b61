import { z } from 'zod';
import type { ApiErrorCode } from './i18n/api-errors/pt-BR';
import { TextInputCode, type TextField, type TextProblemParams } from './text-fields';

/**
 * One rule for every free-text field people type (names, bios, posts, comments, titles, messages,
 * offer notes, briefs): Unicode NFC; control characters refused except newline and tab (single-line
 * fields turn those into spaces); bidirectional overrides and isolates refused (they reorder what a
 * reader sees: "Trojan Source"); length counted in grapheme clusters, the characters a person sees
 * ("👩🏽‍🎤" is one). The server validates with `textField` (zod), the web with `checkText` before sending;
 * a refusal is an API error code (TEXT_*, shared/i18n/api-errors) worded in the reader's language.
 */

export {
  TEXT_FIELDS,
  TextInputCode,
  isTextInputCode,
  textFieldLabel,
  textMessageParams,
  type TextField,
  type TextProblemParams,
} from './text-fields';

// --------------------------------------------------------------------------------------------------
// The rule

// C0 and C1 controls and DEL, except tab (U+0009) and line feed (U+000A); carriage returns are
// line breaks and become line feeds first.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/u;
/** Embeddings, overrides and isolates (LRE RLE PDF LRO RLO, LRI RLI FSI PDI); LRM/RLM/ALM stay allowed. */
const BIDI = /[\u202A-\u202E\u2066-\u2069]/u;

const segmenter = new Intl.Segmenter('und', { granularity: 'grapheme' });

/** Characters a person sees: extended grapheme clusters. */
export function graphemeLength(text: string): number {
  let count = 0;
  for (const _ of segmenter.segment(text)) count++;
  return count;
}

export interface TextRule {
  /** Longest allowed, in grapheme clusters. */
  max: number;
  /** Shortest allowed after trimming (0: may be empty). Default 0. */
  min?: number;
  /** Line breaks and tabs are kept (bios, posts, messages); otherwise they become single spaces. */
  multiline?: boolean;
  /** The API error code for an empty required field instead of TEXT_REQUIRED (a spec text's code). */
  requiredCode?: ApiErrorCode;
}

/** NFC, CRLF → LF, trimmed; a single-line field's tabs and line breaks become one space. */
export function normalizeText(value: string, multiline = false): string {
  const text = value.normalize('NFC').replace(/\r\n?/g, '\n');
  return (multiline ? text : text.replace(/[\t\n]+/g, ' ')).trim();
}

export type TextProblem = { code: TextInputCode; params: TextProblemParams };

/** What is wrong with an already normalised value, or undefined. */
export function textProblem(field: TextField, value: string, rule: TextRule): TextProblem | undefined {
  if (CONTROL.test(value)) return { code: TextInputCode.ControlCharacters, params: { field } };
  if (BIDI.test(value)) return { code: TextInputCode.BidiControls, params: { field } };
  const length = graphemeLength(value);
  if (length > rule.max) return { code: TextInputCode.TooLong, params: { field, max: rule.max, length } };
  if (length < (rule.min ?? 0)) return { code: TextInputCode.Required, params: { field } };
  return undefined;
}

/**
 * The web's check before sending: the normalised value, or the refusal as an API error code and its
 * params, for the caller to word in the reader's language (web/src/api/text-rule.ts).
 */
export function checkText(
  field: TextField,
  value: string,
  rule: TextRule,
): { ok: true; value: string } | { ok: false; problem: { code: ApiErrorCode; params: TextProblemParams } } {
  const normalized = normalizeText(value, rule.multiline);
  const problem = textProblem(field, normalized, rule);
  if (!problem) return { ok: true, value: normalized };
  if (problem.code === TextInputCode.Required && rule.requiredCode)
    return { ok: false, problem: { code: rule.requiredCode, params: problem.params } };
  return { ok: false, problem };
}

/**
 * The zod schema of a free-text field: normalises, then refuses with an issue whose message is the code
 * and whose params name the field (lambdas/_lib/errors.ts turns it into `{code, message, params}`).
 */
export function textField(field: TextField, rule: TextRule) {
  return z
    .string()
    .transform((value) => normalizeText(value, rule.multiline))
    .superRefine((value, ctx) => {
      const problem = textProblem(field, value, rule);
      if (!problem) return;
      // A spec's own code for an empty required field (its message is that code's text).
      if (problem.code === TextInputCode.Required && rule.requiredCode) {
        ctx.addIssue({ code: 'custom', message: rule.requiredCode });
        return;
      }
      ctx.addIssue({
        code: 'custom',
        message: problem.code,
        params: { ...problem.params, code: problem.code },
      });
    });
}

/** Removes what the rule refuses (for text that reaches us outside our API, e.g. a sign-up name). */
export function cleanText(value: string, rule: TextRule): string {
  const controls = new RegExp(CONTROL.source, 'gu');
  const bidi = new RegExp(BIDI.source, 'gu');
  const cleaned = normalizeText(value.replace(controls, '').replace(bidi, ''), rule.multiline);
  const clusters = [...segmenter.segment(cleaned)].map((s) => s.segment);
  return clusters.slice(0, rule.max).join('').trim();
}
