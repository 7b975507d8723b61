import type * as S3Objects from './aws/s3-objects';
import { config } from './config';

/** S3 loads with the first request that signs or checks a file (see ./aws/s3-objects.ts). */
let s3Objects: Promise<typeof S3Objects> | undefined;
const loadS3 = () => (s3Objects ??= import('./aws/s3-objects'));

/** How long a play link of a beat without a public preview stays valid. */
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
