import type { ApiErrorCode } from '../i18n/api-errors/pt-BR';

/**
 * The audio formats the platform decodes (lambdas/_lib/audio/decode.ts) and how a file's first bytes tell
 * them apart. Pure, so the browser checks a file the same way before uploading it and the server before
 * starting a job.
 */

/** What the server decodes: WAV (PCM 8–32-bit or float, any rate), MP3, FLAC (native or in Ogg) and Ogg Vorbis. */
export const DECODED_FORMATS = ['wav', 'mp3', 'flac', 'ogg'] as const;
export type DecodedFormat = (typeof DECODED_FORMATS)[number];

/** Formats recognised but not decoded (no maintained decoder the product can ship; see docs/audio.md). */
export type UnsupportedFormat = 'aac' | 'm4a' | 'opus' | 'aiff' | 'wma' | 'webm' | 'rf64';

export type SniffedFormat = DecodedFormat | UnsupportedFormat | 'unknown';

/** The file input's `accept`: the decoded formats by extension and type. */
export const ACCEPTED_AUDIO =
  '.wav,.mp3,.flac,.ogg,.oga,audio/wav,audio/x-wav,audio/mpeg,audio/flac,audio/ogg';

/**
 * Error codes of the decode path ({error:{code,message}}); each has its message in the API error
 * catalogues (shared/i18n/api-errors), which the web shows in the user's language.
 */
export const AudioErrorCode = {
  /** A format the platform does not decode (AAC/M4A, Opus, AIFF...) or not audio at all: 415. */
  Unsupported: 'UNSUPPORTED_AUDIO',
  /** The file says it is WAV/MP3/FLAC/OGG but its content cannot be decoded: 422. */
  Corrupt: 'AUDIO_CORRUPT',
  /** The file ends before the length its header declares (an interrupted copy or download): 422. */
  Truncated: 'AUDIO_TRUNCATED',
  /** Decodable but holds no samples (or under the length a feature needs): 422. */
  Empty: 'AUDIO_EMPTY',
} as const satisfies Record<string, ApiErrorCode>;
export type AudioErrorCode = (typeof AudioErrorCode)[keyof typeof AudioErrorCode];

export const AUDIO_ERROR_CODES: readonly string[] = Object.values(AudioErrorCode);

const ascii = (bytes: Uint8Array, at: number, length: number) =>
  String.fromCharCode(...bytes.subarray(at, at + length));

/** Length of an ID3v2 tag at the start (header + syncsafe size + optional footer), else 0. */
export function id3v2Length(bytes: Uint8Array): number {
  if (bytes.length < 10 || ascii(bytes, 0, 3) !== 'ID3') return 0;
  const size =
    ((bytes[6]! & 0x7f) << 21) | ((bytes[7]! & 0x7f) << 14) | ((bytes[8]! & 0x7f) << 7) | (bytes[9]! & 0x7f);
  const footer = bytes[5]! & 0x10 ? 10 : 0;
  return 10 + size + footer;
}

/** An MPEG audio frame header (layer I, II or III; not ADTS AAC, whose layer bits are 00) at `at`. */
export function isMpegFrameHeader(bytes: Uint8Array, at: number): boolean {
  if (at + 4 > bytes.length) return false;
  const b1 = bytes[at + 1]!;
  const b2 = bytes[at + 2]!;
  return (
    bytes[at] === 0xff &&
    (b1 & 0xe0) === 0xe0 &&
    ((b1 >> 3) & 3) !== 1 && // reserved version
    ((b1 >> 1) & 3) !== 0 && // layer 00 is ADTS
    b2 >> 4 !== 15 && // bad bitrate
    ((b2 >> 2) & 3) !== 3 // reserved sample rate
  );
}

function isAdts(bytes: Uint8Array, at: number): boolean {
  return at + 2 <= bytes.length && bytes[at] === 0xff && (bytes[at + 1]! & 0xf6) === 0xf0;
}

/**
 * The format of a file from its first bytes (64 KiB is plenty; an ID3 tag larger than what is given
 * leaves the answer to the name). `name` only breaks ties for headerless MPEG streams.
 */
export function sniffAudioFormat(head: Uint8Array, name = ''): SniffedFormat {
  if (head.length >= 12 && ascii(head, 8, 4) === 'WAVE') {
    const riff = ascii(head, 0, 4);
    if (riff === 'RIFF' || riff === 'RIFX') return 'wav';
    if (riff === 'RF64' || riff === 'BW64') return 'rf64';
  }
  if (ascii(head, 0, 4) === 'fLaC') return 'flac';
  if (ascii(head, 0, 4) === 'OggS') {
    // The first page carries the codec's identification packet right after its segment table.
    const segments = head[26] ?? 0;
    const packet = ascii(head, 27 + segments, 8);
    if (packet.startsWith('\x01vorbis')) return 'ogg';
    if (packet.startsWith('OpusHead')) return 'opus';
    if (packet.startsWith('\x7fFLAC')) return 'flac';
    return head.length >= 27 + segments + 8 ? 'unknown' : 'ogg';
  }
  if (ascii(head, 4, 4) === 'ftyp') return 'm4a';
  if (ascii(head, 0, 4) === 'FORM' && /^AIF[FC]$/.test(ascii(head, 8, 4))) return 'aiff';
  if (head[0] === 0x30 && head[1] === 0x26 && head[2] === 0xb2 && head[3] === 0x75) return 'wma';
  if (head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) return 'webm';
  const tag = id3v2Length(head);
  if (tag > 0) {
    if (tag + 4 > head.length)
      return /\.flac$/i.test(name) ? 'flac' : /\.(aac|m4a)$/i.test(name) ? 'aac' : 'mp3';
    if (ascii(head, tag, 4) === 'fLaC') return 'flac';
    if (isAdts(head, tag)) return 'aac';
    return 'mp3';
  }
  if (isAdts(head, 0)) return 'aac';
  if (isMpegFrameHeader(head, 0)) return 'mp3';
  // Some MP3s start with junk before the first frame: trust the name when a frame follows soon.
  if (/\.(mp3|mp2|mpga)$/i.test(name)) {
    for (let at = 1; at + 4 <= Math.min(head.length, 16384); at++)
      if (isMpegFrameHeader(head, at)) return 'mp3';
  }
  return 'unknown';
}

export function isDecodedFormat(format: SniffedFormat): format is DecodedFormat {
  return (DECODED_FORMATS as readonly string[]).includes(format);
}
