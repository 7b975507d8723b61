/**
 * WAV (RIFF/WAVE) encode and decode, pure TypeScript over Uint8Array/DataView so it runs in Lambdas and
 * in the browser alike. Audio in memory is planar float (one Float32Array per channel, -1..1).
 * Reads PCM 8/16/24/32-bit integer and 32/64-bit float (also inside WAVE_FORMAT_EXTENSIBLE); writes
 * PCM 16-bit (or 24-bit, or 32-bit float).
 */

export interface PcmAudio {
  sampleRate: number;
  /** One buffer per channel, all the same length, samples in -1..1. */
  channels: Float32Array[];
}

export interface WavInfo {
  /** 1 = integer PCM, 3 = IEEE float (extensible files report their sub-format here). */
  format: 1 | 3;
  channels: number;
  sampleRate: number;
  bitsPerSample: number;
  /** Bytes per frame (all channels of one sample instant). */
  blockAlign: number;
  /** Byte offset of the first sample in the file. */
  dataOffset: number;
  /** Bytes of sample data actually present (a truncated file reports what is there). */
  dataBytes: number;
  /** Bytes the data chunk declares; null when the writer did not know it (0 or 0xFFFFFFFF). */
  declaredDataBytes: number | null;
  frames: number;
}

/** Thrown for anything that is not a WAV we can read; `message` says what is wrong. */
export class WavFormatError extends Error {
  override name = 'WavFormatError';
  /** 'unsupported': a valid WAV in an encoding we do not read (ADPCM, µ-law...); else malformed. */
  constructor(
    message: string,
    readonly reason: 'malformed' | 'unsupported' = 'malformed',
  ) {
    super(message);
  }
}

const FORMAT_PCM = 1;
const FORMAT_FLOAT = 3;
const FORMAT_EXTENSIBLE = 0xfffe;

function fourcc(bytes: Uint8Array, at: number): string {
  return String.fromCharCode(bytes[at] ?? 0, bytes[at + 1] ?? 0, bytes[at + 2] ?? 0, bytes[at + 3] ?? 0);
}

/** Parses the RIFF header and chunk list; does not touch the samples. */
export function readWavInfo(bytes: Uint8Array): WavInfo {
  if (bytes.length < 12 || fourcc(bytes, 0) !== 'RIFF' || fourcc(bytes, 8) !== 'WAVE') {
    throw new WavFormatError('Not a WAV file: missing RIFF/WAVE header.');
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 12;
  let fmt: Omit<WavInfo, 'dataOffset' | 'dataBytes' | 'declaredDataBytes' | 'frames'> | undefined;
  while (at + 8 <= bytes.length) {
    const id = fourcc(bytes, at);
    const size = view.getUint32(at + 4, true);
    const body = at + 8;
    if (id === 'fmt ') {
      if (size < 16 || body + 16 > bytes.length) throw new WavFormatError('WAV fmt chunk is too short.');
      let format = view.getUint16(body, true);
      const channels = view.getUint16(body + 2, true);
      const sampleRate = view.getUint32(body + 4, true);
      const blockAlign = view.getUint16(body + 12, true);
      const bitsPerSample = view.getUint16(body + 14, true);
      if (format === FORMAT_EXTENSIBLE) {
        if (size < 40 || body + 26 > bytes.length)
          throw new WavFormatError('WAV extensible fmt chunk is too short.');
        format = view.getUint16(body + 24, true); // first two bytes of the sub-format GUID
      }
      if (format !== FORMAT_PCM && format !== FORMAT_FLOAT) {
        throw new WavFormatError(
          `Unsupported WAV encoding (format tag ${format}); only PCM and float are read.`,
          'unsupported',
        );
      }
      const intOk = format === FORMAT_PCM && [8, 16, 24, 32].includes(bitsPerSample);
      const floatOk = format === FORMAT_FLOAT && (bitsPerSample === 32 || bitsPerSample === 64);
      if (!intOk && !floatOk)
        throw new WavFormatError(`Unsupported WAV sample size: ${bitsPerSample} bits.`, 'unsupported');
      if (channels < 1) throw new WavFormatError('WAV declares no channels.');
      if (sampleRate < 1) throw new WavFormatError('WAV declares a zero sample rate.');
      if (blockAlign !== (channels * bitsPerSample) / 8)
        throw new WavFormatError('WAV block align is inconsistent.');
      fmt = { format, channels, sampleRate, bitsPerSample, blockAlign };
    } else if (id === 'data') {
      if (!fmt) throw new WavFormatError('WAV data chunk comes before its fmt chunk.');
      // Streams written before their length was known carry 0 or 0xFFFFFFFF: take what is present.
      const known = size !== 0 && size !== 0xffffffff;
      const declared = known ? size : bytes.length - body;
      const present = Math.min(declared, bytes.length - body);
      const frames = Math.floor(present / fmt.blockAlign);
      return {
        ...fmt,
        dataOffset: body,
        dataBytes: frames * fmt.blockAlign,
        declaredDataBytes: known ? size : null,
        frames,
      };
    }
    at = body + size + (size & 1); // chunks are word-aligned
  }
  throw new WavFormatError(fmt ? 'WAV has no data chunk.' : 'WAV has no fmt chunk.');
}

/**
 * Decodes `count` frames starting at frame `start` into `out` (one array per channel of the file,
 * written from index `outOffset`). Lets a caller walk a long file in blocks.
 */
export function readWavFrames(
  bytes: Uint8Array,
  info: WavInfo,
  start: number,
  count: number,
  out: Float32Array[],
  outOffset = 0,
): void {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const { channels, bitsPerSample, format, blockAlign } = info;
  const bytesPer = bitsPerSample / 8;
  for (let c = 0; c < channels; c++) {
    const dst = out[c];
    if (!dst) throw new RangeError(`readWavFrames: no output buffer for channel ${c}`);
    let p = info.dataOffset + start * blockAlign + c * bytesPer;
    if (format === FORMAT_FLOAT) {
      for (let i = 0; i < count; i++, p += blockAlign) {
        const v = bitsPerSample === 32 ? view.getFloat32(p, true) : view.getFloat64(p, true);
        dst[outOffset + i] = Number.isFinite(v) ? v : 0; // NaN/Inf would poison every later computation
      }
    } else if (bitsPerSample === 16) {
      for (let i = 0; i < count; i++, p += blockAlign) dst[outOffset + i] = view.getInt16(p, true) / 32768;
    } else if (bitsPerSample === 24) {
      for (let i = 0; i < count; i++, p += blockAlign) {
        const v = (bytes[p]! | (bytes[p + 1]! << 8) | (bytes[p + 2]! << 16)) << 8; // sign-extend via << 8 >> 8
        dst[outOffset + i] = (v >> 8) / 8388608;
      }
    } else if (bitsPerSample === 32) {
      for (let i = 0; i < count; i++, p += blockAlign)
        dst[outOffset + i] = view.getInt32(p, true) / 2147483648;
    } else {
      for (let i = 0; i < count; i++, p += blockAlign) dst[outOffset + i] = (bytes[p]! - 128) / 128;
    }
  }
}

/** Decodes a whole WAV to planar float. */
export function decodeWav(bytes: Uint8Array): PcmAudio {
  const info = readWavInfo(bytes);
  const channels = Array.from({ length: info.channels }, () => new Float32Array(info.frames));
  readWavFrames(bytes, info, 0, info.frames, channels);
  return { sampleRate: info.sampleRate, channels };
}

export type WavEncoding = 'pcm16' | 'pcm24' | 'float32';

/** A 44-byte canonical header for `frames` frames. */
export function wavHeader(
  frames: number,
  channels: number,
  sampleRate: number,
  encoding: WavEncoding = 'pcm16',
) {
  const bits = encoding === 'pcm16' ? 16 : encoding === 'pcm24' ? 24 : 32;
  const blockAlign = (channels * bits) / 8;
  const dataBytes = frames * blockAlign;
  const header = new Uint8Array(44);
  const view = new DataView(header.buffer);
  const ascii = (at: number, s: string) => {
    for (let i = 0; i < 4; i++) header[at + i] = s.charCodeAt(i);
  };
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + dataBytes + (dataBytes & 1), true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, encoding === 'float32' ? FORMAT_FLOAT : FORMAT_PCM, true);
  view.setUint16(22, channels, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * blockAlign, true);
  view.setUint16(32, blockAlign, true);
  view.setUint16(34, bits, true);
  ascii(36, 'data');
  view.setUint32(40, dataBytes, true);
  return header;
}

/** Float sample to 16-bit with rounding and clipping. */
export function toInt16(x: number): number {
  const v = Math.round(x * 32767);
  return v > 32767 ? 32767 : v < -32768 ? -32768 : v;
}

/** Encodes planar float audio as a WAV file (16-bit PCM unless told otherwise). */
export function encodeWav(audio: PcmAudio, encoding: WavEncoding = 'pcm16'): Uint8Array {
  const channels = audio.channels.length;
  if (channels < 1) throw new RangeError('encodeWav: no channels');
  const frames = audio.channels[0]!.length;
  if (audio.channels.some((c) => c.length !== frames))
    throw new RangeError('encodeWav: channels differ in length');
  const header = wavHeader(frames, channels, audio.sampleRate, encoding);
  const bits = encoding === 'pcm16' ? 16 : encoding === 'pcm24' ? 24 : 32;
  const dataBytes = (frames * channels * bits) / 8;
  const out = new Uint8Array(44 + dataBytes + (dataBytes & 1));
  out.set(header, 0);
  const view = new DataView(out.buffer);
  for (let c = 0; c < channels; c++) {
    const src = audio.channels[c]!;
    const step = (channels * bits) / 8;
    let p = 44 + (c * bits) / 8;
    if (encoding === 'pcm16') {
      for (let i = 0; i < frames; i++, p += step) view.setInt16(p, toInt16(src[i]!), true);
    } else if (encoding === 'pcm24') {
      for (let i = 0; i < frames; i++, p += step) {
        const v = Math.max(-8388608, Math.min(8388607, Math.round(src[i]! * 8388607)));
        out[p] = v & 0xff;
        out[p + 1] = (v >> 8) & 0xff;
        out[p + 2] = (v >> 16) & 0xff;
      }
    } else {
      for (let i = 0; i < frames; i++, p += step) view.setFloat32(p, src[i]!, true);
    }
  }
  return out;
}

/**
 * A 16-bit WAV whose samples are given as interleaved Int16 (the synthesizer and separator quantise
 * themselves so that stems sum exactly); no copy of the samples beyond the one into the file.
 */
export function encodeWavInt16(interleaved: Int16Array, channels: number, sampleRate: number): Uint8Array {
  const frames = interleaved.length / channels;
  if (!Number.isInteger(frames)) throw new RangeError('encodeWavInt16: length is not a multiple of channels');
  const out = new Uint8Array(44 + interleaved.length * 2);
  out.set(wavHeader(frames, channels, sampleRate, 'pcm16'), 0);
  const view = new DataView(out.buffer);
  for (let i = 0, p = 44; i < interleaved.length; i++, p += 2) view.setInt16(p, interleaved[i]!, true);
  return out;
}

/** Duration in seconds of a WAV file, from its header. */
export function wavDurationSeconds(bytes: Uint8Array): number {
  const info = readWavInfo(bytes);
  return info.frames / info.sampleRate;
}

/** Mono → stereo by duplication, more than two channels → the first two; stereo unchanged. */
export function toStereo(audio: PcmAudio): PcmAudio {
  const [l, r] = audio.channels;
  if (!l) throw new RangeError('toStereo: no channels');
  return { sampleRate: audio.sampleRate, channels: [l, r ?? l.slice()] };
}
