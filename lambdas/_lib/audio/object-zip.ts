import { strToU8, Zip, ZipPassThrough } from 'fflate';
import { MultipartObjectWriter, objectSource } from './object-io';

/**
 * A stored (not deflated) ZIP of S3 objects, streamed to S3 in multipart parts: each entry's object is
 * read chunk by chunk through fflate's `ZipPassThrough` (CRC computed on the way, sizes in a data
 * descriptor after the data), so memory is one part buffer plus a read chunk whatever the archive's size.
 * WAV stems are large PCM that deflate barely shrinks; storing keeps it fast.
 *
 * fflate writes no ZIP64 records: sizes and offsets are 32-bit, so an archive past 4 GiB (or with more
 * than 65 535 entries) is refused with `ZipTooLarge` before the bytes that would overflow are written,
 * never stored broken. On any failure the multipart upload is aborted: no object appears at the key.
 */

export type ZipEntry = { name: string } & ({ key: string } | { bytes: Uint8Array });

/** The largest archive (and entry) without ZIP64: 32-bit sizes and offsets. */
export const ZIP32_MAX_BYTES = 0xffff_ffff;
const ZIP32_MAX_ENTRIES = 0xffff;

const LOCAL_HEADER = 30;
const DATA_DESCRIPTOR = 16;
const CENTRAL_HEADER = 46;
const END_OF_CENTRAL_DIRECTORY = 22;

export class ZipTooLarge extends Error {
  constructor(readonly bytes: number) {
    super(`The ZIP would be ${bytes} bytes; without ZIP64 the limit is ${ZIP32_MAX_BYTES}.`);
    this.name = 'ZipTooLarge';
  }
}

/** The stored archive's size: per entry a local header, the data and a data descriptor; then the index. */
export function storedZipBytes(entries: { name: string; size: number }[]): number {
  return entries.reduce((sum, entry) => {
    const name = strToU8(entry.name).length;
    return sum + LOCAL_HEADER + name + entry.size + DATA_DESCRIPTOR + CENTRAL_HEADER + name;
  }, END_OF_CENTRAL_DIRECTORY);
}

/** Writes the entries, in order, as one stored ZIP at `key`; answers the archive's size. */
export async function writeStoredZip(bucket: string, key: string, entries: ZipEntry[]): Promise<number> {
  if (entries.length > ZIP32_MAX_ENTRIES) throw new ZipTooLarge(Number.POSITIVE_INFINITY);
  const writer = new MultipartObjectWriter(bucket, key, 'application/zip');
  // fflate answers synchronously from push(); its chunks are queued here and written (awaited) after.
  const pending: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure ??= error;
    else pending.push(chunk);
  });
  const drain = async () => {
    if (failure) throw failure;
    for (let chunk = pending.shift(); chunk; chunk = pending.shift()) await writer.write(chunk);
  };
  // The index's size is known from the names alone; each entry's size is checked when its object opens.
  let archiveBytes = storedZipBytes(entries.map((entry) => ({ name: entry.name, size: 0 })));
  const plan = (size: number) => {
    archiveBytes += size;
    if (archiveBytes > ZIP32_MAX_BYTES) throw new ZipTooLarge(archiveBytes);
  };
  try {
    for (const entry of entries) {
      const file = new ZipPassThrough(entry.name);
      zip.add(file);
      if ('bytes' in entry) {
        plan(entry.bytes.length);
        file.push(entry.bytes, true);
      } else {
        const source = await objectSource(bucket, entry.key);
        let planned = false;
        for await (const chunk of source.chunks) {
          // Checked inside the loop: leaving it by a throw closes the object's connection.
          if (!planned) plan(source.size);
          planned = true;
          file.push(chunk);
          await drain();
        }
        file.push(new Uint8Array(0), true);
      }
      await drain();
    }
    zip.end();
    await drain();
    // An object longer than its Content-Length said would have overflowed an offset: never store it.
    if (writer.bytesWritten > ZIP32_MAX_BYTES) throw new ZipTooLarge(writer.bytesWritten);
    await writer.finish();
    return writer.bytesWritten;
  } catch (error) {
    zip.terminate();
    await writer.abort().catch(() => undefined);
    throw error;
  }
}
