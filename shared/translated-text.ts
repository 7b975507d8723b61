import * as z from 'zod';

/**
 * Texts the platform writes in pt-BR (a competition's title, an achievement's name) with optional en-US /
 * es-ES versions stored beside them in `translations`: the app shows the reader's, and the pt-BR text
 * where a language has none (issue 18). Stored translations this code cannot read count as none.
 */
const translationsOf = <Text extends z.ZodType>(text: Text) =>
  z.object({ 'en-US': text.optional(), 'es-ES': text.optional() }).catch({});

export const CompetitionTranslations = translationsOf(
  z.object({ title: z.string().max(200), description: z.string().max(2000) }),
);
export type CompetitionTranslations = z.infer<typeof CompetitionTranslations>;

export const AchievementTranslations = translationsOf(
  z.object({ name: z.string().max(100), description: z.string().max(500) }),
);
export type AchievementTranslations = z.infer<typeof AchievementTranslations>;

/** The `fields` a reader of `language` sees: their version, or the item's own pt-BR text. */
export function textIn<Item extends object, Field extends keyof Item & string>(
  item: Item & { translations?: Partial<Record<'en-US' | 'es-ES', Pick<Item, Field>>> },
  fields: readonly Field[],
  language: string,
): Pick<Item, Field> {
  const translated = language === 'en-US' || language === 'es-ES' ? item.translations?.[language] : undefined;
  if (translated) return translated;
  return Object.fromEntries(fields.map((field) => [field, item[field]])) as Pick<Item, Field>;
}
