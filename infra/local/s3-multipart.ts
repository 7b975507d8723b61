import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * S3's multipart rules, which s3rver 3.7 does not check: it streams whatever part files exist into the
 * object, so a part that was never uploaded made the read stream emit ENOENT with no listener and took
 * the whole local stack down, and a wrong ETag completed with 200. Here, as S3 documents for
 * CompleteMultipartUpload / UploadPart:
 *  - an unknown or finished upload id                → 404 NoSuchUpload
 *  - parts not in ascending order                    → 400 InvalidPartOrder
 *  - a part never uploaded, or an ETag that differs  → 400 InvalidPart
 *  - a part other than the last below 5 MiB          → 400 EntityTooSmall
 * and the object's ETag is S3's multipart form (MD5 of the parts' MD5s, `-<count>`). Every file
 * operation is awaited, so a part removed mid-way (two Completes racing) is an error answer, never an
 * unhandled stream error.
 */

/** The parts of s3rver's FilesystemStore this replaces or uses (it ships no types). */
export interface FilesystemStore {
  getResourcePath(bucket: string, key: string | undefined, resource: string): string;
  putMetadata(bucket: string, key: string, metadata: Record<string, string>, md5: string): Promise<void>;
  putPart(
    bucket: string,
    uploadId: string,
    partNumber: string | number,
    content: Readable,
  ): Promise<PartResult>;
  putObjectMultipart(bucket: string, uploadId: string, parts: CompletedPart[]): Promise<PartResult>;
}

interface PartResult {
  size: number;
  md5: string;
}

/** What s3rver's controller passes from the CompleteMultipartUpload body (quotes already removed). */
interface CompletedPart {
  number: number;
  etag: string;
}

type S3ErrorClass = new (code: string, message: string, detail?: Record<string, string | number>) => Error;

const require = createRequire(import.meta.url);
const S3Error = require('s3rver/lib/models/error') as S3ErrorClass;
const S3Object = require('s3rver/lib/models/object') as new (
  bucket: string,
  key: string,
  content: null,
  metadata: Record<string, string>,
) => { metadata: Record<string, string> };

/** S3's minimum size of every part but the last. */
export const MIN_PART_SIZE = 5 * 1024 * 1024;
const MAX_PART_NUMBER = 10_000;

const noSuchUpload = (uploadId: string) =>
  new S3Error(
    'NoSuchUpload',
    'The specified upload does not exist. The upload ID may be invalid, or the upload may have been aborted or completed.',
    { UploadId: uploadId },
  );

const invalidPart = (uploadId: string, part: CompletedPart) =>
  new S3Error(
    'InvalidPart',
    "One or more of the specified parts could not be found. The part may not have been uploaded, or the specified entity tag may not match the part's entity tag.",
    { UploadId: uploadId, PartNumber: part.number, ETag: part.etag },
  );

function isMissing(error: unknown): boolean {
  const code = (error as { code?: string }).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

async function readText(file: string): Promise<string | undefined> {
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

export function strictMultipart(store: FilesystemStore): void {
  const uploadDir = (bucket: string, uploadId: string) => {
    // The upload id names a directory: anything but s3rver's hex ids could step outside it.
    if (!/^[0-9a-f]{1,64}$/i.test(uploadId)) throw noSuchUpload(uploadId);
    return path.join(store.getResourcePath(bucket, undefined, 'uploads'), uploadId);
  };

  store.putPart = async (bucket, uploadId, partNumber, content) => {
    const dir = uploadDir(bucket, uploadId);
    const number = Number(partNumber);
    if (!Number.isInteger(number) || number < 1 || number > MAX_PART_NUMBER) {
      throw new S3Error('InvalidArgument', 'Part number must be an integer between 1 and 10000, inclusive', {
        ArgumentName: 'partNumber',
        ArgumentValue: String(partNumber),
      });
    }
    if ((await readText(path.join(dir, 'key'))) === undefined) throw noSuchUpload(uploadId);
    // A part stored while a Complete removes the directory must fail as NoSuchUpload, not crash.
    const partPath = path.join(dir, String(number));
    const temp = `${partPath}.${randomBytes(6).toString('hex')}.partial`;
    const md5 = createHash('md5');
    let size = 0;
    try {
      await pipeline(
        content,
        new Transform({
          transform(chunk: Buffer, _encoding, callback) {
            md5.update(chunk);
            size += chunk.length;
            callback(null, chunk);
          },
        }),
        createWriteStream(temp),
      );
      const digest = md5.digest('hex');
      await rename(temp, partPath);
      await writeFile(`${partPath}.md5`, digest);
      return { size, md5: digest };
    } catch (error) {
      await rm(temp, { force: true });
      if (isMissing(error)) throw noSuchUpload(uploadId);
      throw error;
    }
  };

  store.putObjectMultipart = async (bucket, uploadId, parts) => {
    const dir = uploadDir(bucket, uploadId);
    const [key, metadataText] = await Promise.all([
      readText(path.join(dir, 'key')),
      readText(path.join(dir, 'metadata')),
    ]);
    if (key === undefined || metadataText === undefined) throw noSuchUpload(uploadId);

    const sizes: number[] = [];
    const digests: Buffer[] = [];
    for (const [index, part] of parts.entries()) {
      if (!Number.isInteger(part.number) || part.number < 1 || part.number > MAX_PART_NUMBER)
        throw invalidPart(uploadId, part);
      if (index > 0 && part.number <= parts[index - 1]!.number) {
        throw new S3Error(
          'InvalidPartOrder',
          'The list of parts was not in ascending order. The parts list must be specified in order by part number.',
          { UploadId: uploadId },
        );
      }
      const file = path.join(dir, String(part.number));
      const recorded = await readText(`${file}.md5`);
      if (recorded === undefined || recorded !== part.etag.toLowerCase()) throw invalidPart(uploadId, part);
      try {
        sizes.push((await stat(file)).size);
      } catch (error) {
        if (isMissing(error)) throw invalidPart(uploadId, part);
        throw error;
      }
      digests.push(Buffer.from(recorded, 'hex'));
    }
    for (const [index, size] of sizes.entries()) {
      if (index < sizes.length - 1 && size < MIN_PART_SIZE) {
        const part = parts[index]!;
        throw new S3Error(
          'EntityTooSmall',
          'Your proposed upload is smaller than the minimum allowed object size.',
          {
            ProposedSize: size,
            MinSizeAllowed: MIN_PART_SIZE,
            PartNumber: part.number,
            ETag: part.etag,
          },
        );
      }
    }

    const object = new S3Object(bucket, key, null, JSON.parse(metadataText) as Record<string, string>);
    const objectPath = store.getResourcePath(bucket, key, 'object');
    await mkdir(path.dirname(objectPath), { recursive: true });
    const temp = `${objectPath}.${randomBytes(6).toString('hex')}.partial`;
    let size = 0;
    try {
      const files = parts.map((part) => path.join(dir, String(part.number)));
      await pipeline(
        Readable.from(
          (async function* () {
            for (const file of files) for await (const chunk of createReadStream(file)) yield chunk as Buffer;
          })(),
        ),
        new Transform({
          transform(chunk: Buffer, _encoding, callback) {
            size += chunk.length;
            callback(null, chunk);
          },
        }),
        createWriteStream(temp),
      );
      await rename(temp, objectPath);
    } catch (error) {
      await rm(temp, { force: true });
      // The parts vanished mid-way: another Complete (or an abort) finished this upload first.
      if (isMissing(error)) throw noSuchUpload(uploadId);
      throw error;
    }
    // S3's multipart ETag: the MD5 of the concatenated binary part MD5s, then the part count.
    const etag = `${createHash('md5').update(Buffer.concat(digests)).digest('hex')}-${parts.length}`;
    await store.putMetadata(bucket, key, object.metadata, etag);
    await rm(dir, { recursive: true, force: true });
    return { size, md5: etag };
  };
}
