import { describe, expect, it } from 'vitest';
import {
  beatWords,
  foldText,
  parseSearch,
  searchableText,
  textWords,
  wordSlot,
} from '../../shared/marketplace/search-text';

describe('catalogue text: what a search matches', () => {
  it('ignores accents and case in Portuguese, Spanish and English', () => {
    expect(foldText('Canção do MAR — Niño Ñandú')).toBe('cancao do mar nino nandu');
    expect(textWords('Coração, Corazón & HEART!')).toEqual(['coracao', 'corazon', 'heart']);
  });

  it('drops the small words of the three languages and repeated words', () => {
    expect(textWords('A Noite de Lua e o Mar')).toEqual(['noite', 'lua', 'mar']);
    expect(textWords('The King of the Night')).toEqual(['king', 'night']);
    expect(textWords('El Rey de la Noche y la Luna')).toEqual(['rey', 'noche', 'luna']);
    expect(textWords('noite Noite NOITE')).toEqual(['noite']);
  });

  it('indexes title words first, then the creator and tags not already in the title', () => {
    expect(
      beatWords({ title: 'Noite Paulista', creator: 'Kaio Beats', tags: ['trap', 'noite', '808'] }),
    ).toEqual({
      title: ['noite', 'paulista'],
      other: ['kaio', 'beats', 'trap', '808'],
    });
    expect(searchableText({ title: 'Noite', creator: 'Kaio', tags: ['Trap'] })).toBe(' noite kaio trap ');
  });

  it('reads the last word as a prefix while typing, and as a word after a space', () => {
    expect(parseSearch('noite pau')).toEqual({ words: ['noite'], prefix: 'pau' });
    expect(parseSearch('noite pau ')).toEqual({ words: ['noite', 'pau'], prefix: null });
    expect(parseSearch('Canção')).toEqual({ words: [], prefix: 'cancao' });
    // One letter is too short to be a prefix; small words are not searched.
    expect(parseSearch('t')).toEqual({ words: ['t'], prefix: null });
    expect(parseSearch('de')).toEqual({ words: [], prefix: 'de' });
    expect(parseSearch('de ')).toEqual({ words: [], prefix: null });
    expect(parseSearch('   ')).toEqual({ words: [], prefix: null });
  });

  it('keeps at most five query words, the word being typed among them', () => {
    expect(parseSearch('um dois tres quatro cinco seis sete')).toEqual({
      words: ['dois', 'tres', 'quatro', 'cinco'],
      prefix: 'sete',
    });
  });

  it('puts a word in the same index slot every time', () => {
    expect(wordSlot('noite', 6)).toBe(wordSlot('noite', 6));
    const slots = new Set(
      ['noite', 'lua', 'trap', 'dark', 'paulista', 'kaio', 'beats', 'c:creator-1'].map((w) => wordSlot(w, 6)),
    );
    expect(slots.size).toBeGreaterThan(3);
    for (const slot of slots) expect(slot).toBeGreaterThanOrEqual(0);
  });
});
