import type { Language } from './i18n/language';

/**
 * The text-input rule's refusal codes, the fields it guards and their labels in each language (no zod,
 * so the web's API client can word a TEXT_* error without loading the rule itself: shared/text-input.ts).
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

export interface TextProblemParams {
  field: TextField;
  max?: number;
  length?: number;
}

/** A field's label as the form in `language` shows it (an unknown field name is quoted as it is). */
export function textFieldLabel(field: string, language: Language): string {
  const labels: Record<string, string> = FIELD_LABELS[language] ?? FIELD_LABELS['pt-BR'];
  return labels[field] ?? field;
}

/**
 * The params of a TEXT_* API error (shared/i18n/api-errors): `field` names the field (stable), `label`
 * is its label in `language` (the web swaps in the reader's), `maximum`/`length` the length rule's.
 */
export function textMessageParams(
  params: TextProblemParams,
  language: Language,
): Record<string, string | number> {
  return {
    field: params.field,
    label: textFieldLabel(params.field, language),
    ...(params.max !== undefined ? { maximum: params.max } : {}),
    ...(params.length !== undefined ? { length: params.length } : {}),
  };
}
