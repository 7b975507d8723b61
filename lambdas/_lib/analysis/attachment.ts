import { GetObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import type { Caller } from '../auth';
import { s3 } from '../clients';
import { config } from '../config';
import { getUploadSession } from '../db/upload-sessions';
import { NotFound } from '../errors';

/** An uploaded object of the caller, located and read for analysis. */
export interface CallerObject {
  bucket: string;
  key: string;
  name: string;
  contentType: string;
  size: number;
}

const notFound = () => new NotFound('FILE_NOT_FOUND');

/** Resolves {uploadId} or {key} to an object of the caller in the given bucket(s); anything else is 404. */
export async function callerObject(
  caller: Caller,
  ref: { uploadId?: string; key?: string },
  buckets: string[] = [config.ANALYSIS_BUCKET],
): Promise<CallerObject> {
  let bucket: string;
  let key: string;
  if (ref.uploadId) {
    const session = await getUploadSession(ref.uploadId, caller.sub);
    if (!session || session.status !== 'complete' || !buckets.includes(session.bucket)) throw notFound();
    bucket = session.bucket;
    key = session.key;
  } else {
    key = (ref.key ?? '').replace(/^\/+/, '');
    bucket = buckets[0]!;
    // Keys of chat attachments are `<sub>/<stamp>_<name>`; other purposes put the sub second.
    const segments = key.split('/');
    if (!segments.slice(0, 2).includes(caller.sub) || key.includes('..')) throw notFound();
  }
  let head;
  try {
    head = await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name === 'NotFound' || name === 'NoSuchKey') throw notFound();
    throw error;
  }
  const fileName = key.split('/').pop()!.replace(/^\d+_/, '');
  return { bucket, key, name: fileName, contentType: head.ContentType ?? '', size: head.ContentLength ?? 0 };
}

export async function readObjectRange(bucket: string, key: string, length: number): Promise<Uint8Array> {
  if (length <= 0) return new Uint8Array();
  const object = await s3.send(
    new GetObjectCommand({ Bucket: bucket, Key: key, Range: `bytes=0-${length - 1}` }),
  );
  const bytes = object.Body ? await object.Body.transformToByteArray() : new Uint8Array();
  return bytes.subarray(0, length);
}
