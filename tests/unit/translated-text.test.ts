import { describe, expect, it } from 'vitest';
import { AchievementTranslations, CompetitionTranslations, textIn } from '../../shared/translated-text';
import { seedAchievements, seedCompetition } from '../../infra/local/seed-data/marketplace';
import { seedCompetitionCards } from '../../infra/local/seed-data/site';
import { achievementFromItem } from '../../lambdas/_lib/db/achievements';

/** Issue 18: the seeded competitions and achievements read Portuguese in en-US and es-ES. */
describe('platform texts in the reader language', () => {
  it('every seeded competition has its en-US and es-ES title and description', () => {
    const all = [seedCompetition, ...seedCompetitionCards(new Date('2026-11-27T12:00:00Z'))];
    for (const competition of all)
      for (const language of ['en-US', 'es-ES'] as const) {
        const text = textIn(competition, ['title', 'description'], language);
        expect(text.title, `${competition.title} ${language}`).toBeTruthy();
        expect(text.description, `${competition.title} ${language}`).not.toBe(competition.description);
      }
    expect(textIn(seedCompetition, ['title'], 'en-US').title).toBe('Beat of the Month');
    expect(textIn(seedCompetition, ['title'], 'es-ES').title).toBe('Beat del Mes');
    expect(textIn(seedCompetition, ['title'], 'pt-BR').title).toBe('Beat do Mês');
  });

  it('every seeded achievement has its own en-US and es-ES name and description', () => {
    for (const achievement of seedAchievements)
      for (const language of ['en-US', 'es-ES'] as const) {
        const text = textIn(achievement, ['name', 'description'], language);
        expect(text.name, `${achievement.id} ${language}`).toBeTruthy();
        expect(text.description, `${achievement.id} ${language}`).not.toBe(achievement.description);
      }
    const firstSale = seedAchievements.find((a) => a.id === 'first-sale')!;
    expect(textIn(firstSale, ['name', 'description'], 'en-US')).toEqual({
      name: 'First Sale',
      description: 'Sell your first beat',
    });
    expect(textIn(firstSale, ['description'], 'es-ES').description).toBe('Vende tu primer beat');
    expect(textIn(firstSale, ['description'], 'pt-BR').description).toBe('Venda o seu primeiro beat');
  });

  it('falls back to the pt-BR text where a language has none', () => {
    const plain = { title: 'Desafio', description: 'Faça um beat.' };
    expect(textIn(plain, ['title', 'description'], 'en-US')).toEqual(plain);
    const onlySpanish = {
      ...plain,
      translations: { 'es-ES': { title: 'Reto', description: 'Haz un beat.' } },
    };
    expect(textIn(onlySpanish, ['title', 'description'], 'en-US')).toEqual(plain);
  });

  it('reads stored translations back, and none or unreadable ones as pt-BR only', () => {
    expect(CompetitionTranslations.parse('nada')).toEqual({});
    expect(CompetitionTranslations.parse(undefined)).toEqual({});
    expect(CompetitionTranslations.parse({ 'en-US': { title: 'T', description: 'D' } })).toEqual({
      'en-US': { title: 'T', description: 'D' },
    });
    expect(AchievementTranslations.parse({ 'en-US': { title: 'T' } })).toEqual({});
    const firstSale = seedAchievements.find((a) => a.id === 'first-sale')!;
    expect(achievementFromItem({ ...firstSale }).translations).toEqual(firstSale.translations);
    const old = achievementFromItem({ id: 'x', name: 'Nome', description: 'Descrição', rarity: 'rare' });
    expect(old.translations).toEqual({});
    expect(textIn(old, ['name', 'description'], 'en-US')).toEqual({ name: 'Nome', description: 'Descrição' });
  });
});
