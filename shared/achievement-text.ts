import * as z from 'zod';

/**
 * An achievement's name and description in the other languages of the product, as competitions have
 * them (./competition-text.ts): the platform writes `name`/`description` in pt-BR and may add en-US /
 * es-ES versions; the app shows the reader's, and the pt-BR text where a language has none.
 */
const AchievementText = z.object({ name: z.string().max(100), description: z.string().max(500) });
export type AchievementText = z.infer<typeof AchievementText>;

export const AchievementTranslations = z.object({
  'en-US': AchievementText.optional(),
  'es-ES': AchievementText.optional(),
});
export type AchievementTranslations = z.infer<typeof AchievementTranslations>;

/** The stored translations, or none when the item has none (or something this code cannot read). */
export function readAchievementTranslations(value: unknown): AchievementTranslations {
  const parsed = AchievementTranslations.safeParse(value);
  return parsed.success ? parsed.data : {};
}

/** The name and description a reader of `language` sees. */
export function achievementText(
  achievement: AchievementText & { translations?: AchievementTranslations },
  language: string,
): AchievementText {
  const translated =
    language === 'en-US' || language === 'es-ES' ? achievement.translations?.[language] : undefined;
  return translated ?? { name: achievement.name, description: achievement.description };
}
