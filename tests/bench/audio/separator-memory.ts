/**
 * One separation of a 10-minute 48 kHz 24-bit stereo WAV in this (fresh) process, as the pipeline-split
 * function does it (whole input in memory, four 16-bit stem WAVs out); prints peak RSS and speed.
 * The input is the given material mixes, resampled to 48 kHz and repeated to ten minutes.
 *   npx tsx tests/bench/audio/separator-memory.ts <mix.wav>...   (separator.ts runs it)
 */
import { readFileSync } from 'node:fs';
import { DspSeparator } from '../../../lambdas/_lib/stems/dsp-separator';
import { decodeWav, wavHeader } from '../../../shared/audio/wav';

const RATE = 48000;
const SECONDS = 600;
const sources = process.argv.slice(2).map((file) => decodeWav(new Uint8Array(readFileSync(file))));
if (sources.length === 0) throw new Error('usage: separator-memory.ts <mix.wav>...');

const frames = RATE * SECONDS;
const wav = new Uint8Array(44 + frames * 6);
wav.set(wavHeader(frames, 2, RATE, 'pcm24'), 0);
let source = 0;
let at = 0; // position in the current source, in its own samples
for (let i = 0, p = 44; i < frames; i++) {
  let s = sources[source]!;
  const step = s.sampleRate / RATE;
  if (at + 1 >= s.channels[0]!.length) {
    source = (source + 1) % sources.length;
    s = sources[source]!;
    at = 0;
  }
  const k = Math.floor(at);
  const f = at - k;
  for (let c = 0; c < 2; c++) {
    const ch = s.channels[c] ?? s.channels[0]!;
    const v = Math.round((ch[k]! * (1 - f) + ch[k + 1]! * f) * 8388607);
    const q = Math.max(-8388608, Math.min(8388607, v));
    wav[p++] = q & 0xff;
    wav[p++] = (q >> 8) & 0xff;
    wav[p++] = (q >> 16) & 0xff;
  }
  at += step;
}
sources.length = 0;

const before = process.resourceUsage().maxRSS;
const cpu0 = process.cpuUsage();
const wall0 = performance.now();
const stems = await new DspSeparator().separate(wav);
const cpu = process.cpuUsage(cpu0);
const cpuSeconds = (cpu.user + cpu.system) / 1e6;
const wall = (performance.now() - wall0) / 1000;
const peak = process.resourceUsage().maxRSS / 1024;
const out = Object.values(stems).reduce((a, s) => a + s.length, 0) / 1e6;
console.log(
  `10-minute 48 kHz 24-bit stereo input (${(wav.length / 1e6).toFixed(0)} MB; stems ${out.toFixed(0)} MB): ` +
    `peak RSS ${peak.toFixed(0)} MB (before separating ${(before / 1024).toFixed(0)} MB; function limit 3008 MB), ` +
    `${(SECONDS / cpuSeconds).toFixed(1)}× real time per CPU second, ${(SECONDS / wall).toFixed(1)}× wall`,
);
