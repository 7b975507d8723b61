import * as z from 'zod';

/**
 * Texts the platform writes in pt-BR (a competition's title, an achievement's name) with optional en-US /
 * es-ES versions stored beside them: the app shows the reader's, and the pt-BR text where a language has
 * none. One rule for every such text (./competition-text.ts, ./achievement-text.ts).
 */
export function translationsOf<Text extends z.ZodType>(text: Text) {
  return z.object({ 'en-US': text.optional(), 'es-ES': text.optional() });
}

export type Translations<Text> = { 'en-US'?: Text; 'es-ES'?: Text };

/** The stored translations, or none when the item has none (or something this code cannot read). */
export function readTranslations<Text>(
  schema: z.ZodType<Translations<Text>>,
  value: unknown,
): Translations<Text> {
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : {};
}

/** The text a reader of `language` sees: their version, or the pt-BR original. */
export function textIn<Text>(
  original: Text,
  translations: Translations<Text> | undefined,
  language: string,
): Text {
  const translated = language === 'en-US' || language === 'es-ES' ? translations?.[language] : undefined;
  return translated ?? original;
}
