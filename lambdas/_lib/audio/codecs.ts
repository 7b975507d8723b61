import type { MPEGDecoder } from 'mpg123-decoder';
import { readWavFrames, readWavInfo, WavFormatError, type WavInfo } from '../../../shared/audio/wav';
import { flacTotalSamples, mpegHeaderInfo, OggPageWatcher } from './containers';
import { AudioDecodeError } from './errors';

/**
 * One streaming decoder per format behind one small interface: bytes in (any chunk sizes), planar float
 * PCM out, and at the end a verdict on the file (truncated, corrupt, empty). The compressed formats use
 * the wasm-audio-decoders family (mpg123, libFLAC, libvorbis compiled to WebAssembly), loaded only when a
 * file of that format arrives.
 */
export interface Pcm {
  sampleRate: number;
  channels: Float32Array[];
}

export interface Codec {
  push(bytes: Uint8Array): Promise<Pcm | null>;
  /** Flushes what the decoder holds and checks the file was whole; throws AudioDecodeError otherwise. */
  end(): Promise<Pcm | null>;
  /** Frames the container declares (null when it does not say). */
  readonly declaredFrames: number | null;
  free(): void;
}

/**
 * Runs a decoder call with console.error/warn held back: the wasm decoders print every damaged frame
 * there, which would flood a function's logs; the codec counts the errors and reports once instead.
 * The decoders' work happens synchronously inside the call, before any promise settles.
 */
function quietly<T>(call: () => T): T {
  const { error, warn } = console;
  console.error = () => undefined;
  console.warn = () => undefined;
  try {
    return call();
  } finally {
    console.error = error;
    console.warn = warn;
  }
}

/** Decoded results with no samples are dropped; channel arrays are copied out of the wasm heap views. */
function pcmOf(decoded: {
  channelData: Float32Array[];
  samplesDecoded: number;
  sampleRate: number;
}): Pcm | null {
  if (!decoded.samplesDecoded || decoded.channelData.length === 0) return null;
  return {
    sampleRate: decoded.sampleRate,
    channels: decoded.channelData.map((c) => c.subarray(0, decoded.samplesDecoded)),
  };
}

// --- WAV ---------------------------------------------------------------------------------------------

/** Metadata chunks (LIST, bext, iXML, art) may precede the samples; beyond this a file is not a WAV. */
const MAX_WAV_HEADER_BYTES = 8 * 1024 * 1024;

export class WavCodec implements Codec {
  private head: Uint8Array[] = [];
  private headBytes = 0;
  private info: WavInfo | undefined;
  private leftover = new Uint8Array(0);
  private consumed = 0;
  declaredFrames: number | null = null;

  async push(bytes: Uint8Array): Promise<Pcm | null> {
    if (!this.info) {
      this.head.push(bytes);
      this.headBytes += bytes.length;
      const head = concat(this.head);
      this.head = [head];
      const info = this.parse(head, false);
      if (!info) return null;
      this.info = info;
      this.declaredFrames =
        info.declaredDataBytes === null ? null : Math.floor(info.declaredDataBytes / info.blockAlign);
      this.head = [];
      return this.samples(head.subarray(info.dataOffset));
    }
    return this.samples(bytes);
  }

  async end(): Promise<Pcm | null> {
    if (!this.info) this.parse(concat(this.head), true);
    const info = this.info!;
    if (info.declaredDataBytes !== null && this.consumed + info.blockAlign <= info.declaredDataBytes) {
      throw new AudioDecodeError(
        'AUDIO_TRUNCATED',
        `WAV data chunk declares ${info.declaredDataBytes} bytes; the file holds ${this.consumed}.`,
      );
    }
    return null;
  }

  free(): void {}

  /** The header once readable; null while more bytes may complete it. */
  private parse(head: Uint8Array, ended: boolean): WavInfo | null {
    try {
      return readWavInfo(head);
    } catch (error) {
      if (!(error instanceof WavFormatError)) throw error;
      if (error.reason === 'unsupported') throw new AudioDecodeError('UNSUPPORTED_AUDIO', error.message);
      if (!ended && head.length < MAX_WAV_HEADER_BYTES) return null;
      throw new AudioDecodeError('AUDIO_CORRUPT', error.message);
    }
  }

  private samples(bytes: Uint8Array): Pcm | null {
    const info = this.info!;
    const left =
      info.declaredDataBytes === null
        ? Infinity
        : info.declaredDataBytes - this.consumed - this.leftover.length;
    // Chunks after the data chunk (metadata at the end) are not samples.
    const data = bytes.subarray(0, Math.max(0, Math.min(bytes.length, left)));
    const joined = this.leftover.length ? concat([this.leftover, data]) : data;
    const frames = Math.floor(joined.length / info.blockAlign);
    const whole = frames * info.blockAlign;
    this.leftover = joined.slice(whole);
    this.consumed += whole;
    if (frames === 0) return null;
    const channels = Array.from({ length: info.channels }, () => new Float32Array(frames));
    readWavFrames(joined, { ...info, dataOffset: 0 }, 0, frames, channels);
    return { sampleRate: info.sampleRate, channels };
  }
}

function concat(parts: Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0]!;
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

// --- MP3 ---------------------------------------------------------------------------------------------

/** Decode errors mpg123 may report and resync over (a stray tag, a damaged frame) before a file is called corrupt. */
const MAX_MPEG_ERROR_SHARE = 0.02;

export class Mp3Codec implements Codec {
  declaredFrames: number | null = null;
  private headerRead = false;
  private head: Uint8Array = new Uint8Array(0);
  private samplesOut = 0;
  private errors = 0;
  private samplesPerFrame = 1152;
  private declaredMpegFrames: number | null = null;

  private constructor(private readonly decoder: MPEGDecoder) {}

  static async create(): Promise<Mp3Codec> {
    const { MPEGDecoder } = await import('mpg123-decoder');
    const decoder = new MPEGDecoder();
    await decoder.ready;
    return new Mp3Codec(decoder);
  }

  async push(bytes: Uint8Array): Promise<Pcm | null> {
    if (!this.headerRead) {
      this.head = concat([this.head, bytes]);
      const info = mpegHeaderInfo(this.head);
      if (info || this.head.length > 1 << 20) {
        this.headerRead = true;
        this.samplesPerFrame = info?.samplesPerFrame ?? 1152;
        this.declaredMpegFrames = info?.declaredFrames ?? null;
        this.declaredFrames =
          this.declaredMpegFrames === null ? null : this.declaredMpegFrames * this.samplesPerFrame;
        this.head = new Uint8Array(0);
      }
    }
    const decoded = quietly(() => this.decoder.decode(bytes));
    this.errors += decoded.errors.length;
    this.samplesOut += decoded.samplesDecoded;
    return pcmOf(decoded);
  }

  async end(): Promise<Pcm | null> {
    const frames = this.samplesOut / this.samplesPerFrame;
    if (this.samplesOut === 0)
      throw new AudioDecodeError('AUDIO_CORRUPT', 'No MPEG audio frame could be decoded.');
    if (this.errors > 2 && this.errors > MAX_MPEG_ERROR_SHARE * frames)
      throw new AudioDecodeError(
        'AUDIO_CORRUPT',
        `${this.errors} damaged MPEG frames in ${Math.round(frames)}.`,
      );
    // Gapless decoding trims the encoder's delay and padding (under 3 frames) from the declared count.
    if (this.declaredMpegFrames !== null && frames + 4 < this.declaredMpegFrames)
      throw new AudioDecodeError(
        this.errors > 0 ? 'AUDIO_CORRUPT' : 'AUDIO_TRUNCATED',
        `MP3 header declares ${this.declaredMpegFrames} frames; ${Math.round(frames)} decoded.`,
      );
    return null;
  }

  free(): void {
    this.decoder.free();
  }
}

// --- FLAC and Ogg Vorbis -----------------------------------------------------------------------------

interface WasmStreamDecoder {
  ready: Promise<void>;
  decode(
    data: Uint8Array,
  ): Promise<{ channelData: Float32Array[]; samplesDecoded: number; sampleRate: number; errors: unknown[] }>;
  flush(): Promise<{
    channelData: Float32Array[];
    samplesDecoded: number;
    sampleRate: number;
    errors: unknown[];
  }>;
  free(): void;
}

/** FLAC (native or in Ogg) and Ogg Vorbis: the same streaming decoders with flush, plus the length checks. */
export class FramedCodec implements Codec {
  declaredFrames: number | null = null;
  private started = false;
  private samplesOut = 0;
  private errors = 0;
  private readonly ogg = new OggPageWatcher();
  private isOgg = false;

  private constructor(
    private readonly kind: 'flac' | 'vorbis',
    private readonly decoder: WasmStreamDecoder,
  ) {}

  static async create(kind: 'flac' | 'vorbis'): Promise<FramedCodec> {
    const decoder: WasmStreamDecoder =
      kind === 'flac'
        ? new (await import('@wasm-audio-decoders/flac')).FLACDecoder()
        : new (await import('@wasm-audio-decoders/ogg-vorbis')).OggVorbisDecoder();
    await decoder.ready;
    return new FramedCodec(kind, decoder);
  }

  async push(bytes: Uint8Array): Promise<Pcm | null> {
    if (!this.started) {
      this.started = true;
      this.isOgg = bytes[0] === 0x4f && bytes[1] === 0x67 && bytes[2] === 0x67 && bytes[3] === 0x53;
      if (this.kind === 'flac' && !this.isOgg) this.declaredFrames = flacTotalSamples(bytes) || null;
    }
    if (this.isOgg) this.ogg.push(bytes);
    return this.take(await quietly(() => this.decoder.decode(bytes)));
  }

  async end(): Promise<Pcm | null> {
    const last = this.take(await quietly(() => this.decoder.flush()));
    const name = this.kind === 'flac' ? 'FLAC' : 'Ogg Vorbis';
    if (this.isOgg && this.ogg.malformed)
      throw new AudioDecodeError('AUDIO_CORRUPT', `${name}: broken Ogg page structure.`);
    if (this.samplesOut === 0)
      throw new AudioDecodeError('AUDIO_CORRUPT', `No ${name} audio could be decoded.`);
    if (this.errors > 0)
      throw new AudioDecodeError('AUDIO_CORRUPT', `${name}: ${this.errors} damaged frames.`);
    if (this.declaredFrames !== null && this.samplesOut < this.declaredFrames)
      throw new AudioDecodeError(
        'AUDIO_TRUNCATED',
        `FLAC declares ${this.declaredFrames} samples; ${this.samplesOut} decoded.`,
      );
    if (this.isOgg && !this.ogg.complete)
      throw new AudioDecodeError('AUDIO_TRUNCATED', `${name}: the stream ends before its last Ogg page.`);
    return last;
  }

  free(): void {
    this.decoder.free();
  }

  private take(decoded: Awaited<ReturnType<WasmStreamDecoder['decode']>>): Pcm | null {
    this.errors += decoded.errors.length;
    this.samplesOut += decoded.samplesDecoded;
    return pcmOf(decoded);
  }
}
