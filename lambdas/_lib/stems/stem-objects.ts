import type { WasmMediaEncoder } from 'wasm-media-encoders';
import { wavHeader } from '../../../shared/audio/wav';
import { MultipartObjectWriter } from '../audio/object-io';

/**
 * One stem written to S3 while the separation runs: a 16-bit WAV (its header patched with the final
 * length when the last samples are in) and, beside it, a 320 kbps MP3 encoded block by block with LAME
 * (compiled to WebAssembly; the pure-JS port is six times slower). Neither object exists until `finish`;
 * `abort` leaves nothing.
 */

/** The rates MP3 carries; other inputs are resampled by LAME to the nearest one above 32 kHz. */
const MPEG1_RATES = [32_000, 44_100, 48_000];

type Mp3Encoder = WasmMediaEncoder<'audio/mpeg'>;

export class StemObjectWriter {
  private readonly wav: MultipartObjectWriter;
  private readonly mp3: MultipartObjectWriter | undefined;
  private frames = 0;
  private planar: Float32Array[] = [];

  private constructor(
    readonly channels: number,
    readonly sampleRate: number,
    bucket: string,
    wavKey: string,
    mp3Key: string | undefined,
    private readonly encoder: Mp3Encoder | undefined,
  ) {
    this.wav = new MultipartObjectWriter(bucket, wavKey, 'audio/wav', true);
    this.mp3 = mp3Key ? new MultipartObjectWriter(bucket, mp3Key, 'audio/mpeg') : undefined;
  }

  static async create(options: {
    bucket: string;
    wavKey: string;
    mp3Key?: string;
    channels: number;
    sampleRate: number;
  }): Promise<StemObjectWriter> {
    let encoder: Mp3Encoder | undefined;
    if (options.mp3Key) {
      const { createMp3Encoder } = await import('wasm-media-encoders');
      encoder = await createMp3Encoder();
      const outputSampleRate = MPEG1_RATES.includes(options.sampleRate)
        ? undefined
        : options.sampleRate > 44_100
          ? 48_000
          : 44_100;
      encoder.configure({
        channels: options.channels === 1 ? 1 : 2,
        sampleRate: options.sampleRate,
        bitrate: 320,
        ...(outputSampleRate ? { outputSampleRate } : {}),
      });
    }
    const writer = new StemObjectWriter(
      options.channels,
      options.sampleRate,
      options.bucket,
      options.wavKey,
      options.mp3Key,
      encoder,
    );
    await writer.wav.write(new Uint8Array(44)); // the header, written for real at finish
    return writer;
  }

  /** Interleaved 16-bit frames (as StemSplitStream gives them). */
  async write(interleaved: Int16Array): Promise<void> {
    const frames = interleaved.length / this.channels;
    if (frames === 0) return;
    await this.wav.write(new Uint8Array(interleaved.buffer, interleaved.byteOffset, interleaved.byteLength));
    this.frames += frames;
    if (!this.encoder || !this.mp3) return;
    if ((this.planar[0]?.length ?? 0) < frames)
      this.planar = Array.from({ length: this.channels }, () => new Float32Array(frames));
    for (let c = 0; c < this.channels; c++) {
      const out = this.planar[c]!;
      for (let i = 0, p = c; i < frames; i++, p += this.channels) out[i] = interleaved[p]! / 32768;
    }
    // The encoder owns the bytes it answers until its next call: the writer copies them at once.
    await this.mp3.write(this.encoder.encode(this.planar.map((c) => c.subarray(0, frames))));
  }

  async finish(): Promise<void> {
    const header = wavHeader(this.frames, this.channels, this.sampleRate, 'pcm16');
    if (this.encoder && this.mp3) await this.mp3.write(this.encoder.finalize());
    await this.wav.finish((head) => head.set(header, 0));
    await this.mp3?.finish();
  }

  async abort(): Promise<void> {
    await Promise.allSettled([this.wav.abort(), this.mp3?.abort()]);
  }
}
