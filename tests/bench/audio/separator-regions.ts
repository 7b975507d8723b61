/**
 * Where the separator loses its SDR (dev half only; the held-out half is never read here). The
 * separator's mono stems are mixed again in the STFT domain (2048 points, hop 512, √Hann analysis and
 * synthesis) with the oracle ratio mask (each stem's share |S_i| / Σ|S_j| of the mix) in one region at a
 * time, and scored with the sweep's plain mono SDR:
 *   - oracle under 250 Hz: every stem's bins below 250 Hz from the oracle, the rest as separated;
 *   - oracle from 250 Hz: the opposite;
 *   - oracle vocals|other: the separated vocals + other of each bin shared between the two by the oracle
 *     (the other stems as separated): what telling a voice from the instruments costs;
 *   - oracle drums: the drums stem from the oracle alone (the others as separated);
 *   - oracle IRM: every bin from the oracle (the ceiling of a mask).
 *
 *   nice -n 5 npx tsx tests/bench/audio/separator-regions.ts --from 17 --count 8
 */
import { readFileSync } from 'node:fs';
import { DspSeparator } from '../../../lambdas/_lib/stems/dsp-separator';
import { Fft } from '../../../shared/audio/fft';
import { decodeWav } from '../../../shared/audio/wav';
import { monoOf, plainSdr } from './plain-sdr';
import { ensureMaterial, STEMS } from './material';

const N = 2048;
const HOP = N / 4;
const SPLIT_HZ = 250;
const fft = new Fft(N);
/** √Hann: analysis × synthesis is a Hann window, which sums to 2 at hop N/4. */
const WINDOW = Float64Array.from({ length: N }, (_, i) =>
  Math.sqrt(0.5 - 0.5 * Math.cos((2 * Math.PI * i) / N)),
);

type Spectrum = { re: Float64Array; im: Float64Array }[];

function stft(x: Float64Array): Spectrum {
  const frames = Math.ceil(x.length / HOP) + 3;
  return Array.from({ length: frames }, (_, f) => {
    const re = new Float64Array(N);
    const im = new Float64Array(N);
    for (let i = 0; i < N; i++) {
      const n = f * HOP - N + HOP + i;
      if (n >= 0 && n < x.length) re[i] = x[n]! * WINDOW[i]!;
    }
    fft.forward(re, im);
    return { re, im };
  });
}

function istft(spectrum: Spectrum, length: number): Float64Array {
  const y = new Float64Array(length);
  spectrum.forEach(({ re: re0, im: im0 }, f) => {
    const re = Float64Array.from(re0);
    const im = Float64Array.from(im0);
    fft.inverse(re, im);
    for (let i = 0; i < N; i++) {
      const n = f * HOP - N + HOP + i;
      if (n >= 0 && n < length) y[n]! += (re[i]! * WINDOW[i]!) / 2;
    }
  });
  return y;
}

/** Per bin of the full FFT (both halves), how a hybrid takes stem s: 'oracle', 'separated' or 'shared'. */
type Rule = (s: number, hz: number) => 'oracle' | 'separated' | 'shared';

const HYBRIDS: Record<string, Rule> = {
  separator: () => 'separated',
  [`oracle under ${SPLIT_HZ} Hz`]: (_, hz) => (hz < SPLIT_HZ ? 'oracle' : 'separated'),
  [`oracle from ${SPLIT_HZ} Hz`]: (_, hz) => (hz >= SPLIT_HZ ? 'oracle' : 'separated'),
  'oracle vocals|other': (s) => (STEMS[s] === 'vocals' || STEMS[s] === 'other' ? 'shared' : 'separated'),
  'oracle drums': (s) => (STEMS[s] === 'drums' ? 'oracle' : 'separated'),
  'oracle IRM': () => 'oracle',
};
const SHARED = [STEMS.indexOf('vocals'), STEMS.indexOf('other')];

function hybrid(
  rule: Rule,
  s: number,
  mix: Spectrum,
  refs: Spectrum[],
  separated: Spectrum[],
  rate: number,
): Spectrum {
  return mix.map((x, f) => {
    const re = new Float64Array(N);
    const im = new Float64Array(N);
    for (let k = 0; k < N; k++) {
      const hz = ((k <= N / 2 ? k : N - k) * rate) / N;
      const how = rule(s, hz);
      if (how === 'separated') {
        re[k] = separated[s]![f]!.re[k]!;
        im[k] = separated[s]![f]!.im[k]!;
        continue;
      }
      const share = (i: number) => Math.hypot(refs[i]![f]!.re[k]!, refs[i]![f]!.im[k]!);
      const group = how === 'oracle' ? refs.map((_, i) => i) : SHARED;
      const weight = share(s) / (group.reduce((sum, i) => sum + share(i), 0) + 1e-12);
      // 'oracle' shares the mix; 'shared' shares what the separator gave vocals and other together.
      const from = how === 'oracle' ? [x] : SHARED.map((i) => separated[i]![f]!);
      re[k] = weight * from.reduce((sum, b) => sum + b.re[k]!, 0);
      im[k] = weight * from.reduce((sum, b) => sum + b.im[k]!, 0);
    }
    return { re, im };
  });
}

async function main(): Promise<void> {
  const arg = (name: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i >= 0 ? process.argv[i + 1] : undefined;
  };
  const from = Number(arg('from') ?? 17);
  const count = Number(arg('count') ?? 8);
  const pieces = (await ensureMaterial({ split: 'dev', count: from - 1 + count })).slice(from - 1);
  const totals = new Map(Object.keys(HYBRIDS).map((name) => [name, STEMS.map(() => 0)]));
  for (const piece of pieces) {
    const mixBytes = new Uint8Array(readFileSync(piece.files.mix));
    const rate = decodeWav(mixBytes).sampleRate;
    const refs = STEMS.map((s) => monoOf(new Uint8Array(readFileSync(piece.files[s]))));
    const stems = new DspSeparator().separateSync(mixBytes);
    const [mix, refSpectra, separated] = [
      stft(monoOf(mixBytes)),
      refs.map(stft),
      STEMS.map((s) => stft(monoOf(stems[s]))),
    ];
    const line: string[] = [];
    for (const [name, rule] of Object.entries(HYBRIDS)) {
      const sdr = refs.map((ref, s) =>
        plainSdr(ref, istft(hybrid(rule, s, mix, refSpectra, separated, rate), ref.length)),
      );
      sdr.forEach((v, s) => (totals.get(name)![s]! += v));
      line.push(sdr.map((v) => v.toFixed(1)).join(' '));
    }
    process.stderr.write(`${piece.meta.id}  ${line.join(' | ')}\n`);
  }
  console.log(`dev ${pieces[0]?.meta.id} … ${pieces.at(-1)?.meta.id}: plain mono SDR, mean over pieces`);
  console.log(`${'stems'.padEnd(24)} vocals   drums    bass   other    mean`);
  for (const [name, sums] of totals) {
    const per = sums.map((v) => v / pieces.length);
    const mean = per.reduce((a, b) => a + b, 0) / per.length;
    console.log(`${name.padEnd(24)}${[...per, mean].map((v) => v.toFixed(2).padStart(7)).join(' ')}`);
  }
}

await main();
