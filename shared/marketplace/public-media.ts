/**
 * Which objects of the audio bucket anyone may fetch, at a stable URL (issue 16): covers and the catalogue
 * previews (the 128 kbps renditions a visitor hears). CloudFront serves exactly these paths from the
 * audio bucket through origin access control (infra/constructs/public-media.ts grants nothing else), and
 * the local twin serves the same paths from its S3 (infra/local/public-media.ts). Masters, MP3 leases,
 * stems and deliveries stay private: they are handed out as short-lived presigned URLs to whoever may
 * have them.
 *
 * Keys are immutable (a new upload or a new rendition gets a new key), so these URLs can be cached for
 * a year.
 */

/** Covers: `covers/<sub>/<timestamp>_<name>` (the uploads flow). */
const COVER_KEY = /^covers\/[^/]+\/[^/]+$/;
/** Catalogue previews: `renditions/<projectId>/<jobId>/preview-128.mp3` (licensing/renditions.ts). */
const PREVIEW_KEY = /^renditions\/[^/]+\/[^/]+\/preview-128\.mp3$/;

/** CloudFront path patterns of the public objects (the same rule as isPublicMediaKey). */
export const PUBLIC_MEDIA_PATH_PATTERNS = ['/covers/*', '/renditions/*/preview-128.mp3'] as const;

/** S3 key patterns CloudFront may read (its bucket policy grant). */
export const PUBLIC_MEDIA_KEY_PATTERNS = ['covers/*', 'renditions/*/preview-128.mp3'] as const;

export function isPublicMediaKey(key: string | null | undefined): key is string {
  if (!key || key.length > 1024) return false;
  if (key.split('/').some((part) => part === '' || part === '.' || part === '..')) return false;
  return COVER_KEY.test(key) || PREVIEW_KEY.test(key);
}

/** The stable, same-origin URL of a public object; null when the key may not be public. */
export function publicMediaUrl(key: string | null | undefined): string | null {
  if (!isPublicMediaKey(key)) return null;
  return `/${key
    .split('/')
    .map((part) => encodeURIComponent(part))
    .join('/')}`;
}

/** The object key of a public media path (`/covers/a/b.png` → `covers/a/b.png`); undefined otherwise. */
export function publicMediaKey(path: string): string | undefined {
  let key: string;
  try {
    key = path
      .replace(/^\/+/, '')
      .split('/')
      .map((part) => decodeURIComponent(part))
      .join('/');
  } catch {
    return undefined;
  }
  return isPublicMediaKey(key) ? key : undefined;
}

/** How long browsers and CloudFront keep a public object: its key never changes content. */
export const PUBLIC_MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';
