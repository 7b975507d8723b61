import { describe, expect, it } from 'vitest';
import {
  formatBRL,
  formatCompact,
  formatDate,
  formatFixed,
  formatMoney,
  formatPriceFromBRL,
  formatShortDateTime,
  formatSignedCoins,
  formatUsd,
  formatYear,
  timeLeft,
} from '../../web/src/lib/format';

// Intl inserts a no-break space (U+00A0) or narrow no-break space between number and symbol.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('compact numbers', () => {
  it('keeps numbers below a thousand as they are', () => {
    expect(formatCompact(0)).toBe('0');
    expect(formatCompact(999, 'en-US')).toBe('999');
  });

  it('uses K from 1,000 and M from 1,000,000 with the locale decimal mark', () => {
    expect(formatCompact(1000, 'en-US')).toBe('1K');
    expect(formatCompact(1250, 'en-US')).toBe('1.2K');
    expect(formatCompact(1250, 'pt-BR')).toBe('1,2K');
    expect(formatCompact(999_999, 'en-US')).toBe('999.9K');
    expect(formatCompact(1_000_000, 'es-ES')).toBe('1M');
    expect(formatCompact(3_450_000, 'es-ES')).toBe('3,4M');
  });

  it('treats a non-number as zero', () => {
    expect(formatCompact(Number.NaN)).toBe('0');
  });
});

describe('money', () => {
  it('formats in the chosen currency and locale', () => {
    expect(plain(formatMoney(49.9, 'BRL', 'pt-BR'))).toBe('R$ 49,90');
    expect(formatMoney(49.9, 'USD', 'en-US')).toBe('$49.90');
    expect(plain(formatMoney(1234.5, 'EUR', 'es-ES'))).toBe('1234,50 €');
  });

  it('converts BRL prices to another currency and marks them approximate', () => {
    expect(plain(formatPriceFromBRL(54, 'BRL', 'pt-BR'))).toBe('R$ 54,00');
    expect(formatPriceFromBRL(54, 'USD', 'en-US')).toBe('≈ $10.00');
    expect(plain(formatPriceFromBRL(58.5, 'EUR', 'pt-BR'))).toBe('≈ € 10,00');
  });
});

describe('dates', () => {
  it('writes the date in the user language', () => {
    expect(formatDate('2026-11-25T12:00:00Z', 'pt-BR')).toBe('25/11/2026');
    expect(formatDate('2026-11-25T12:00:00Z', 'en-US')).toBe('11/25/2026');
  });

  it('gives an empty text for a missing or unreadable date', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
    expect(formatYear('2024-03-01T00:00:00Z')).toBe('2024');
    expect(formatYear('??')).toBe('');
  });

  it('counts days and hours left, and nothing once past', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    expect(timeLeft('2026-01-03T05:30:00Z', now)).toEqual({ days: 2, hours: 5 });
    expect(timeLeft('2025-12-31T00:00:00Z', now)).toBeNull();
  });
});

describe('one format per locale (issue 18)', () => {
  it('writes decimals with the locale mark: 4,5 in pt-BR and es-ES, 4.5 in en-US', () => {
    expect(formatFixed(4.5, 1, 'pt-BR')).toBe('4,5');
    expect(formatFixed(4.5, 1, 'es-ES')).toBe('4,5');
    expect(formatFixed(4.5, 1, 'en-US')).toBe('4.5');
    expect(formatCompact(18_200, 'pt-BR')).toBe('18,2K');
    expect(formatCompact(18_200, 'en-US')).toBe('18.2K');
  });

  it('writes wallet dollars and beat reais as each locale does (en-US read "US$ 105,00")', () => {
    expect(formatUsd(105, 'en-US')).toBe('$105.00');
    expect(plain(formatUsd(105, 'pt-BR'))).toBe('US$ 105,00');
    expect(plain(formatUsd(105, 'es-ES'))).toBe('105,00 US$');
    expect(formatBRL(49.9, 'en-US')).toBe('R$49.90');
    expect(plain(formatBRL(49.9, 'pt-BR'))).toBe('R$ 49,90');
  });

  it('writes dates month first in en-US and day first in pt-BR and es-ES', () => {
    expect(formatShortDateTime('2026-11-25T22:41:00', 'pt-BR')).toMatch(/^25\/11\/2026/);
    expect(formatShortDateTime('2026-11-25T22:41:00', 'en-US')).toMatch(/^11\/25\/26/);
    expect(formatDate('2026-11-05T12:00:00Z', 'es-ES')).toBe('05/11/2026');
  });

  it('signs ledger amounts with grouped digits', () => {
    expect(formatSignedCoins(1500, 'pt-BR')).toBe('+1.500');
    expect(formatSignedCoins(-1500, 'en-US')).toBe('\u22121,500');
  });
});
