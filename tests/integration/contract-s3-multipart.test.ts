import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  GetObjectCommand,
  HeadObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * Contract: S3 multipart upload completion, as the Amazon S3 API reference documents
 * CompleteMultipartUpload and UploadPart ("Special errors"). The test talks S3 through the SDK to
 * whatever AWS_ENDPOINT_URL_S3 / CONTRACT_S3_BUCKET name: the local twin here (infra/local/s3-multipart.ts
 * fills s3rver's gaps), or a real bucket when pointed at AWS — the assertions are AWS's behaviour.
 *
 *   InvalidPart (400)      a listed part was never uploaded, or its ETag does not match
 *   InvalidPartOrder (400) the parts are not listed in ascending part-number order
 *   EntityTooSmall (400)   a part other than the last is smaller than 5 MiB
 *   NoSuchUpload (404)     the upload id is unknown, or the upload was already completed
 * and a multipart object's ETag is `"<md5 of the parts' binary md5s>-<part count>"`.
 */
const s3 = new S3Client({
  region: process.env.AWS_REGION,
  forcePathStyle: true,
  requestChecksumCalculation: 'WHEN_REQUIRED',
  responseChecksumValidation: 'WHEN_REQUIRED',
});
afterAll(() => s3.destroy());

const Bucket = process.env.CONTRACT_S3_BUCKET ?? process.env.AUDIO_BUCKET!;
const MiB = 1024 * 1024;

async function startUpload() {
  const Key = `contract/${randomUUID()}.bin`;
  const { UploadId } = await s3.send(new CreateMultipartUploadCommand({ Bucket, Key }));
  return { Key, UploadId: UploadId! };
}

async function uploadPart(upload: { Key: string; UploadId: string }, PartNumber: number, body: Buffer) {
  const { ETag } = await s3.send(new UploadPartCommand({ Bucket, ...upload, PartNumber, Body: body }));
  return { PartNumber, ETag: ETag! };
}

function complete(upload: { Key: string; UploadId: string }, Parts: { PartNumber: number; ETag: string }[]) {
  return s3.send(new CompleteMultipartUploadCommand({ Bucket, ...upload, MultipartUpload: { Parts } }));
}

async function s3Error(promise: Promise<unknown>): Promise<{ name: string; status?: number }> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(S3ServiceException);
    const e = error as S3ServiceException;
    return { name: e.name, status: e.$metadata.httpStatusCode };
  }
  throw new Error('expected an S3 error, got success');
}

const md5 = (data: Buffer) => createHash('md5').update(data).digest();

describe('CompleteMultipartUpload (S3 contract)', () => {
  it('a part that was never uploaded: 400 InvalidPart, and the endpoint keeps serving', async () => {
    const upload = await startUpload();
    const error = await s3Error(
      complete(upload, [{ PartNumber: 1, ETag: '"deadbeefdeadbeefdeadbeefdeadbeef"' }]),
    );
    expect(error).toEqual({ name: 'InvalidPart', status: 400 });
    // Still serving, and the upload can still be completed properly.
    const part = await uploadPart(upload, 1, Buffer.from('hello'));
    await complete(upload, [part]);
    const object = await s3.send(new GetObjectCommand({ Bucket, Key: upload.Key }));
    expect(await object.Body!.transformToString()).toBe('hello');
  });

  it('an uploaded part listed with another ETag: 400 InvalidPart; no object is created', async () => {
    const upload = await startUpload();
    await uploadPart(upload, 1, Buffer.from('real bytes'));
    const error = await s3Error(
      complete(upload, [{ PartNumber: 1, ETag: `"${md5(Buffer.from('other')).toString('hex')}"` }]),
    );
    expect(error).toEqual({ name: 'InvalidPart', status: 400 });
    expect((await s3Error(s3.send(new HeadObjectCommand({ Bucket, Key: upload.Key })))).status).toBe(404);
  });

  it('parts out of order: 400 InvalidPartOrder', async () => {
    const upload = await startUpload();
    const one = await uploadPart(upload, 1, randomBytes(5 * MiB));
    const two = await uploadPart(upload, 2, Buffer.from('tail'));
    expect(await s3Error(complete(upload, [two, one]))).toEqual({ name: 'InvalidPartOrder', status: 400 });
  });

  it('a part other than the last below 5 MiB: 400 EntityTooSmall', async () => {
    const upload = await startUpload();
    const one = await uploadPart(upload, 1, randomBytes(1024));
    const two = await uploadPart(upload, 2, randomBytes(1024));
    expect(await s3Error(complete(upload, [one, two]))).toEqual({ name: 'EntityTooSmall', status: 400 });
  });

  it('an unknown upload id, or completing twice: 404 NoSuchUpload', async () => {
    const unknown = { Key: `contract/${randomUUID()}.bin`, UploadId: randomBytes(16).toString('hex') };
    expect(await s3Error(complete(unknown, [{ PartNumber: 1, ETag: '"x"' }]))).toEqual({
      name: 'NoSuchUpload',
      status: 404,
    });
    expect(await s3Error(uploadPart(unknown, 1, Buffer.from('x')))).toEqual({
      name: 'NoSuchUpload',
      status: 404,
    });

    const upload = await startUpload();
    const part = await uploadPart(upload, 1, Buffer.from('once'));
    await complete(upload, [part]);
    expect(await s3Error(complete(upload, [part]))).toEqual({ name: 'NoSuchUpload', status: 404 });
  });

  it('a valid completion stores the bytes in order with the multipart ETag', async () => {
    const upload = await startUpload();
    const first = randomBytes(5 * MiB);
    const second = randomBytes(123);
    const parts = [await uploadPart(upload, 1, first), await uploadPart(upload, 2, second)];
    const done = await complete(upload, parts);
    const expected = `"${createHash('md5')
      .update(Buffer.concat([md5(first), md5(second)]))
      .digest('hex')}-2"`;
    expect(done.ETag).toBe(expected);
    const object = await s3.send(new GetObjectCommand({ Bucket, Key: upload.Key }));
    expect(object.ETag).toBe(expected);
    const bytes = Buffer.from(await object.Body!.transformToByteArray());
    expect(bytes.equals(Buffer.concat([first, second]))).toBe(true);
  });

  it('two Completes racing: the object is stored once, a loser gets an S3 error, never a crash', async () => {
    const upload = await startUpload();
    const parts = [
      await uploadPart(upload, 1, randomBytes(6 * MiB)),
      await uploadPart(upload, 2, randomBytes(10)),
    ];
    const results = await Promise.allSettled([complete(upload, parts), complete(upload, parts)]);
    // S3 may also answer both with the same result when they overlap; a loser sees NoSuchUpload.
    expect(results.some((r) => r.status === 'fulfilled')).toBe(true);
    for (const failed of results.filter((r): r is PromiseRejectedResult => r.status === 'rejected'))
      expect((failed.reason as Error).name).toBe('NoSuchUpload');
    const head = await s3.send(new HeadObjectCommand({ Bucket, Key: upload.Key }));
    expect(head.ContentLength).toBe(6 * MiB + 10);
  });
});
