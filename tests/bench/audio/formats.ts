/**
 * The same music as WAV, MP3, FLAC and Ogg Vorbis must give the same results: each mix of the material
 * is encoded with Debian's encoders (lame -b 320, flac -5, oggenc -q 6), decoded through the platform's
 * decoder (lambdas/_lib/audio/decode.ts), then analysed (shared/audio/music/analyse.ts) and separated
 * (StemSplitStream, the pipeline's separator) exactly as an upload would be. Printed per format: key and
 * tempo equal to the WAV's, and the separator's mean SDR against the true stems beside the WAV's (goal:
 * within 0.3 dB).
 *   nice -n 10 npx tsx tests/bench/audio/formats.ts [--split heldout|dev] [--count N]
 * Needs: apt-get install -y lame flac vorbis-tools
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { analyseMusic } from '../../../shared/audio/music/analyse';
import { mixDown } from '../../../shared/audio/music/dsp';
import { decodeWav, type PcmAudio } from '../../../shared/audio/wav';
import { bytesSource, joinBlocks, openAudio } from '../../../lambdas/_lib/audio/decode';
import { StemSplitStream } from '../../../lambdas/_lib/stems/dsp-separator';
import { DEFAULT_OUT, ensureMaterial, STEMS, type Split } from './material';

const ENCODED = ['mp3', 'flac', 'ogg'] as const;
type Encoded = (typeof ENCODED)[number];
const ENCODERS: Record<Encoded, (wav: string, out: string) => [string, string[]]> = {
  mp3: (wav, out) => ['lame', ['--quiet', '-b', '320', wav, out]],
  flac: (wav, out) => ['flac', ['-s', '-f', '-5', wav, '-o', out]],
  ogg: (wav, out) => ['oggenc', ['-Q', '-q', '6', wav, '-o', out]],
};

function encode(format: Encoded, wav: string, dir: string): string {
  const out = path.join(dir, `mix.${format}`);
  if (existsSync(out)) return out;
  const [command, args] = ENCODERS[format](wav, out);
  const result = spawnSync(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  if (result.status !== 0)
    throw new Error(
      `${command} failed (apt-get install -y lame flac vorbis-tools): ${result.stderr?.toString()}`,
    );
  return out;
}

async function decodeFile(file: string): Promise<PcmAudio> {
  const stream = await openAudio(bytesSource(new Uint8Array(readFileSync(file)), file));
  const blocks: Float32Array[][] = [];
  for await (const block of stream.blocks()) blocks.push(block.map((c) => c.slice()));
  return { sampleRate: stream.sampleRate, channels: joinBlocks(blocks, stream.channelCount) };
}

/** The pipeline's separation of decoded audio, as planar float stems. */
function separate(audio: PcmAudio): Record<(typeof STEMS)[number], Float32Array[]> {
  const stream = new StemSplitStream(audio.sampleRate, audio.channels.length);
  const frames = audio.channels[0]!.length;
  const ch = stream.channels;
  const out = Object.fromEntries(
    STEMS.map((s) => [s, Array.from({ length: ch }, () => new Float32Array(frames))]),
  ) as Record<(typeof STEMS)[number], Float32Array[]>;
  let written = 0;
  const take = (block: ReturnType<StemSplitStream['push']>) => {
    for (const stem of STEMS) {
      const samples = block.stems[stem];
      for (let i = 0; i < block.frames; i++)
        for (let c = 0; c < ch; c++) out[stem][c]![written + i] = samples[i * ch + c]! / 32768;
    }
    written += block.frames;
  };
  const BLOCK = 65536;
  for (let at = 0; at < frames; at += BLOCK)
    take(stream.push(audio.channels.map((c) => c.subarray(at, at + BLOCK))));
  take(stream.end());
  return out;
}

/** Mean over channels of 10·log10(Σ s² / Σ (s − ŝ)²): the plain SDR (no distortion filter). */
function sdr(truth: Float32Array[], estimate: Float32Array[]): number {
  let total = 0;
  for (let c = 0; c < truth.length; c++) {
    let signal = 0;
    let error = 0;
    const s = truth[c]!;
    const e = estimate[Math.min(c, estimate.length - 1)]!;
    for (let i = 0; i < s.length; i++) {
      signal += s[i]! ** 2;
      error += (s[i]! - (e[i] ?? 0)) ** 2;
    }
    total += 10 * Math.log10((signal + 1e-12) / (error + 1e-12));
  }
  return total / truth.length;
}

export async function formatsTable(split: Split = 'heldout', count = 8): Promise<string> {
  const pieces = (await ensureMaterial({ split })).slice(0, count);
  const rows: Record<'wav' | Encoded, { sameKey: number; sameTempo: number; sdr: number[] }> = {
    wav: { sameKey: 0, sameTempo: 0, sdr: [] },
    mp3: { sameKey: 0, sameTempo: 0, sdr: [] },
    flac: { sameKey: 0, sameTempo: 0, sdr: [] },
    ogg: { sameKey: 0, sameTempo: 0, sdr: [] },
  };
  const cache = path.join(DEFAULT_OUT, 'encoded');
  for (const piece of pieces) {
    // Keyed by the rendering's hash too, so a re-rendered piece is encoded again.
    const dir = path.join(cache, split, `${piece.meta.id}-${piece.meta.hash}`);
    mkdirSync(dir, { recursive: true });
    const truth = Object.fromEntries(
      STEMS.map((s) => [s, decodeWav(new Uint8Array(readFileSync(piece.files[s]))).channels]),
    ) as Record<(typeof STEMS)[number], Float32Array[]>;
    const measure = (audio: PcmAudio) => {
      const music = analyseMusic(mixDown(audio.channels), audio.sampleRate);
      const stems = separate(audio);
      const mean = STEMS.reduce((sum, s) => sum + sdr(truth[s], stems[s]), 0) / STEMS.length;
      return { key: music.key, bpm: music.bpm, sdr: mean };
    };
    const reference = measure(await decodeFile(piece.files.mix));
    rows.wav.sameKey++;
    rows.wav.sameTempo++;
    rows.wav.sdr.push(reference.sdr);
    for (const format of ENCODED) {
      const result = measure(await decodeFile(encode(format, piece.files.mix, dir)));
      if (result.key === reference.key) rows[format].sameKey++;
      if (result.bpm === reference.bpm) rows[format].sameTempo++;
      rows[format].sdr.push(result.sdr - reference.sdr);
    }
  }
  const n = pieces.length;
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / (xs.length || 1);
  const lines = [
    `Formats through the decode path (${split}, ${n} mixes; lame -b 320, flac -5, oggenc -q 6)`,
    'format  same key as WAV  same tempo as WAV  separator mean SDR (Δ vs WAV; worst piece Δ)',
    `wav     ${'—'.padStart(15)}  ${'—'.padStart(17)}  ${mean(rows.wav.sdr).toFixed(2)} dB`,
  ];
  for (const format of ENCODED) {
    const r = rows[format];
    const worst = r.sdr.reduce((w, d) => (Math.abs(d) > Math.abs(w) ? d : w), 0);
    lines.push(
      `${format.padEnd(6)}  ${`${r.sameKey}/${n}`.padStart(15)}  ${`${r.sameTempo}/${n}`.padStart(17)}  Δ ${mean(r.sdr) >= 0 ? '+' : ''}${mean(r.sdr).toFixed(2)} dB (worst ${worst >= 0 ? '+' : ''}${worst.toFixed(2)} dB)`,
    );
  }
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (name: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i >= 0 ? process.argv[i + 1] : undefined;
  };
  console.log(
    await formatsTable((arg('split') as Split | undefined) ?? 'heldout', Number(arg('count') ?? 8)),
  );
}
