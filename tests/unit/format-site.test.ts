import { describe, expect, it } from 'vitest';
import {
  formatCompact,
  formatDate,
  formatMoney,
  formatPriceFromBRL,
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
