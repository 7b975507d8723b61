import { creatorFigures, type FigureOrder } from '../../shared/creator-figures';
import type { CreatorStats } from '../../shared/schemas/marketplace';
import type { Profile } from '../../shared/schemas/profile';
import { type CreatorPublicProfile } from '../../shared/schemas/site';
import { revenueBand } from '../../shared/site-rules';
import type { ProjectRecord } from '../_lib/db/projects';

const DAY = 24 * 60 * 60 * 1000;
const TOP_BEATS = 6;

interface Input {
  slug: string;
  profile: Profile;
  stats: CreatorStats | undefined;
  products: ProjectRecord[];
  /** The creator's orders: sales, rating and revenue come from them (shared/creator-figures.ts). */
  orders: readonly FigureOrder[];
  now: Date;
}

/**
 * The public figures of a creator, computed from what the table holds (pure, unit-testable). Sales,
 * rating and the revenue band are the Creator Hub's own figures (shared/creator-figures.ts), so the
 * two pages always agree: money received only, ratings given by clients.
 */
export function buildCreatorProfile({
  slug,
  profile,
  stats,
  products,
  orders,
  now,
}: Input): CreatorPublicProfile {
  const figures = creatorFigures(orders, now);
  // Most products; a tie goes to the genre with more downloads, then alphabetically.
  const genres = new Map<string, { count: number; downloads: number }>();
  for (const product of products) {
    const entry = genres.get(product.genre) ?? { count: 0, downloads: 0 };
    genres.set(product.genre, { count: entry.count + 1, downloads: entry.downloads + product.downloads });
  }
  const topGenre = [...genres.entries()].sort(
    (a, b) => b[1].count - a[1].count || b[1].downloads - a[1].downloads || a[0].localeCompare(b[0]),
  )[0]?.[0];
  const since = (days: number) => new Date(now.getTime() - days * DAY).toISOString();
  const last30 = products.filter((product) => product.created_at >= since(30)).length;
  const previous30 = products.filter(
    (product) => product.created_at >= since(60) && product.created_at < since(30),
  ).length;
  const growth =
    previous30 > 0 ? Math.round(((last30 - previous30) / previous30) * 100) : last30 > 0 ? 100 : null;
  return {
    name: profile.full_name,
    slug,
    active_since: profile.created_at,
    products: products.length,
    downloads: products.reduce((sum, product) => sum + product.downloads, 0),
    favorites: products.reduce((sum, product) => sum + (product.favorites ?? 0), 0),
    sales: figures.sales,
    rating: figures.averageRating,
    rating_count: figures.ratingCount,
    top_genre: topGenre ?? null,
    revenue_band: revenueBand(figures.totalRevenue),
    level: stats?.level ?? 1,
    xp_points: stats?.xp_points ?? 0,
    streak_days: stats?.streak_days ?? 0,
    monthly_growth: growth,
    top_beats: [...products]
      .sort((a, b) => b.downloads - a.downloads || b.rating - a.rating)
      .slice(0, TOP_BEATS)
      .map(({ id, title, genre, bpm, price, downloads, rating: beatRating }) => ({
        id,
        title,
        genre,
        bpm,
        price,
        downloads,
        rating: beatRating,
      })),
  };
}
