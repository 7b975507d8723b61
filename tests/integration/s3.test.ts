import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { afterAll, describe, expect, it } from 'vitest';

/** The local S3 (s3rver) as the handlers and the browser use it. */
const s3 = new S3Client({
  region: process.env.AWS_REGION,
  forcePathStyle: true,
  requestChecksumCalculation: 'WHEN_REQUIRED',
  responseChecksumValidation: 'WHEN_REQUIRED',
});
afterAll(() => s3.destroy());

describe('local S3', () => {
  it('has both buckets and stores objects byte for byte', async () => {
    for (const Bucket of [process.env.AUDIO_BUCKET!, process.env.ANALYSIS_BUCKET!]) {
      const Body = Buffer.from(`hello ${Bucket}`);
      await s3.send(new PutObjectCommand({ Bucket, Key: 'u/1.txt', Body }));
      const got = await s3.send(new GetObjectCommand({ Bucket, Key: 'u/1.txt' }));
      expect(Buffer.from(await got.Body!.transformToByteArray()).equals(Body)).toBe(true);
    }
  });

  it('accepts a presigned PUT from the app origin and exposes ETag to it', async () => {
    const origin = 'http://localhost:3000';
    const url = await getSignedUrl(
      s3,
      new PutObjectCommand({ Bucket: process.env.AUDIO_BUCKET!, Key: 'u/presigned.bin' }),
      { expiresIn: 60 },
    );
    const preflight = await fetch(url, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.status).toBe(200);
    // s3rver answers `*` once the origin matched a rule (real S3 echoes the origin); the rule still
    // decides, see the foreign origin below.
    expect([origin, '*']).toContain(preflight.headers.get('access-control-allow-origin'));
    const put = await fetch(url, { method: 'PUT', headers: { origin }, body: Buffer.alloc(1000, 7) });
    expect(put.status).toBe(200);
    expect(put.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/);
    expect(put.headers.get('access-control-expose-headers')?.toLowerCase()).toContain('etag');

    const other = await fetch(url, {
      method: 'OPTIONS',
      headers: { origin: 'http://evil.example', 'access-control-request-method': 'PUT' },
    });
    expect(other.status).toBe(403);
  });
});
