import { z } from 'zod';
import type { Language } from './i18n/language';

/**
 * One rule for every free-text field people type (names, bios, posts, comments, titles, messages,
 * offer notes, briefs): Unicode NFC; control characters refused except newline and tab (single-line
 * fields turn those into spaces); bidirectional overrides and isolates refused (they reorder what a
 * reader sees: "Trojan Source"); length counted in grapheme clusters, the characters a person sees
 * ("👩🏽‍🎤" is one). The server validates with `textField` (zod), the web with `checkText` before sending;
 * both word a refusal with `textInputMessage` in the reader's language.
 */

export const TextInputCode = {
  ControlCharacters: 'TEXT_CONTROL_CHARACTERS',
  BidiControls: 'TEXT_BIDI_CONTROLS',
  TooLong: 'TEXT_TOO_LONG',
  Required: 'TEXT_REQUIRED',
} as const;
export type TextInputCode = (typeof TextInputCode)[keyof typeof TextInputCode];

const CODES = new Set<string>(Object.values(TextInputCode));
export function isTextInputCode(code: unknown): code is TextInputCode {
  return typeof code === 'string' && CODES.has(code);
}

/** The fields the rule guards, by the name their message uses. */
export const TEXT_FIELDS = [
  'full_name',
  'display_name',
  'bio',
  'title',
  'description',
  'tag',
  'post',
  'comment',
  'message',
  'subject',
  'notes',
  'offer_note',
  'brief',
  'prompt',
  'lyrics',
  'name',
  'credit_line',
] as const;
export type TextField = (typeof TEXT_FIELDS)[number];

/** Labels as the forms show them, quoted in the messages. */
const FIELD_LABELS: Record<Language, Record<TextField, string>> = {
  'pt-BR': {
    full_name: 'Nome completo',
    display_name: 'Nome artístico',
    bio: 'Bio',
    title: 'Título',
    description: 'Descrição',
    tag: 'Tags',
    post: 'Publicação',
    comment: 'Comentário',
    message: 'Mensagem',
    subject: 'Assunto',
    notes: 'Observações',
    offer_note: 'Mensagem da oferta',
    brief: 'Briefing',
    prompt: 'Descrição da música',
    lyrics: 'Letra',
    name: 'Nome',
    credit_line: 'Crédito',
  },
  'en-US': {
    full_name: 'Full name',
    display_name: 'Display name',
    bio: 'Bio',
    title: 'Title',
    description: 'Description',
    tag: 'Tags',
    post: 'Post',
    comment: 'Comment',
    message: 'Message',
    subject: 'Subject',
    notes: 'Notes',
    offer_note: 'Offer message',
    brief: 'Brief',
    prompt: 'Song description',
    lyrics: 'Lyrics',
    name: 'Name',
    credit_line: 'Credit line',
  },
  'es-ES': {
    full_name: 'Nombre completo',
    display_name: 'Nombre artístico',
    bio: 'Biografía',
    title: 'Título',
    description: 'Descripción',
    tag: 'Etiquetas',
    post: 'Publicación',
    comment: 'Comentario',
    message: 'Mensaje',
    subject: 'Asunto',
    notes: 'Observaciones',
    offer_note: 'Mensaje de la oferta',
    brief: 'Briefing',
    prompt: 'Descripción de la canción',
    lyrics: 'Letra',
    name: 'Nombre',
    credit_line: 'Crédito',
  },
};

const MESSAGES: Record<Language, Record<TextInputCode, string>> = {
  'pt-BR': {
    TEXT_CONTROL_CHARACTERS:
      '“{field}” contém caracteres de controle invisíveis. Apague-os (ou digite o texto de novo) e tente outra vez.',
    TEXT_BIDI_CONTROLS:
      '“{field}” contém caracteres invisíveis que invertem a direção do texto. Apague-os e tente outra vez.',
    TEXT_TOO_LONG: '“{field}” pode ter no máximo {max} caracteres (agora tem {length}).',
    TEXT_REQUIRED: 'Preencha “{field}”.',
  },
  'en-US': {
    TEXT_CONTROL_CHARACTERS:
      '“{field}” contains invisible control characters. Delete them (or type the text again) and try again.',
    TEXT_BIDI_CONTROLS:
      '“{field}” contains invisible characters that reverse the text direction. Delete them and try again.',
    TEXT_TOO_LONG: '“{field}” can have at most {max} characters (it has {length}).',
    TEXT_REQUIRED: 'Fill in “{field}”.',
  },
  'es-ES': {
    TEXT_CONTROL_CHARACTERS:
      '“{field}” contiene caracteres de control invisibles. Bórralos (o escribe el texto de nuevo) e inténtalo otra vez.',
    TEXT_BIDI_CONTROLS:
      '“{field}” contiene caracteres invisibles que invierten la dirección del texto. Bórralos e inténtalo otra vez.',
    TEXT_TOO_LONG: '“{field}” puede tener como máximo {max} caracteres (ahora tiene {length}).',
    TEXT_REQUIRED: 'Completa “{field}”.',
  },
};

export interface TextProblemParams {
  field: TextField;
  max?: number;
  length?: number;
}

/** The refusal in the reader's language (unknown field names are quoted as they are). */
export function textInputMessage(code: TextInputCode, params: TextProblemParams, language: Language): string {
  const labels = FIELD_LABELS[language] ?? FIELD_LABELS['pt-BR'];
  const label = labels[params.field] ?? String(params.field);
  const template = (MESSAGES[language] ?? MESSAGES['pt-BR'])[code];
  return template
    .replace('{field}', label)
    .replace('{max}', String(params.max ?? ''))
    .replace('{length}', String(params.length ?? ''));
}

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
  /** Message used for an empty required field instead of TEXT_REQUIRED (a spec text). */
  requiredMessage?: string;
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

/** The web's check before sending: the normalised value, or the refusal in the reader's language. */
export function checkText(
  field: TextField,
  value: string,
  rule: TextRule,
  language: Language,
): { ok: true; value: string } | { ok: false; message: string } {
  const normalized = normalizeText(value, rule.multiline);
  const problem = textProblem(field, normalized, rule);
  if (!problem) return { ok: true, value: normalized };
  if (problem.code === TextInputCode.Required && rule.requiredMessage)
    return { ok: false, message: rule.requiredMessage };
  return { ok: false, message: textInputMessage(problem.code, problem.params, language) };
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
      // A spec's own text for an empty required field stays a plain validation message.
      if (problem.code === TextInputCode.Required && rule.requiredMessage) {
        ctx.addIssue({ code: 'custom', message: rule.requiredMessage });
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
