import * as z from 'zod';

/**
 * A competition's title and description in the other languages of the product. The platform writes its
 * competitions in pt-BR (`title`, `description`) and may add en-US / es-ES versions; the app shows the
 * reader's, and the pt-BR text where a language has none.
 */
const CompetitionText = z.object({ title: z.string().max(200), description: z.string().max(2000) });
export type CompetitionText = z.infer<typeof CompetitionText>;

export const CompetitionTranslations = z.object({
  'en-US': CompetitionText.optional(),
  'es-ES': CompetitionText.optional(),
});
export type CompetitionTranslations = z.infer<typeof CompetitionTranslations>;

/** The stored translations, or none when the item has none (or something this code cannot read). */
export function readCompetitionTranslations(value: unknown): CompetitionTranslations {
  const parsed = CompetitionTranslations.safeParse(value);
  return parsed.success ? parsed.data : {};
}

/** The title and description a reader of `language` sees. */
export function competitionText(
  competition: CompetitionText & { translations?: CompetitionTranslations },
  language: string,
): CompetitionText {
  const translated =
    language === 'en-US' || language === 'es-ES' ? competition.translations?.[language] : undefined;
  return translated ?? { title: competition.title, description: competition.description };
}
