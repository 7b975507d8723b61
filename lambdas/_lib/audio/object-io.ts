import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  GetObjectCommand,
  PutObjectCommand,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { s3 } from '../aws/s3';
import type { AudioSource } from './decode';

/**
 * S3 objects as streams for the audio paths: an object read chunk by chunk (its body stream, never one
 * buffer), and an object written part by part (multipart upload), so neither side of a long file is
 * held whole in a function's memory.
 */

export interface ObjectSource extends AudioSource {
  size: number;
  etag?: string;
}

/**
 * The object's body as the decoder's source; leaving the iteration early closes the connection. With
 * `ifMatch` (an ETag read before) S3 answers 412 PreconditionFailed if the object was replaced since.
 */
export async function objectSource(
  bucket: string,
  key: string,
  name = key,
  options: { ifMatch?: string } = {},
): Promise<ObjectSource> {
  const object = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key, IfMatch: options.ifMatch }));
  const body = object.Body as Readable | undefined;
  async function* chunks(): AsyncGenerator<Uint8Array> {
    if (!body) return;
    try {
      for await (const chunk of body) yield chunk as Uint8Array;
    } finally {
      body.destroy();
    }
  }
  return { name, size: object.ContentLength ?? 0, etag: object.ETag, chunks: chunks() };
}

/** S3's smallest part (all but the last); parts of this size keep each writer's buffer small. */
export const PART_BYTES = 8 * 1024 * 1024;

/**
 * Writes one object in parts as bytes arrive. With `holdFirstPart`, part 1 stays in memory until
 * `finish`, which may rewrite its start (a WAV header that needs the final length) before sending it;
 * S3 assembles parts by number, not by arrival. An object under one part is sent with one PutObject.
 * Nothing is visible at `key` before `finish` completes, and `abort` leaves nothing behind.
 */
export class MultipartObjectWriter {
  private uploadId: string | undefined;
  private buffer = new Uint8Array(PART_BYTES);
  private fill = 0;
  private first: Uint8Array | undefined;
  private nextPart = 1;
  private readonly parts: { PartNumber: number; ETag: string }[] = [];
  private done = false;
  bytesWritten = 0;

  constructor(
    readonly bucket: string,
    readonly key: string,
    private readonly contentType: string,
    private readonly holdFirstPart = false,
  ) {}

  async write(bytes: Uint8Array): Promise<void> {
    let at = 0;
    while (at < bytes.length) {
      const n = Math.min(bytes.length - at, PART_BYTES - this.fill);
      this.buffer.set(bytes.subarray(at, at + n), this.fill);
      this.fill += n;
      at += n;
      if (this.fill === PART_BYTES) await this.flushPart();
    }
    this.bytesWritten += bytes.length;
  }

  /** Sends what is left (after `patchFirst` edits the object's first bytes) and completes the object. */
  async finish(patchFirst?: (head: Uint8Array) => void): Promise<void> {
    if (this.done) throw new Error(`MultipartObjectWriter: ${this.key} already finished`);
    this.done = true;
    if (this.nextPart === 1) {
      // Under one part: a single PutObject.
      const body = this.buffer.subarray(0, this.fill);
      patchFirst?.(body);
      await s3.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: this.key,
          Body: body,
          ContentType: this.contentType,
          ContentLength: body.length,
        }),
      );
      return;
    }
    if (this.fill > 0) await this.sendPart(this.nextPart++, this.buffer.subarray(0, this.fill));
    if (this.first) {
      patchFirst?.(this.first);
      await this.sendPart(1, this.first);
      this.first = undefined;
    }
    this.parts.sort((a, b) => a.PartNumber - b.PartNumber);
    await s3.send(
      new CompleteMultipartUploadCommand({
        Bucket: this.bucket,
        Key: this.key,
        UploadId: this.uploadId,
        MultipartUpload: { Parts: this.parts },
      }),
    );
  }

  /** Drops the parts sent so far; the object never appears. */
  async abort(): Promise<void> {
    this.done = true;
    this.first = undefined;
    if (!this.uploadId) return;
    await s3.send(
      new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: this.key, UploadId: this.uploadId }),
    );
  }

  private async flushPart(): Promise<void> {
    const number = this.nextPart++;
    if (number === 1 && this.holdFirstPart) {
      this.first = this.buffer;
      this.buffer = new Uint8Array(PART_BYTES);
    } else {
      await this.sendPart(number, this.buffer);
    }
    this.fill = 0;
  }

  private async sendPart(number: number, body: Uint8Array): Promise<void> {
    this.uploadId ??= (
      await s3.send(
        new CreateMultipartUploadCommand({
          Bucket: this.bucket,
          Key: this.key,
          ContentType: this.contentType,
        }),
      )
    ).UploadId;
    const answer = await s3.send(
      new UploadPartCommand({
        Bucket: this.bucket,
        Key: this.key,
        UploadId: this.uploadId,
        PartNumber: number,
        Body: body,
        ContentLength: body.length,
      }),
    );
    this.parts.push({ PartNumber: number, ETag: answer.ETag ?? '' });
  }
}
