import * as z from 'zod';
import { readTranslations, textIn, translationsOf } from './translated-text';

/** A competition's title and description; en-US / es-ES versions beside the pt-BR ones (./translated-text.ts). */
const CompetitionText = z.object({ title: z.string().max(200), description: z.string().max(2000) });
export type CompetitionText = z.infer<typeof CompetitionText>;

export const CompetitionTranslations = translationsOf(CompetitionText);
export type CompetitionTranslations = z.infer<typeof CompetitionTranslations>;

export const readCompetitionTranslations = (value: unknown): CompetitionTranslations =>
  readTranslations(CompetitionTranslations, value);

/** The title and description a reader of `language` sees. */
export function competitionText(
  competition: CompetitionText & { translations?: CompetitionTranslations },
  language: string,
): CompetitionText {
  return textIn(
    { title: competition.title, description: competition.description },
    competition.translations,
    language,
  );
}
