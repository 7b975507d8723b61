import i18n from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { Prize, prize, readPrize } from '../../shared/competition-prize';
import { seedCompetition } from '../../infra/local/seed-data/marketplace';
import { seedCompetitionCards } from '../../infra/local/seed-data/site';
import competitionsEnUS from '../../web/src/i18n/locales/en-US/competitions';
import competitionsEsES from '../../web/src/i18n/locales/es-ES/competitions';
import competitionsPtBR from '../../web/src/i18n/locales/pt-BR/competitions';
import { prizeText } from '../../web/src/lib/prize-text';

// Intl puts a no-break space between number and symbol in some locales.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

beforeAll(async () => {
  await i18n.init({
    lng: 'pt-BR',
    fallbackLng: 'pt-BR',
    resources: {
      'pt-BR': { translation: { competitions: competitionsPtBR } },
      'en-US': { translation: { competitions: competitionsEnUS } },
      'es-ES': { translation: { competitions: competitionsEsES } },
    },
  });
});

describe('competition prizes (issue 18: the seeded prize read Portuguese in en-US and es-ES)', () => {
  it('are seeded as data, never as a sentence in one language', () => {
    const cards = seedCompetitionCards(new Date('2026-11-27T12:00:00Z'));
    const prizes = [seedCompetition, ...cards].flatMap((c) => [c.prize_1st, c.prize_2nd, c.prize_3rd]);
    expect(prizes.length).toBeGreaterThan(3);
    for (const value of prizes) expect(Prize.safeParse(value).success).toBe(true);
  });

  it('read in each language and money format', () => {
    const first = prize(5000, 'distribution_contract');
    expect(plain(prizeText(first, 'pt-BR'))).toBe('R$ 5.000 + contrato de distribuição');
    expect(plain(prizeText(first, 'en-US'))).toBe('R$5,000 + distribution contract');
    expect(plain(prizeText(first, 'es-ES'))).toMatch(/^5000 (R\$|BRL) \+ contrato de distribución$/);
    expect(plain(prizeText(prize(8000, 'mentorship'), 'en-US'))).toBe('R$8,000 + mentoring');
    expect(plain(prizeText(prize(1500.5), 'pt-BR'))).toBe('R$ 1.500,50');
    expect(prizeText(null, 'en-US')).toBe('—');
  });

  it('stored as text before this change are read as the same data; other text is unknown', () => {
    expect(readPrize(prize(2500))).toEqual(prize(2500));
    expect(readPrize('R$ 5.000 + contrato de distribuição')).toEqual(prize(5000, 'distribution_contract'));
    expect(readPrize('R$ 8.000 + mentoria')).toEqual(prize(8000, 'mentorship'));
    expect(readPrize('R$ 2.500')).toEqual(prize(2500));
    expect(readPrize('R$ 12,50')).toEqual(prize(12.5));
    expect(readPrize('Um troféu')).toBeNull();
    expect(readPrize('R$ 100 + viagem')).toBeNull();
    expect(readPrize(undefined)).toBeNull();
  });
});
