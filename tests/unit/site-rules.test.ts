import { describe, expect, it } from 'vitest';
import { buildCreatorProfile } from '../../lambdas/creator-profile/profile';
import type { ProjectRecord } from '../../lambdas/_lib/db/projects';
import { creatorSlug, postTags, revenueBand } from '../../shared/site-rules';
import { sanitizeSettings } from '../../web/src/settings/store';

const DAY = 86_400_000;
const now = new Date('2026-06-30T12:00:00Z');

function product(index: number, genre: string, downloads: number, daysAgo: number): ProjectRecord {
  return {
    id: `p${index}`,
    title: `Beat ${index}`,
    description: '',
    price: 10,
    genre,
    bpm: 100,
    duration_seconds: 60,
    tags: [],
    creator_id: 'c',
    creator_name: 'C',
    audio_key: 'a',
    cover_key: null,
    rating: index % 2 ? 5 : 4,
    downloads,
    status: 'published',
    sample: false,
    created_at: new Date(now.getTime() - daysAgo * DAY).toISOString(),
  };
}

describe('creator slugs', () => {
  it('drops accents and punctuation so the full name becomes a readable URL part', () => {
    expect(creatorSlug('Maré Studio')).toBe('mare-studio');
    expect(creatorSlug('  Rafa no Beat!! ')).toBe('rafa-no-beat');
    expect(creatorSlug('kaio-beats')).toBe('kaio-beats');
    expect(creatorSlug('🎵')).toBe('');
  });
});

describe('revenue band', () => {
  it('never reveals the exact amount, only its band', () => {
    expect(revenueBand(0)).toBe('none');
    expect(revenueBand(999.99)).toBe('under_1k');
    expect(revenueBand(1000)).toBe('1k_10k');
    expect(revenueBand(18_420)).toBe('10k_50k');
    expect(revenueBand(50_000)).toBe('over_50k');
    expect(revenueBand(Number.NaN)).toBe('none');
  });
});

describe('post tags', () => {
  it('collects unique lower-case #tags in order', () => {
    expect(postTags('Novo #Trap beat #lofi #trap #a')).toEqual(['trap', 'lofi']);
    expect(postTags('sem tags')).toEqual([]);
  });
});

describe('creator public figures', () => {
  it('sums downloads, picks the top genre, takes sales, rating and revenue from the orders, keeps the top six beats', () => {
    const products = [
      product(1, 'Trap', 100, 5),
      product(2, 'Drill', 900, 10),
      product(3, 'Trap', 50, 40),
      product(4, 'Drill', 10, 45),
      product(5, 'House', 300, 50),
      product(6, 'Lo-Fi', 20, 2),
      { ...product(7, 'Phonk', 5, 1), favorites: 3 },
    ];
    products[1] = { ...products[1]!, favorites: 4 };
    const profile = buildCreatorProfile({
      slug: 'c',
      profile: { id: 'c', full_name: 'C', email: '', role: 'creator', created_at: '2024-02-01T00:00:00Z' },
      // The stored stats' revenue is not a figure of the profile: only orders are.
      stats: { id: 'c', full_name: 'C', level: 4, xp_points: 1000, streak_days: 3, total_revenue: 42_000 },
      products,
      orders: [
        {
          amount: 3000,
          status: 'completed',
          created_at: '2026-11-01T00:00:00Z',
          kind: 'hire',
          escrow: 'released',
          rating: 5,
        },
        { amount: 1200, status: 'delivered', created_at: '2026-11-02T00:00:00Z', kind: 'licence', rating: 4 },
        { amount: 900, status: 'pending', created_at: '2026-11-03T00:00:00Z', kind: 'hire', escrow: 'held' },
        { amount: 500, status: 'pending', created_at: '2026-11-04T00:00:00Z', kind: 'unpaid' },
      ],
      now,
    });
    expect(profile.products).toBe(7);
    expect(profile.downloads).toBe(1385);
    // Favourites of every beat, a beat without the counter counting none.
    expect(profile.favorites).toBe(7);
    // Trap and Drill both have two products; Drill has more downloads.
    expect(profile.top_genre).toBe('Drill');
    expect(profile.sales).toBe(2);
    expect(profile.rating).toBe(4.5);
    expect(profile.rating_count).toBe(2);
    expect(profile.revenue_band).toBe('1k_10k');
    // 4 products in the last 30 days against 3 in the 30 before.
    expect(profile.monthly_growth).toBe(33);
    expect(profile.top_beats.map((beat) => beat.id)).toEqual(['p2', 'p5', 'p1', 'p3', 'p6', 'p4']);
  });

  it('has no genre, rating or growth for a creator without products', () => {
    const profile = buildCreatorProfile({
      slug: 'n',
      profile: { id: 'n', full_name: 'N', email: '', role: 'creator', created_at: '2025-01-01T00:00:00Z' },
      stats: undefined,
      products: [],
      orders: [],
      now,
    });
    expect(profile).toMatchObject({
      top_genre: null,
      rating: null,
      monthly_growth: null,
      revenue_band: 'none',
      favorites: 0,
    });
  });
});

describe('stored settings', () => {
  it('keeps valid choices and replaces unknown or damaged values with the defaults', () => {
    const settings = sanitizeSettings({
      currency: 'EUR',
      darkMode: false,
      language: 'fr-FR',
      autoplay: 'yes',
    });
    expect(settings.currency).toBe('EUR');
    expect(settings.darkMode).toBe(false);
    expect(settings.language).toBe('pt-BR');
    expect(settings.autoplay).toBe(false);
    expect(sanitizeSettings(null).darkMode).toBe(true);
  });
});
