import { crc32 } from 'node:zlib';
import { MultipartObjectWriter, objectSource } from './object-io';

/**
 * A stored (not deflated) ZIP of S3 objects, streamed to S3 in multipart parts, so memory is one part
 * buffer plus a read chunk whatever the archive's size. WAV stems are large PCM that deflate barely
 * shrinks; storing keeps it fast.
 *
 * Every local header carries the entry's CRC-32 and sizes (general-purpose bit 3 clear, no data
 * descriptor): Java's `ZipInputStream` (many Java tools and plug-in managers) refuses a stored entry with
 * a descriptor, and fflate's streaming `Zip` always writes one. Sizes are known before reading
 * (Content-Length, `bytes.length`); the CRC of an object is not, so each object is read twice: once for
 * its CRC, then again into the archive. That costs a second GET but holds no object in memory, keeps
 * `storedZipBytes` exact and gives a plain stored ZIP that every reader takes. (fflate's deflate at level
 * 0 would let Java accept a descriptor, but its block framing follows the read chunks, so the size could
 * not be predicted; patching headers in held-back parts would need up to two parts per open entry.) An
 * object that changes between the two reads (ETag, size or CRC) fails with `ZipSourceChanged` instead of
 * leaving a header that lies about its data.
 *
 * No ZIP64: sizes and offsets are 32-bit, so an archive past 4 GiB (or with more than 65 535 entries) is
 * refused with `ZipTooLarge` before the bytes that would overflow are written, never stored broken. On
 * any failure the multipart upload is aborted: no object appears at the key.
 */

export type ZipEntry = { name: string } & ({ key: string } | { bytes: Uint8Array });

/** The largest archive (and entry) without ZIP64: 32-bit sizes and offsets. */
export const ZIP32_MAX_BYTES = 0xffff_ffff;
const ZIP32_MAX_ENTRIES = 0xffff;
const NAME_MAX_BYTES = 0xffff;

const LOCAL_HEADER = 30;
const CENTRAL_HEADER = 46;
const END_OF_CENTRAL_DIRECTORY = 22;
/** ZIP 2.0, as fflate wrote; made by MS-DOS (no Unix modes to carry). */
const VERSION = 20;
/** General-purpose bit 11: the name is UTF-8 (set only when it is not plain ASCII, as fflate did). */
const UTF8_NAME = 0x0800;

export class ZipTooLarge extends Error {
  constructor(readonly bytes: number) {
    super(`The ZIP would be ${bytes} bytes; without ZIP64 the limit is ${ZIP32_MAX_BYTES}.`);
    this.name = 'ZipTooLarge';
  }
}

/** An object was replaced (or cut short) between the read for its CRC and the read into the archive. */
export class ZipSourceChanged extends Error {
  constructor(readonly key: string) {
    super(`${key} changed while it was being zipped; no ZIP was stored.`);
    this.name = 'ZipSourceChanged';
  }
}

const utf8 = new TextEncoder();

/** The stored archive's size: per entry a local header and the data; then the central directory. */
export function storedZipBytes(entries: { name: string; size: number }[]): number {
  return entries.reduce((sum, entry) => {
    const name = utf8.encode(entry.name).length;
    return sum + LOCAL_HEADER + name + entry.size + CENTRAL_HEADER + name;
  }, END_OF_CENTRAL_DIRECTORY);
}

interface Written {
  name: Uint8Array;
  flags: number;
  crc: number;
  size: number;
  offset: number;
}

/** Writes the entries, in order, as one stored ZIP at `key`; answers the archive's size. */
export async function writeStoredZip(bucket: string, key: string, entries: ZipEntry[]): Promise<number> {
  if (entries.length > ZIP32_MAX_ENTRIES) throw new ZipTooLarge(Number.POSITIVE_INFINITY);
  for (const entry of entries)
    if (utf8.encode(entry.name).length > NAME_MAX_BYTES)
      throw new Error(`ZIP entry name too long: ${entry.name}`);
  const time = dosTime(new Date());
  const writer = new MultipartObjectWriter(bucket, key, 'application/zip');
  // The index's size is known from the names alone; each entry's size is checked when its object opens.
  let archiveBytes = storedZipBytes(entries.map((entry) => ({ name: entry.name, size: 0 })));
  const plan = (size: number) => {
    archiveBytes += size;
    if (archiveBytes > ZIP32_MAX_BYTES) throw new ZipTooLarge(archiveBytes);
  };
  const written: Written[] = [];
  try {
    for (const entry of entries) {
      const name = utf8.encode(entry.name);
      const flags = name.length === entry.name.length ? 0 : UTF8_NAME;
      const offset = writer.bytesWritten;
      if ('bytes' in entry) {
        plan(entry.bytes.length);
        const file = { name, flags, crc: crc32(entry.bytes), size: entry.bytes.length, offset };
        await writer.write(localHeader(file, time));
        await writer.write(entry.bytes);
        written.push(file);
        continue;
      }
      const first = await readObject(bucket, entry.key, undefined, plan);
      const file = { name, flags, crc: first.crc, size: first.size, offset };
      await writer.write(localHeader(file, time));
      const sameSize = (size: number) => {
        if (size !== first.size) throw new ZipSourceChanged(entry.key);
      };
      const second = await readObject(bucket, entry.key, first.etag, sameSize, (chunk) =>
        writer.write(chunk),
      );
      if (second.crc !== first.crc || second.etag !== first.etag) throw new ZipSourceChanged(entry.key);
      written.push(file);
    }
    const directoryOffset = writer.bytesWritten;
    for (const file of written) await writer.write(centralHeader(file, time));
    await writer.write(
      endOfCentralDirectory(written.length, writer.bytesWritten - directoryOffset, directoryOffset),
    );
    // The header sizes and offsets were planned from the sizes above; a mismatch would mean a broken index.
    if (writer.bytesWritten !== archiveBytes)
      throw new Error(`ZIP size ${writer.bytesWritten} differs from the planned ${archiveBytes}`);
    await writer.finish();
    return writer.bytesWritten;
  } catch (error) {
    await writer.abort().catch(() => undefined);
    throw error;
  }
}

/**
 * Reads one object chunk by chunk, answering its size, CRC-32 and ETag. `opened` sees the Content-Length
 * before any byte is used; with `ifMatch` S3 refuses a replaced object (412) before sending it.
 */
async function readObject(
  bucket: string,
  key: string,
  ifMatch: string | undefined,
  opened: (size: number) => void,
  each?: (chunk: Uint8Array) => Promise<void>,
): Promise<{ size: number; crc: number; etag: string | undefined }> {
  const source = await objectSource(bucket, key, key, { ifMatch }).catch((error: unknown) => {
    if (ifMatch && error instanceof Error && error.name === 'PreconditionFailed')
      throw new ZipSourceChanged(key);
    throw error;
  });
  let size = 0;
  let crc = 0;
  let checked = false;
  for await (const chunk of source.chunks) {
    // Checked inside the loop: leaving it by a throw closes the object's connection.
    if (!checked) opened(source.size);
    checked = true;
    size += chunk.length;
    crc = crc32(chunk, crc);
    await each?.(chunk);
  }
  if (!checked) opened(source.size);
  // A body shorter or longer than its Content-Length would misplace every later offset.
  if (size !== source.size) throw new ZipSourceChanged(key);
  return { size, crc, etag: source.etag };
}

/** MS-DOS date and time (2-second steps, local time as fflate wrote): [time, date]. */
function dosTime(at: Date): [number, number] {
  const time = (at.getHours() << 11) | (at.getMinutes() << 5) | (at.getSeconds() >> 1);
  const date = ((at.getFullYear() - 1980) << 9) | ((at.getMonth() + 1) << 5) | at.getDate();
  return [time, date];
}

function localHeader(file: Written, [time, date]: [number, number]): Uint8Array {
  const out = new Uint8Array(LOCAL_HEADER + file.name.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, 0x04034b50, true);
  view.setUint16(4, VERSION, true);
  view.setUint16(6, file.flags, true);
  view.setUint16(8, 0, true); // stored
  view.setUint16(10, time, true);
  view.setUint16(12, date, true);
  view.setUint32(14, file.crc, true);
  view.setUint32(18, file.size, true);
  view.setUint32(22, file.size, true);
  view.setUint16(26, file.name.length, true);
  view.setUint16(28, 0, true);
  out.set(file.name, LOCAL_HEADER);
  return out;
}

function centralHeader(file: Written, [time, date]: [number, number]): Uint8Array {
  const out = new Uint8Array(CENTRAL_HEADER + file.name.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, 0x02014b50, true);
  view.setUint16(4, VERSION, true);
  view.setUint16(6, VERSION, true);
  view.setUint16(8, file.flags, true);
  view.setUint16(10, 0, true);
  view.setUint16(12, time, true);
  view.setUint16(14, date, true);
  view.setUint32(16, file.crc, true);
  view.setUint32(20, file.size, true);
  view.setUint32(24, file.size, true);
  view.setUint16(28, file.name.length, true);
  // Extra field, comment, disk number, attributes: all zero.
  view.setUint32(42, file.offset, true);
  out.set(file.name, CENTRAL_HEADER);
  return out;
}

function endOfCentralDirectory(count: number, size: number, offset: number): Uint8Array {
  const out = new Uint8Array(END_OF_CENTRAL_DIRECTORY);
  const view = new DataView(out.buffer);
  view.setUint32(0, 0x06054b50, true);
  view.setUint16(8, count, true);
  view.setUint16(10, count, true);
  view.setUint32(12, size, true);
  view.setUint32(16, offset, true);
  return out;
}
