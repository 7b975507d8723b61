import { describe, expect, it } from 'vitest';
import { competitionText, readCompetitionTranslations } from '../../shared/competition-text';
import { seedCompetition } from '../../infra/local/seed-data/marketplace';
import { seedCompetitionCards } from '../../infra/local/seed-data/site';

describe('competition titles and descriptions (issue 18: the seeded competition read Portuguese in en/es)', () => {
  it('every seeded competition has its en-US and es-ES text', () => {
    const all = [seedCompetition, ...seedCompetitionCards(new Date('2026-11-27T12:00:00Z'))];
    for (const competition of all)
      for (const language of ['en-US', 'es-ES'] as const) {
        const text = competitionText(competition, language);
        expect(text.title, `${competition.title} ${language}`).toBeTruthy();
        expect(text.description, `${competition.title} ${language}`).not.toBe(competition.description);
      }
    expect(competitionText(seedCompetition, 'en-US').title).toBe('Beat of the Month');
    expect(competitionText(seedCompetition, 'es-ES').title).toBe('Beat del Mes');
    expect(competitionText(seedCompetition, 'pt-BR').title).toBe('Beat do Mês');
  });

  it('falls back to the pt-BR text where a language has none, and reads unknown stored values as none', () => {
    const plain = { title: 'Desafio', description: 'Faça um beat.' };
    expect(competitionText(plain, 'en-US')).toEqual(plain);
    expect(
      competitionText(
        { ...plain, translations: { 'es-ES': { title: 'Reto', description: 'Haz un beat.' } } },
        'en-US',
      ),
    ).toEqual(plain);
    expect(readCompetitionTranslations('nada')).toEqual({});
    expect(readCompetitionTranslations(undefined)).toEqual({});
    expect(readCompetitionTranslations({ 'en-US': { title: 'T', description: 'D' } })).toEqual({
      'en-US': { title: 'T', description: 'D' },
    });
  });
});
