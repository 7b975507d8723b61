import type { Readable } from 'node:stream';
import { CopyObjectCommand, GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { s3 } from '../aws/s3';

/** S3 reads and writes of the generation pipeline (audio bucket; bytes never travel in the state). */

export async function putWav(bucket: string, key: string, bytes: Uint8Array): Promise<void> {
  await s3.send(
    new PutObjectCommand({
      Bucket: bucket,
      Key: key,
      Body: bytes,
      ContentType: 'audio/wav',
      ContentLength: bytes.byteLength,
    }),
  );
}

/**
 * A whole object in ONE buffer, allocated once from Content-Length and filled as the stream arrives
 * (the SDK's transformToByteArray keeps every chunk and then concatenates: twice the memory).
 */
export async function readObject(bucket: string, key: string, maxBytes: number): Promise<Uint8Array> {
  const object = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  const length = object.ContentLength ?? -1;
  if (length < 0 || length > maxBytes)
    throw new RangeError(`Object ${key} is ${length} bytes; limit ${maxBytes}.`);
  const out = new Uint8Array(length);
  let at = 0;
  for await (const chunk of object.Body as Readable) {
    const bytes = chunk as Uint8Array;
    if (at + bytes.byteLength > length)
      throw new RangeError(`Object ${key} is longer than its Content-Length.`);
    out.set(bytes, at);
    at += bytes.byteLength;
  }
  if (at !== length) throw new RangeError(`Object ${key} ended after ${at} of ${length} bytes.`);
  return out;
}

export async function copyObject(bucket: string, from: string, to: string): Promise<void> {
  await s3.send(
    new CopyObjectCommand({
      Bucket: bucket,
      Key: to,
      CopySource: `${bucket}/${from.split('/').map(encodeURIComponent).join('/')}`,
    }),
  );
}

/** A presigned GET, downloading under `fileName`. */
export function presignDownload(
  bucket: string,
  key: string,
  fileName: string,
  expiresIn = 3600,
): Promise<string> {
  return getSignedUrl(
    s3,
    new GetObjectCommand({
      Bucket: bucket,
      Key: key,
      ResponseContentDisposition: `inline; filename="${fileName.replace(/["\\\r\n]/g, '_')}"`,
    }),
    { expiresIn },
  );
}
