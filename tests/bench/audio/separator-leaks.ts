/**
 * Where one stem's error lies (dev half only; the held-out half is never read here): per frequency
 * region, the squared error of the separated stem against the true one, and what it is made of, each as
 * a share of the true stem's energy (mean over pieces; mono, 2048-point Hann STFT, hop 512):
 *   - error: |ŝ − s|² per region (their sum is 1 / 10^(SDR/10) of the STFT, about the plain SDR);
 *   - missing: the stem's own energy the separator gave elsewhere, |1 − g|²·|s|², g = ŝ / x the bin's
 *     effective gain (complex, x the mix);
 *   - from <stem>: another stem's energy let in, |g|²·|s_j|².
 * The parts leave out the cross terms between the stems, so they need not sum to the error.
 *
 *   nice -n 5 npx tsx tests/bench/audio/separator-leaks.ts [--stem other] [--from 17] [--count 8]
 */
import { readFileSync } from 'node:fs';
import { DspSeparator } from '../../../lambdas/_lib/stems/dsp-separator';
import { Fft } from '../../../shared/audio/fft';
import { ensureMaterial, STEMS, type Stem } from './material';
import { monoOf } from './plain-sdr';

const N = 2048;
const HOP = 512;
const EDGES = [0, 120, 250, 500, 1000, 2000, 4000, 8000, 22050];
const fft = new Fft(N);
const WINDOW = Float64Array.from({ length: N }, (_, i) => 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / N));

function stft(x: Float64Array): { re: Float64Array; im: Float64Array }[] {
  const frames = [];
  for (let at = 0; at < x.length; at += HOP) {
    const re = new Float64Array(N);
    const im = new Float64Array(N);
    for (let i = 0; i < N && at + i < x.length; i++) re[i] = x[at + i]! * WINDOW[i]!;
    fft.forward(re, im);
    frames.push({ re, im });
  }
  return frames;
}

async function main(): Promise<void> {
  const arg = (name: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i >= 0 ? process.argv[i + 1] : undefined;
  };
  const stem = (arg('stem') ?? 'other') as Stem;
  const target = STEMS.indexOf(stem);
  if (target < 0) throw new Error(`--stem: one of ${STEMS.join(', ')}`);
  const from = Number(arg('from') ?? 17);
  const count = Number(arg('count') ?? 8);
  const pieces = (await ensureMaterial({ split: 'dev', count: from - 1 + count })).slice(from - 1);
  const rows = ['truth', 'error', 'missing', ...STEMS.filter((s) => s !== stem).map((s) => `from ${s}`)];
  const mean = rows.map(() => EDGES.slice(1).map(() => 0));
  for (const piece of pieces) {
    const mix = new Uint8Array(readFileSync(piece.files.mix));
    const separated = new DspSeparator().separateSync(mix);
    const refs = STEMS.map((s) => stft(monoOf(new Uint8Array(readFileSync(piece.files[s])))));
    const estimate = stft(monoOf(separated[stem]));
    const sums = rows.map(() => EDGES.slice(1).map(() => 0));
    for (let f = 0; f < estimate.length; f++) {
      for (let k = 1, b = 0; k < N / 2; k++) {
        while ((k * 44100) / N >= EDGES[b + 1]!) b++;
        const s = refs[target]![f]!;
        const e = estimate[f]!;
        let xr = 0;
        let xi = 0;
        for (const ref of refs) [xr, xi] = [xr + ref[f]!.re[k]!, xi + ref[f]!.im[k]!];
        const power = xr * xr + xi * xi + 1e-20;
        const gr = (e.re[k]! * xr + e.im[k]! * xi) / power;
        const gi = (e.im[k]! * xr - e.re[k]! * xi) / power;
        sums[0]![b]! += s.re[k]! ** 2 + s.im[k]! ** 2;
        sums[1]![b]! += (e.re[k]! - s.re[k]!) ** 2 + (e.im[k]! - s.im[k]!) ** 2;
        sums[2]![b]! += ((1 - gr) ** 2 + gi * gi) * (s.re[k]! ** 2 + s.im[k]! ** 2);
        let row = 3;
        refs.forEach((ref, j) => {
          if (j === target) return;
          sums[row++]![b]! += (gr * gr + gi * gi) * (ref[f]!.re[k]! ** 2 + ref[f]!.im[k]! ** 2);
        });
      }
    }
    const energy = sums[0]!.reduce((a, v) => a + v, 0) + 1e-20;
    sums.forEach((row, r) => row.forEach((v, b) => (mean[r]![b]! += v / energy / pieces.length)));
    const error = sums[1]!.reduce((a, v) => a + v, 0) / energy;
    process.stderr.write(`${piece.meta.id} ${piece.meta.genre}: error ${error.toFixed(3)} of ${stem}\n`);
  }
  console.log(
    `dev ${pieces[0]?.meta.id} … ${pieces.at(-1)?.meta.id}: ${stem}, shares of its energy by region`,
  );
  const header = EDGES.slice(1).map((hi, b) => `${EDGES[b]}–${hi}`.padStart(11));
  console.log(`${''.padEnd(12)}${header.join('')}${'all'.padStart(8)}`);
  rows.forEach((name, r) => {
    const row = mean[r]!;
    const all = row.reduce((a, v) => a + v, 0);
    console.log(
      `${name.padEnd(12)}${row.map((v) => v.toFixed(3).padStart(11)).join('')}${all.toFixed(3).padStart(8)}`,
    );
  });
}

await main();
