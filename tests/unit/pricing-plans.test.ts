import { describe, expect, it } from 'vitest';
import { priceSchedule } from '../../web/src/components/pricing/price-schedule';

describe('pricing cards', () => {
  it('INICIANTE costs 29 a month, always', () => {
    expect(priceSchedule('INICIANTE')).toEqual({ intro: 29, introMonths: 0 });
  });

  it('ARTISTA costs 89 the first month, then 119', () => {
    expect(priceSchedule('ARTISTA')).toEqual({ intro: 89, introMonths: 1, regular: 119 });
  });

  it('PRO costs 149 for the first 2 months, then 129', () => {
    expect(priceSchedule('PRO')).toEqual({ intro: 149, introMonths: 2, regular: 129 });
  });

  it('ENTERPRISE has no list price (sob consulta)', () => {
    expect(priceSchedule('ENTERPRISE')).toBeNull();
  });
});
