import { LANGUAGES, type Language } from '../i18n/language';

/**
 * The credit line a buyer must print ("Prod. por DJ X"). A creator may write their own template
 * (`{creator}` is their artist name); a tier that keeps the platform's default stores the kind
 * `{produced_by}` instead of a text, and every reader gets the default in their language with the
 * creator's current name. Tiers saved before the default was a kind hold its pt-BR text, read the same.
 */
export const DEFAULT_CREDIT = '{produced_by}';

/** The default credit template in each language (`{creator}` as in creators' own templates). */
export const DEFAULT_CREDIT_TEMPLATES: Record<Language, string> = {
  'pt-BR': 'Prod. por {creator}',
  'en-US': 'Prod. by {creator}',
  'es-ES': 'Prod. por {creator}',
};

/** The default's kind, or its text in any language (an editor shows and sends back the localised one). */
export function isDefaultCredit(stored: string): boolean {
  const text = stored.trim();
  return text === DEFAULT_CREDIT || LANGUAGES.some((language) => DEFAULT_CREDIT_TEMPLATES[language] === text);
}

/** What a tier stores: the default's kind for any spelling of the default, else the creator's text. */
export function normalizeCredit(stored: string): string {
  return isDefaultCredit(stored) ? DEFAULT_CREDIT : stored;
}

/** The template a reader sees (and a creator edits) in their language. */
export function creditTemplate(stored: string, language: Language = 'pt-BR'): string {
  return isDefaultCredit(stored) ? DEFAULT_CREDIT_TEMPLATES[language] : stored;
}

/** The credit line with the creator's name filled in, in the reader's language when it is the default. */
export function creditLine(
  terms: { credit_line: string },
  creatorName: string,
  language: Language = 'pt-BR',
): string {
  return creditTemplate(terms.credit_line, language).replace(/\{creator\}/g, creatorName);
}

/** The default credit as kind + params, as the public licences view sends it. */
export interface DefaultCreditLabel {
  kind: 'produced_by';
  params: { creator: string };
}

export function defaultCreditLabel(stored: string, creatorName: string): DefaultCreditLabel | undefined {
  return isDefaultCredit(stored) ? { kind: 'produced_by', params: { creator: creatorName } } : undefined;
}
