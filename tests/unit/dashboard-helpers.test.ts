import { describe, expect, it } from 'vitest';
import {
  addTags,
  missingRequired,
  type ProductDraft,
} from '../../web/src/routes/dashboard/components/product-form';
import { monthlyRevenue } from '../../web/src/routes/dashboard/components/revenue-series';

const complete: ProductDraft = {
  title: 'Noite',
  description: 'Beat trap',
  price: '49.90',
  genre: 'Trap',
  bpm: '140',
  duration: '3:04',
  hasAudio: true,
};

describe('product upload form rules', () => {
  it('tags are trimmed, blanks dropped and duplicates ignored (case-insensitive)', () => {
    expect(addTags([], ' escuro , , phonk,Escuro ')).toEqual(['escuro', 'phonk']);
    expect(addTags(['trap'], 'TRAP, drill')).toEqual(['trap', 'drill']);
  });

  it('a complete form has nothing missing', () => {
    expect(missingRequired(complete)).toBe(false);
  });

  it.each([
    ['a blank title', { title: '   ' }],
    ['a blank description', { description: '' }],
    ['a zero price', { price: '0' }],
    ['a price that is not a number', { price: 'abc' }],
    ['no audio file', { hasAudio: false }],
    ['a fractional bpm', { bpm: '120.5' }],
    ['an unreadable duration', { duration: '3:75' }],
  ])('%s counts as a missing required field', (_name, patch) => {
    expect(missingRequired({ ...complete, ...patch })).toBe(true);
  });
});

describe('creator revenue chart series', () => {
  it('sums money received per UTC month (the month it arrived) for the last six months, zero-filled', () => {
    const now = new Date('2026-11-25T12:00:00Z');
    const series = monthlyRevenue(
      [
        { amount: 42.5, status: 'delivered', created_at: '2026-11-02T10:00:00Z', kind: 'licence' },
        // A hire hired in October whose coins were released in November counts in November.
        {
          amount: 10.1,
          status: 'completed',
          created_at: '2026-10-20T10:00:00Z',
          kind: 'hire',
          escrow: 'released',
          settled_at: '2026-11-03T10:00:00Z',
        },
        { amount: 30, status: 'pending', created_at: '2026-07-31T23:59:59Z', kind: 'purchase' },
        { amount: 99, status: 'completed', created_at: '2026-05-01T00:00:00Z', kind: 'licence' },
        // Held, refunded and never-paid orders earn nothing.
        { amount: 70, status: 'delivered', created_at: '2026-11-04T10:00:00Z', kind: 'hire', escrow: 'held' },
        {
          amount: 60,
          status: 'declined',
          created_at: '2026-11-04T10:00:00Z',
          kind: 'hire',
          escrow: 'refunded',
        },
        { amount: 50, status: 'pending', created_at: '2026-11-05T10:00:00Z', kind: 'unpaid' },
      ],
      now,
    );
    expect(series.map((point) => point.month)).toEqual([
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
    ]);
    expect(series.map((point) => point.revenue)).toEqual([0, 30, 0, 0, 0, 52.6]);
  });
});
