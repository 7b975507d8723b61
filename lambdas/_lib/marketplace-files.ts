import type * as S3Objects from './aws/s3-objects';
import { config } from './config';

/** S3 loads with the first request that signs or checks a file (see ./aws/s3-objects.ts). */
let s3Objects: Promise<typeof S3Objects> | undefined;
const loadS3 = () => (s3Objects ??= import('./aws/s3-objects'));

/** How long a catalogue's play/cover link stays valid. */
export const MEDIA_URL_SECONDS = 60 * 60;
/** Delivered files: a short link, fetched right when the client clicks Download. */
export const DOWNLOAD_URL_SECONDS = 5 * 60;

/** A presigned GET for an object of the audio bucket (signing is local: no network call). */
export async function presignAudioBucketGet(
  key: string,
  expiresIn: number,
  downloadName?: string,
): Promise<string> {
  const { s3, GetObjectCommand, getSignedUrl } = await loadS3();
  return getSignedUrl(
    s3,
    new GetObjectCommand({
      Bucket: config.AUDIO_BUCKET,
      Key: key,
      ...(downloadName
        ? { ResponseContentDisposition: `attachment; filename="${downloadName.replace(/["\\\r\n]/g, '_')}"` }
        : {}),
    }),
    { expiresIn },
  );
}

/**
 * Catalogue links are signed for a fixed window start and remembered for that window, so a catalogue
 * page of 500 beats does not sign 1,000 URLs on every request (≈0.3–0.8 ms each) and a browser sees the
 * same cover URL across refreshes (its HTTP cache works). Signed at the window's start and valid for
 * MEDIA_URL_SECONDS past its end, every link handed out stays valid ≥ MEDIA_URL_SECONDS.
 */
const MEDIA_URL_WINDOW_SECONDS = 30 * 60;
const MEDIA_URL_CACHE_LIMIT = 20_000;
const mediaUrls = new Map<string, string>();
let mediaUrlWindow = -1;

export async function presignOptional(key: string | null | undefined): Promise<string | null> {
  if (!key) return null;
  const window = Math.floor(Date.now() / 1000 / MEDIA_URL_WINDOW_SECONDS);
  if (window !== mediaUrlWindow) {
    mediaUrls.clear();
    mediaUrlWindow = window;
  }
  const cached = mediaUrls.get(key);
  if (cached) return cached;
  const { s3, GetObjectCommand, getSignedUrl } = await loadS3();
  const url = await getSignedUrl(s3, new GetObjectCommand({ Bucket: config.AUDIO_BUCKET, Key: key }), {
    expiresIn: MEDIA_URL_SECONDS + MEDIA_URL_WINDOW_SECONDS,
    signingDate: new Date(window * MEDIA_URL_WINDOW_SECONDS * 1000),
  });
  if (mediaUrls.size >= MEDIA_URL_CACHE_LIMIT) mediaUrls.delete(mediaUrls.keys().next().value!);
  mediaUrls.set(key, url);
  return url;
}

export interface StoredObject {
  size: number;
  contentType: string | undefined;
}

/** HeadObject on the audio bucket; undefined when the object does not exist. */
export async function headAudioBucketObject(key: string): Promise<StoredObject | undefined> {
  const { s3, HeadObjectCommand, S3NotFound } = await loadS3();
  try {
    const head = await s3.send(new HeadObjectCommand({ Bucket: config.AUDIO_BUCKET, Key: key }));
    return { size: Number(head.ContentLength ?? 0), contentType: head.ContentType };
  } catch (error) {
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (error instanceof S3NotFound || status === 404 || (error as Error).name === 'NotFound')
      return undefined;
    throw error;
  }
}

/**
 * True when `key` sits under one of the caller's own prefixes (`<prefix>/<sub>/…`), the layout the
 * upload form uses: `audio/{profile id}/{timestamp}_{filename}`, `covers/{profile id}/…`.
 */
export function isOwnKey(key: string, sub: string, prefixes: readonly string[]): boolean {
  const parts = key.split('/');
  return (
    parts.length >= 3 &&
    prefixes.includes(parts[0] ?? '') &&
    parts[1] === sub &&
    parts.slice(2).every((part) => part !== '' && part !== '.' && part !== '..')
  );
}
