import * as z from 'zod';
import { readTranslations, textIn, translationsOf } from './translated-text';

/** An achievement's name and description; en-US / es-ES versions beside the pt-BR ones (./translated-text.ts). */
const AchievementText = z.object({ name: z.string().max(100), description: z.string().max(500) });
export type AchievementText = z.infer<typeof AchievementText>;

export const AchievementTranslations = translationsOf(AchievementText);
export type AchievementTranslations = z.infer<typeof AchievementTranslations>;

export const readAchievementTranslations = (value: unknown): AchievementTranslations =>
  readTranslations(AchievementTranslations, value);

/** The name and description a reader of `language` sees. */
export function achievementText(
  achievement: AchievementText & { translations?: AchievementTranslations },
  language: string,
): AchievementText {
  return textIn(
    { name: achievement.name, description: achievement.description },
    achievement.translations,
    language,
  );
}
