import { describe, expect, it } from 'vitest';
import { achievementText, readAchievementTranslations } from '../../shared/achievement-text';
import { seedAchievements } from '../../infra/local/seed-data/marketplace';
import { achievementFromItem } from '../../lambdas/_lib/db/achievements';

describe('achievement names and descriptions (issue 18: the seeded achievements read Portuguese in en/es)', () => {
  it('every seeded achievement has its own en-US and es-ES text', () => {
    for (const achievement of seedAchievements)
      for (const language of ['en-US', 'es-ES'] as const) {
        const text = achievementText(achievement, language);
        expect(text.name, `${achievement.id} ${language}`).toBeTruthy();
        expect(text.description, `${achievement.id} ${language}`).not.toBe(achievement.description);
      }
    const firstSale = seedAchievements.find((a) => a.id === 'first-sale')!;
    expect(achievementText(firstSale, 'en-US')).toEqual({
      name: 'First Sale',
      description: 'Sell your first beat',
    });
    expect(achievementText(firstSale, 'es-ES').description).toBe('Vende tu primer beat');
    expect(achievementText(firstSale, 'pt-BR').description).toBe('Venda o seu primeiro beat');
  });

  it('reads the stored translations back, and an item without them (or unreadable ones) as pt-BR only', () => {
    const firstSale = seedAchievements.find((a) => a.id === 'first-sale')!;
    expect(achievementFromItem({ ...firstSale }).translations).toEqual(firstSale.translations);
    const old = achievementFromItem({ id: 'x', name: 'Nome', description: 'Descrição', rarity: 'rare' });
    expect(old.translations).toEqual({});
    expect(achievementText(old, 'en-US')).toEqual({ name: 'Nome', description: 'Descrição' });
    expect(readAchievementTranslations('nada')).toEqual({});
  });
});
