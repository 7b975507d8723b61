import { Mp3Encoder } from '@breezystack/lamejs';
import { decodeWav, readWavFrames, readWavInfo, toInt16, type PcmAudio, type WavInfo } from './wav';

/**
 * WAV → MP3 (stereo, constant bitrate) with lamejs, a pure-JS LAME port, so it runs in a Lambda without
 * native binaries. Masters at an MPEG-1 rate (32 / 44.1 / 48 kHz) are read in blocks straight from the
 * WAV bytes (memory ≈ the WAV plus the MP3); other rates are resampled to 44.1 kHz first, since only
 * MPEG-1 carries 320 kbps (lamejs would silently cap a 22.05 kHz file at 160 kbps).
 */
export interface Mp3Options {
  /** Constant bitrate in kbps: 320 for the MP3 lease, 128 for the public preview. */
  kbps: 128 | 192 | 256 | 320;
}

const MPEG1_RATES = [32_000, 44_100, 48_000];
const RESAMPLE_RATE = 44_100;
/** Frames per encoder call: a multiple of the 1152-sample MP3 frame. */
const BLOCK_FRAMES = 1152 * 32;

export function wavToMp3(wav: Uint8Array, options: Mp3Options): Uint8Array {
  const info = readWavInfo(wav);
  const chunks: Uint8Array[] = [];
  if (MPEG1_RATES.includes(info.sampleRate)) {
    encodeBlocks(wav, info, options.kbps, chunks);
  } else {
    encodePlanar(resample(decodeWav(wav).channels, info.sampleRate, RESAMPLE_RATE), options.kbps, chunks);
  }
  return concat(chunks);
}

function encodeBlocks(wav: Uint8Array, info: WavInfo, kbps: number, chunks: Uint8Array[]): void {
  const encoder = new Mp3Encoder(2, info.sampleRate, kbps);
  const planar = Array.from({ length: info.channels }, () => new Float32Array(BLOCK_FRAMES));
  const left = new Int16Array(BLOCK_FRAMES);
  const right = new Int16Array(BLOCK_FRAMES);
  for (let start = 0; start < info.frames; start += BLOCK_FRAMES) {
    const count = Math.min(BLOCK_FRAMES, info.frames - start);
    readWavFrames(wav, info, start, count, planar);
    // Mono is duplicated; channels past the second are dropped (like toStereo).
    const l = planar[0]!;
    const r = planar[1] ?? l;
    for (let i = 0; i < count; i++) {
      left[i] = toInt16(l[i]!);
      right[i] = toInt16(r[i]!);
    }
    push(chunks, encoder.encodeBuffer(left.subarray(0, count), right.subarray(0, count)));
  }
  push(chunks, encoder.flush());
}

/** Decoded audio → MP3 (a preview of an uploaded MP3 or FLAC master); other rates as for wavToMp3. */
export function pcmToMp3(audio: PcmAudio, options: Mp3Options): Uint8Array {
  const chunks: Uint8Array[] = [];
  if (MPEG1_RATES.includes(audio.sampleRate))
    encodePlanar(audio.channels, options.kbps, chunks, audio.sampleRate);
  else encodePlanar(resample(audio.channels, audio.sampleRate, RESAMPLE_RATE), options.kbps, chunks);
  return concat(chunks);
}

function encodePlanar(
  channels: Float32Array[],
  kbps: number,
  chunks: Uint8Array[],
  rate = RESAMPLE_RATE,
): void {
  const encoder = new Mp3Encoder(2, rate, kbps);
  const l = channels[0]!;
  const r = channels[1] ?? l;
  for (let start = 0; start < l.length; start += BLOCK_FRAMES) {
    const end = Math.min(l.length, start + BLOCK_FRAMES);
    const left = Int16Array.from(l.subarray(start, end), toInt16);
    const right = Int16Array.from(r.subarray(start, end), toInt16);
    push(chunks, encoder.encodeBuffer(left, right));
  }
  push(chunks, encoder.flush());
}

/** Linear interpolation: enough for a lease copy of an odd-rate master (the WAV stays the reference). */
function resample(channels: Float32Array[], from: number, to: number): Float32Array[] {
  const step = from / to;
  return channels.slice(0, 2).map((input) => {
    const out = new Float32Array(Math.floor((input.length * to) / from));
    for (let i = 0; i < out.length; i++) {
      const t = i * step;
      const j = Math.floor(t);
      const a = input[j] ?? 0;
      const b = input[j + 1] ?? a;
      out[i] = a + (b - a) * (t - j);
    }
    return out;
  });
}

function push(chunks: Uint8Array[], chunk: Uint8Array): void {
  // lamejs answers Int8Array views of its own buffer, reused between calls: keep an unsigned copy.
  if (chunk.length > 0) chunks.push(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.length).slice());
}

function concat(chunks: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}
