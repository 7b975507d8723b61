import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sniffAudioFormat } from '../../shared/audio/formats';
import { encodeWav, type PcmAudio } from '../../shared/audio/wav';
import { bytesSource, decodePrefix, openAudio } from '../../lambdas/_lib/audio/decode';
import { AudioDecodeError } from '../../lambdas/_lib/audio/errors';

/**
 * The server's one decoder (lambdas/_lib/audio/decode.ts) on real files: the committed fixtures were
 * made once with Debian's encoders (tests/fixtures/audio/make-fixtures.ts): the same 8 s clip as FLAC
 * (lossless, the reference), MP3 128 kbps and Ogg Vorbis q3.
 */
const fixture = (name: string) =>
  new Uint8Array(readFileSync(new URL(`../fixtures/audio/${name}`, import.meta.url)));

async function decodeAll(
  bytes: Uint8Array,
  name = '',
  piece = 64 * 1024,
): Promise<PcmAudio & { format: string }> {
  const stream = await openAudio(bytesSource(bytes, name, piece));
  const parts: Float32Array[][] = [];
  for await (const block of stream.blocks()) parts.push(block.map((c) => c.slice()));
  const frames = parts.reduce((n, p) => n + p[0]!.length, 0);
  const channels = Array.from({ length: stream.channelCount }, (_, c) => {
    const out = new Float32Array(frames);
    let at = 0;
    for (const part of parts) {
      out.set(part[c]!, at);
      at += part[c]!.length;
    }
    return out;
  });
  return { format: stream.format, sampleRate: stream.sampleRate, channels };
}

async function failure(bytes: Uint8Array, name = ''): Promise<AudioDecodeError> {
  try {
    await decodeAll(bytes, name);
  } catch (error) {
    if (error instanceof AudioDecodeError) return error;
    throw error;
  }
  throw new Error('decoded without an error');
}

/** Signal-to-error ratio (dB) of `test` against `reference`, first channel, over their common length. */
function snr(reference: Float32Array, test: Float32Array): number {
  let signal = 0;
  let error = 0;
  for (let i = 0; i < Math.min(reference.length, test.length); i++) {
    signal += reference[i]! ** 2;
    error += (reference[i]! - test[i]!) ** 2;
  }
  return 10 * Math.log10(signal / Math.max(error, 1e-20));
}

/** A WAV as encoders other than ours write it: 8/24/32-bit int, float, WAVE_FORMAT_EXTENSIBLE. */
function wavOf(audio: PcmAudio, bits: 8 | 16 | 24 | 32, float = false, extensible = false): Uint8Array {
  const channels = audio.channels.length;
  const frames = audio.channels[0]!.length;
  const block = (channels * bits) / 8;
  const fmtSize = extensible ? 40 : 16;
  const out = new Uint8Array(12 + 8 + fmtSize + 8 + frames * block);
  const view = new DataView(out.buffer);
  const ascii = (at: number, text: string) => [...text].forEach((c, i) => (out[at + i] = c.charCodeAt(0)));
  ascii(0, 'RIFF');
  view.setUint32(4, out.length - 8, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, fmtSize, true);
  view.setUint16(20, extensible ? 0xfffe : float ? 3 : 1, true);
  view.setUint16(22, channels, true);
  view.setUint32(24, audio.sampleRate, true);
  view.setUint32(28, audio.sampleRate * block, true);
  view.setUint16(32, block, true);
  view.setUint16(34, bits, true);
  if (extensible) {
    view.setUint16(36, 22, true);
    view.setUint16(38, bits, true);
    view.setUint32(40, channels === 2 ? 3 : 4, true);
    view.setUint16(44, float ? 3 : 1, true); // the sub-format GUID's first two bytes
  }
  const data = 12 + 8 + fmtSize;
  ascii(data, 'data');
  view.setUint32(data + 4, frames * block, true);
  let p = data + 8;
  for (let i = 0; i < frames; i++) {
    for (let c = 0; c < channels; c++, p += bits / 8) {
      const x = Math.max(-1, Math.min(1 - 2 ** -23, audio.channels[c]![i]!));
      if (float) view.setFloat32(p, x, true);
      else if (bits === 8) out[p] = Math.round(x * 127) + 128;
      else if (bits === 16) view.setInt16(p, Math.round(x * 32767), true);
      else if (bits === 24) {
        const v = Math.round(x * 8388607);
        out[p] = v & 0xff;
        out[p + 1] = (v >> 8) & 0xff;
        out[p + 2] = (v >> 16) & 0xff;
      } else view.setInt32(p, Math.round(x * 2147483647), true);
    }
  }
  return out;
}

describe('decoding every common format', () => {
  it('decodes FLAC, MP3 and Ogg Vorbis of the same clip to the same audio', async () => {
    const reference = await decodeAll(fixture('c-major-120.flac'));
    expect(reference).toMatchObject({ format: 'flac', sampleRate: 44100 });
    expect(reference.channels).toHaveLength(2);
    expect(reference.channels[0]!.length).toBe(8 * 44100);
    const mp3 = await decodeAll(fixture('c-major-120.mp3'));
    const ogg = await decodeAll(fixture('c-major-120.ogg'));
    expect(mp3.format).toBe('mp3');
    expect(ogg.format).toBe('ogg');
    // Gapless MP3 (the LAME header's delay and padding trimmed) and Vorbis keep the exact length.
    expect(mp3.channels[0]!.length).toBe(reference.channels[0]!.length);
    expect(ogg.channels[0]!.length).toBe(reference.channels[0]!.length);
    expect(snr(reference.channels[0]!, mp3.channels[0]!)).toBeGreaterThan(15);
    expect(snr(reference.channels[0]!, ogg.channels[0]!)).toBeGreaterThan(10);
  });

  it('reads WAV at 8, 16, 24 and 32 bits, float, extensible, mono and at any rate', async () => {
    const clip = await decodeAll(fixture('c-major-120.flac'));
    const short: PcmAudio = { sampleRate: 44100, channels: clip.channels.map((c) => c.subarray(0, 44100)) };
    const cases: [Uint8Array, number][] = [
      [wavOf(short, 8), 20],
      [wavOf(short, 16), 85],
      [wavOf(short, 24), 100],
      [wavOf(short, 32), 100],
      [wavOf(short, 32, true), 100],
      [wavOf(short, 24, false, true), 100],
      [wavOf(short, 32, true, true), 100],
      [wavOf({ sampleRate: 96000, channels: short.channels }, 24), 100],
      [wavOf({ sampleRate: 8000, channels: [short.channels[0]!] }, 16), 85],
    ];
    for (const [bytes, minimumSnr] of cases) {
      const decoded = await decodeAll(bytes);
      expect(decoded.format).toBe('wav');
      expect(decoded.channels[0]!.length).toBe(44100);
      expect(snr(short.channels[0]!, decoded.channels[0]!)).toBeGreaterThan(minimumSnr);
    }
    expect((await decodeAll(wavOf({ sampleRate: 96000, channels: short.channels }, 24))).sampleRate).toBe(
      96000,
    );
  });

  it('gives the same samples whatever sizes the bytes arrive in', async () => {
    for (const name of ['c-major-120.mp3', 'c-major-120.ogg', 'c-major-120.flac']) {
      const whole = await decodeAll(fixture(name), name, 1 << 24);
      const trickled = await decodeAll(fixture(name), name, 997);
      expect(trickled.channels[0]!.length).toBe(whole.channels[0]!.length);
      expect(snr(whole.channels[0]!, trickled.channels[0]!)).toBeGreaterThan(100);
    }
  });

  it('decodes only the beginning when asked, with the whole length from the header', async () => {
    const prefix = await decodePrefix(bytesSource(fixture('c-major-120.flac')), 2);
    expect(prefix.audio.channels[0]!.length).toBe(2 * 44100);
    expect(prefix.complete).toBe(false);
    expect(prefix.durationSeconds).toBeCloseTo(8, 2);
    const mp3 = await decodePrefix(
      { ...bytesSource(fixture('c-major-120.mp3')), size: fixture('c-major-120.mp3').length },
      2,
    );
    expect(mp3.durationSeconds).toBeCloseTo(8, 0);
  });
});

describe('files that cannot be decoded get a clear error', () => {
  it('a file cut short is AUDIO_TRUNCATED (422) in every format', async () => {
    const clip = await decodeAll(fixture('c-major-120.flac'));
    for (const [name, bytes] of [
      ['c-major-120.flac', fixture('c-major-120.flac')],
      ['c-major-120.mp3', fixture('c-major-120.mp3')],
      ['c-major-120.ogg', fixture('c-major-120.ogg')],
      ['clip.wav', encodeWav(clip)],
    ] as const) {
      const error = await failure(bytes.subarray(0, Math.floor(bytes.length * 0.6)), name);
      expect(error.code, name).toBe('AUDIO_TRUNCATED');
      expect(error.status).toBe(422);
    }
  });

  it('damaged MP3 and Ogg data is AUDIO_CORRUPT; random bytes called .mp3 too', async () => {
    let seed = 3;
    const noise = (n: number) => new Uint8Array(n).map(() => (seed = (seed * 16807) % 2147483647) & 0xff);
    for (const name of ['c-major-120.mp3', 'c-major-120.ogg']) {
      const damaged = fixture(name).slice();
      damaged.set(noise(20_000), Math.floor(damaged.length * 0.4));
      expect((await failure(damaged, name)).code, name).toBe('AUDIO_CORRUPT');
    }
    expect((await failure(noise(100_000), 'song.mp3')).code).toMatch(/^AUDIO_CORRUPT|UNSUPPORTED_AUDIO$/);
  });

  it('AAC/M4A, AIFF and non-audio are UNSUPPORTED_AUDIO (415); an empty file is AUDIO_EMPTY', async () => {
    const m4a = new Uint8Array(64);
    m4a.set(new TextEncoder().encode('\0\0\0\x20ftypM4A '), 0);
    const unsupported = await failure(m4a, 'song.m4a');
    expect(unsupported.code).toBe('UNSUPPORTED_AUDIO');
    expect(unsupported.status).toBe(415);
    expect(unsupported.message).toMatch(/WAV, MP3, FLAC ou OGG/);
    expect((await failure(new TextEncoder().encode('FORM\0\0\0\0AIFFCOMM'), 'a.aiff')).code).toBe(
      'UNSUPPORTED_AUDIO',
    );
    expect((await failure(new TextEncoder().encode('%PDF-1.7 lorem'), 'a.wav')).code).toBe(
      'UNSUPPORTED_AUDIO',
    );
    expect((await failure(new Uint8Array(0), 'a.wav')).code).toBe('AUDIO_EMPTY');
  });

  it('tells the formats apart by content, as the browser does before an upload', () => {
    expect(sniffAudioFormat(fixture('c-major-120.flac'))).toBe('flac');
    expect(sniffAudioFormat(fixture('c-major-120.mp3'))).toBe('mp3');
    expect(sniffAudioFormat(fixture('c-major-120.ogg'))).toBe('ogg');
    const opus = new Uint8Array(64);
    opus.set(new TextEncoder().encode('OggS'), 0);
    opus[26] = 1;
    opus.set(new TextEncoder().encode('OpusHead'), 28);
    expect(sniffAudioFormat(opus)).toBe('opus');
  });
});
