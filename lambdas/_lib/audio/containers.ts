import { id3v2Length, isMpegFrameHeader } from '../../../shared/audio/formats';

/**
 * What a container says about its own length, read without decoding, so the decoder can tell a file
 * that ends early (an interrupted copy) from a short one: FLAC's STREAMINFO, the Xing/Info or VBRI frame
 * LAME and most encoders put first in an MP3, and the end-of-stream flag of an Ogg stream's last page.
 */

/** Total samples per channel from FLAC's STREAMINFO (0 = unknown), or null when `head` has none. */
export function flacTotalSamples(head: Uint8Array): number | null {
  const at = id3v2Length(head);
  if (head.length < at + 8 + 18 || String.fromCharCode(...head.subarray(at, at + 4)) !== 'fLaC') return null;
  const body = at + 8; // 'fLaC' + the metadata block header; STREAMINFO is always the first block
  const high = head[body + 13]! & 0x0f;
  const low =
    ((head[body + 14]! << 24) | (head[body + 15]! << 16) | (head[body + 16]! << 8) | head[body + 17]!) >>> 0;
  return high * 2 ** 32 + low;
}

const MPEG_RATES = [
  [11025, 12000, 8000], // MPEG 2.5
  [0, 0, 0],
  [22050, 24000, 16000], // MPEG 2
  [44100, 48000, 32000], // MPEG 1
];

/** Samples per channel of one frame, by version bits and layer bits. */
function samplesPerFrame(version: number, layer: number): number {
  if (layer === 3) return 384; // layer I
  if (layer === 2) return 1152; // layer II
  return version === 3 ? 1152 : 576; // layer III
}

export interface MpegHeaderInfo {
  sampleRate: number;
  samplesPerFrame: number;
  /** Frames the Xing/Info/VBRI header declares, or null without one. */
  declaredFrames: number | null;
}

/** The first frame after any ID3 tag and what its Xing/Info/VBRI header declares (null: no frame here). */
export function mpegHeaderInfo(head: Uint8Array): MpegHeaderInfo | null {
  let at = id3v2Length(head);
  const limit = Math.min(head.length - 4, at + 16384);
  while (at <= limit && !isMpegFrameHeader(head, at)) at++;
  if (at > limit) return null;
  const version = (head[at + 1]! >> 3) & 3;
  const layer = (head[at + 1]! >> 1) & 3;
  const sampleRate = MPEG_RATES[version]![(head[at + 2]! >> 2) & 3]!;
  const mono = head[at + 3]! >> 6 === 3;
  const spf = samplesPerFrame(version, layer);
  const sideInfo = version === 3 ? (mono ? 17 : 32) : mono ? 9 : 17;
  const xing = at + 4 + sideInfo;
  const read32 = (p: number) =>
    p + 4 <= head.length
      ? ((head[p]! << 24) | (head[p + 1]! << 16) | (head[p + 2]! << 8) | head[p + 3]!) >>> 0
      : 0;
  const tag = String.fromCharCode(...head.subarray(xing, xing + 4));
  let declaredFrames: number | null = null;
  if ((tag === 'Xing' || tag === 'Info') && read32(xing + 4) & 1) declaredFrames = read32(xing + 8) || null;
  const vbri = at + 4 + 32;
  if (String.fromCharCode(...head.subarray(vbri, vbri + 4)) === 'VBRI')
    declaredFrames = read32(vbri + 14) || null;
  return { sampleRate, samplesPerFrame: spf, declaredFrames };
}

/**
 * Follows an Ogg stream's pages as its bytes go by (only the 27-byte headers and segment tables are
 * looked at): whether the stream reached its last page (end-of-stream flag) and that page's granule
 * position (the stream's length in samples for Vorbis).
 */
export class OggPageWatcher {
  private header = new Uint8Array(27 + 255);
  private headerFill = 0;
  private need = 27;
  private skip = 0;
  private lastPage = false;
  private lastGranule = -1;
  private broken = false;
  private pages = 0;

  push(bytes: Uint8Array): void {
    let at = 0;
    while (at < bytes.length && !this.broken) {
      if (this.skip > 0) {
        const n = Math.min(this.skip, bytes.length - at);
        this.skip -= n;
        at += n;
        continue;
      }
      const n = Math.min(this.need - this.headerFill, bytes.length - at);
      this.header.set(bytes.subarray(at, at + n), this.headerFill);
      this.headerFill += n;
      at += n;
      if (this.headerFill < this.need) continue;
      if (this.need === 27) {
        if (String.fromCharCode(...this.header.subarray(0, 4)) !== 'OggS') {
          this.broken = true;
          return;
        }
        this.need = 27 + this.header[26]!;
        if (this.need > 27) continue;
      }
      let body = 0;
      for (let i = 27; i < this.need; i++) body += this.header[i]!;
      this.lastPage = (this.header[5]! & 4) !== 0;
      const view = new DataView(this.header.buffer);
      this.lastGranule = Number(view.getBigInt64(6, true));
      this.pages++;
      this.skip = body;
      this.headerFill = 0;
      this.need = 27;
    }
  }

  /** Whether the bytes seen end exactly after a page flagged as the stream's last. */
  get complete(): boolean {
    return !this.broken && this.lastPage && this.skip === 0 && this.headerFill === 0;
  }

  /** Whether something other than an Ogg page was found where a page should start. */
  get malformed(): boolean {
    return this.broken;
  }

  get granule(): number {
    return this.lastGranule;
  }
}
