/**
 * Public reads served from the CDN edge (issue 16). These answers are identical for every visitor — no
 * per-user field, no presigned URL — so CloudFront may keep them: `max-age` for the browser, `s-maxage`
 * for the edge, and `stale-while-revalidate` so a visitor gets the kept answer at once while the edge
 * fetches a fresh one. Short TTLs where data moves (a new beat, a download, a drop's slots).
 *
 * The CloudFront side (infra/constructs/edge-cache.ts) caches exactly the paths below, keyed on the
 * query string and the viewer's language (one of the app's three), and never forwards who the viewer is.
 * The whole query string is in the key (a cache policy lists at most 10 names): an unknown parameter is
 * a 400 (strict schemas), and errors are never cached.
 */

export interface EdgeCachePolicy {
  /** Seconds a browser reuses the answer. */
  readonly maxAge: number;
  /** Seconds the edge reuses it. */
  readonly sMaxAge: number;
  /** Seconds past that the edge may still answer with it while it refreshes. */
  readonly staleWhileRevalidate: number;
}

export const EDGE_CACHE = {
  /** Catalogue pages: new beats and download counts move them. */
  catalogue: { maxAge: 30, sMaxAge: 60, staleWhileRevalidate: 300 },
  /** A beat's page and its licence tiers (a sale takes the Exclusive off). */
  beat: { maxAge: 30, sMaxAge: 60, staleWhileRevalidate: 300 },
  /** A creator's public page and the creator directory. */
  creator: { maxAge: 60, sMaxAge: 300, staleWhileRevalidate: 600 },
  /** Rare drops: their slots run out. */
  drops: { maxAge: 15, sMaxAge: 30, staleWhileRevalidate: 60 },
  /** Competitions: entries fill their spots (another visitor's count was 5 minutes old). */
  competitions: { maxAge: 15, sMaxAge: 30, staleWhileRevalidate: 60 },
  /** Leaderboard, achievements. */
  standings: { maxAge: 60, sMaxAge: 300, staleWhileRevalidate: 600 },
} as const satisfies Record<string, EdgeCachePolicy>;

export function cacheControl(policy: EdgeCachePolicy): string {
  return `public, max-age=${policy.maxAge}, s-maxage=${policy.sMaxAge}, stale-while-revalidate=${policy.staleWhileRevalidate}`;
}

/** The longest any public answer may be kept at the edge (the CloudFront cache policy's maximum TTL). */
export const EDGE_CACHE_MAX_SECONDS = Math.max(...Object.values(EDGE_CACHE).map((policy) => policy.sMaxAge));

/**
 * CloudFront path patterns of the public reads. `/api/projects` also takes the creators' POST (publish):
 * its behaviour forwards the Authorization header, which then becomes part of its cache key (the app
 * sends none on public reads, so visitors share one entry).
 */
export const PUBLIC_READ_PATHS = {
  withAuthorization: ['/api/projects'],
  anonymous: [
    '/api/projects/*',
    '/api/catalogue/*',
    '/api/creators/*',
    '/api/offers/rare',
    '/api/competitions',
    '/api/competitions/*',
    '/api/achievements',
  ],
} as const;
