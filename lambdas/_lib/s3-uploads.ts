import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { s3 } from './aws/s3';

/** The S3 calls of the multipart upload path, in one place (docs/architecture.md: Uploads). */

export async function startMultipartUpload(
  bucket: string,
  key: string,
  contentType: string,
): Promise<string> {
  const { UploadId } = await s3.send(
    // Encryption at rest comes from the bucket's default encryption.
    new CreateMultipartUploadCommand({ Bucket: bucket, Key: key, ContentType: contentType }),
  );
  if (!UploadId) throw new Error('CreateMultipartUpload returned no UploadId');
  return UploadId;
}

/** A presigned UploadPart URL; the browser PUTs the part's bytes to it and reads the ETag header. */
export function presignPart(
  bucket: string,
  key: string,
  uploadId: string,
  partNumber: number,
  expiresIn: number,
): Promise<string> {
  return getSignedUrl(
    s3,
    new UploadPartCommand({ Bucket: bucket, Key: key, UploadId: uploadId, PartNumber: partNumber }),
    {
      expiresIn,
    },
  );
}

export async function completeMultipartUpload(
  bucket: string,
  key: string,
  uploadId: string,
  parts: { partNumber: number; etag: string }[],
): Promise<void> {
  await s3.send(
    new CompleteMultipartUploadCommand({
      Bucket: bucket,
      Key: key,
      UploadId: uploadId,
      MultipartUpload: { Parts: parts.map((part) => ({ PartNumber: part.partNumber, ETag: part.etag })) },
    }),
  );
}

export async function headObject(
  bucket: string,
  key: string,
): Promise<{ size: number; contentType: string }> {
  const head = await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
  return { size: head.ContentLength ?? -1, contentType: head.ContentType ?? '' };
}

/** The first `length` bytes of an object (for sniffing its real type). */
export async function readObjectHead(bucket: string, key: string, length: number): Promise<Uint8Array> {
  const object = await s3.send(
    new GetObjectCommand({ Bucket: bucket, Key: key, Range: `bytes=0-${length - 1}` }),
  );
  const bytes = object.Body ? await object.Body.transformToByteArray() : new Uint8Array();
  return bytes.subarray(0, length);
}

export async function deleteObject(bucket: string, key: string): Promise<void> {
  await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
}

/**
 * Aborts a multipart upload, best effort: the local emulator answers MethodNotAllowed/NotImplemented,
 * and an upload already gone is fine; the bucket lifecycle rule removes leftovers after a day.
 */
export async function abortMultipartUpload(bucket: string, key: string, uploadId: string): Promise<void> {
  try {
    await s3.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId: uploadId }));
  } catch (error) {
    const name = (error as { name?: string }).name ?? '';
    if (['MethodNotAllowed', 'NotImplemented', 'NoSuchUpload'].includes(name)) return;
    throw error;
  }
}
