import { describe, expect, it } from 'vitest';
import {
  harmonicContext,
  neighbourhoods,
  SongContext,
  TimeContext,
} from '../../lambdas/_lib/stems/context-model';
import { CONTEXT_PASSES } from '../../lambdas/_lib/stems/context-model-weights';
import { DecimatedSynthesis } from '../../lambdas/_lib/stems/decimated-synthesis';
import { median, median9, mediansAt, replaceSorted, slidingMedian } from '../../lambdas/_lib/stems/median';
import { evaluatedBins, fillSkipped } from '../../lambdas/_lib/stems/sparse-bins';
import { StemSplitStream } from '../../lambdas/_lib/stems/stem-stream';
import { Fft, joinPair } from '../../shared/audio/fft';
import { Prng } from '../../shared/audio/prng';
import { DspSeparator } from '../../lambdas/_lib/stems/dsp-separator';
import { decodeWav, encodeWav } from '../../shared/audio/wav';

// The separator's speed-ups must not change what it computes: each part against the plain computation.

describe('FFT', () => {
  it.each([2, 4, 8, 32, 64, 512])('matches a direct DFT at every bin (%i points)', (n) => {
    const rng = new Prng(n);
    const re = Float64Array.from({ length: n }, () => rng.next() - 0.5);
    const im = Float64Array.from({ length: n }, () => rng.next() - 0.5);
    const zr = re.slice();
    const zi = im.slice();
    new Fft(n).forward(zr, zi);
    for (let k = 0; k < n; k++) {
      let sr = 0;
      let si = 0;
      for (let t = 0; t < n; t++) {
        const a = (-2 * Math.PI * k * t) / n;
        sr += re[t]! * Math.cos(a) - im[t]! * Math.sin(a);
        si += re[t]! * Math.sin(a) + im[t]! * Math.cos(a);
      }
      expect(zr[k]).toBeCloseTo(sr, 9);
      expect(zi[k]).toBeCloseTo(si, 9);
    }
  });
});

describe('time median by a sorted sliding window', () => {
  it('gives the median of the last K values after every swap', () => {
    const K = 17;
    const rng = new Prng(7);
    const ring = new Float32Array(K);
    const sorted = new Float32Array(K + 3);
    for (let j = 0; j < 2000; j++) {
      // Repeated values and jumps as well as small changes.
      const value = Math.fround(j % 50 === 0 ? 0 : Math.round(rng.next() * 40) / 4);
      // The window sits at an offset inside a larger array, as each bin's does.
      replaceSorted(sorted, 3, K, ring[j % K]!, value);
      ring[j % K] = value;
      const expected = Array.from(ring).sort((a, b) => a - b);
      expect(Array.from(sorted.subarray(3))).toEqual(expected);
    }
  });
});

describe('frequency median by a sorted sliding window', () => {
  it.each([
    [200, 30, 200],
    [200, 30, 150],
    [40, 30, 40],
  ])(
    'gives the median of each window, also at the edges (%i bins, half-width %i, up to %i)',
    (count, half, upTo) => {
      const rng = new Prng(count + half);
      // Repeated values as well as a spread, as a spectrum's quiet bins repeat the floor.
      const src = Float32Array.from({ length: count }, (_, k) =>
        k % 7 === 0 ? 0.5 : Math.round(rng.next() * 64) / 8,
      );
      const out = new Float32Array(count);
      slidingMedian(src, count, half, new Float32Array(2 * half + 1), out, upTo);
      const scratch = new Float32Array(count);
      for (let k = 0; k < upTo; k++) {
        const from = Math.max(0, k - half);
        const to = Math.min(count, k + half + 1);
        expect(out[k], `bin ${k}`).toBe(median(src, from, to - from, scratch));
      }
    },
  );
});

describe('frequency median at chosen bins', () => {
  it('gives the median of each chosen bin’s window, sliding between near bins and sorting anew after gaps', () => {
    const count = 300;
    const half = 7;
    const rng = new Prng(11);
    const src = Float32Array.from({ length: count }, (_, k) =>
      k % 5 === 0 ? 1 : Math.round(rng.next() * 40) / 4,
    );
    // Every fourth bin, as the full band reads the long window, with gaps and both edges.
    const bins = [0, 3, 40, 44, 48, 52, 56, 57, 90, 200, 204, 208, 289, 293, 297, 299];
    const out = new Float32Array(count);
    mediansAt(src, count, half, bins, new Float32Array(2 * half + 1), out);
    const scratch = new Float32Array(count);
    for (const k of bins) {
      const from = Math.max(0, k - half);
      const to = Math.min(count, k + half + 1);
      expect(out[k], `bin ${k}`).toBe(median(src, from, to - from, scratch));
    }
  });
});

describe('median of nine by a network', () => {
  it('gives the fifth smallest of any nine values, ties included', () => {
    const rng = new Prng(9);
    for (let trial = 0; trial < 5000; trial++) {
      // Few distinct values in some trials, so that ties are common.
      const levels = trial % 2 ? 4 : 1000;
      const v = Float32Array.from({ length: 9 }, () => Math.floor(rng.next() * levels));
      const expected = Array.from(v).sort((a, b) => a - b)[4];
      expect(median9(v.slice())).toBe(expected);
    }
  });
});

describe('band-limited resynthesis at a reduced rate', () => {
  it('overlap-adds the same frame as the full-size inverse FFT, within −80 dB', () => {
    const N = 8192;
    const bins = 48;
    const synthesis = Float64Array.from({ length: N }, (_, i) => 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / N));
    const decimated = DecimatedSynthesis.for(N, bins, synthesis);
    expect(decimated).toBeDefined();
    // A band that reaches half the spectrum cannot be decimated.
    expect(DecimatedSynthesis.for(N, N / 2 + 1, synthesis)).toBeUndefined();
    const rng = new Prng(3);
    const half = () => Float64Array.from({ length: bins }, () => rng.next() - 0.5);
    const [xr, xi, yr, yi] = [half(), half(), half(), half()];
    xi[0] = 0;
    yi[0] = 0;
    const fft = new Fft(N);
    const spectrum = fft.complexArray();
    const z = fft.complexArray();
    joinPair(xr, xi, yr, yi, spectrum, bins);
    fft.inverseTransform(spectrum, z);
    const aL = new Float64Array(N);
    const aR = new Float64Array(N);
    decimated!.overlapAdd(xr, xi, yr, yi, bins, aL, aR);
    let signal = 0;
    let error = 0;
    for (let i = 0; i < N; i++) {
      const l = z[2 * i]! * synthesis[i]!;
      const r = z[2 * i + 1]! * synthesis[i]!;
      signal += l * l + r * r;
      error += (aL[i]! - l) ** 2 + (aR[i]! - r) ** 2;
    }
    expect(10 * Math.log10(signal / error)).toBeGreaterThan(80);
  });
});

describe("the second pass's neighbourhood", () => {
  it("is each bin's own log-odds and the magnitude-weighted mean of its neighbours' (running sums)", () => {
    const rng = new Prng(7);
    const bins = 300;
    const widths = [2, 8];
    const stride = 9;
    const own = Float32Array.from({ length: bins * 3 }, () => rng.next() * 8 - 4);
    // Silent stretches too: a bin whose whole neighbourhood is silent gets zeros, not NaN.
    const magnitude = Float32Array.from({ length: bins }, (_, k) =>
      k >= 100 && k < 130 ? 0 : rng.next() * 50,
    );
    const context = new Float32Array(bins * stride);
    neighbourhoods(own, magnitude, bins, widths, context, new Float64Array(bins * 4));
    for (let k = 0; k < bins; k++) {
      for (let s = 0; s < 3; s++) expect(context[k * stride + s]).toBe(own[k * 3 + s]);
      widths.forEach((h, n) => {
        let w = 0;
        const sums = [0, 0, 0];
        for (let q = Math.max(0, k - h); q <= Math.min(bins - 1, k + h); q++) {
          w += magnitude[q]!;
          for (let s = 0; s < 3; s++) sums[s]! += magnitude[q]! * own[q * 3 + s]!;
        }
        for (let s = 0; s < 3; s++)
          expect(context[k * stride + 3 * (n + 1) + s]).toBeCloseTo(w > 0 ? sums[s]! / w : 0, 3);
      });
    }
  });
});

describe("the second pass's harmonics", () => {
  it("is the magnitude-weighted mean of a bin's log-odds and those around each multiple of its frequency", () => {
    const rng = new Prng(9);
    const bins = 301;
    const multiples = [0.5, 2, 3];
    const stride = 3 * (1 + multiples.length) + 2;
    const at = 3;
    const own = Float32Array.from({ length: bins * 3 }, () => rng.next() * 8 - 4);
    // A silent stretch: a multiple landing in it reads the bin's own log-odds, a silent bin zeros, not NaN.
    const magnitude = Float32Array.from({ length: bins }, (_, k) =>
      k >= 200 && k < 240 ? 0 : rng.next() * 50,
    );
    const context = new Float32Array(bins * stride).fill(99);
    harmonicContext(own, magnitude, bins, multiples, context, stride, at, new Float64Array(bins * 4));
    for (let k = 0; k < bins; k++) {
      multiples.forEach((r, i) => {
        const centre = Math.round(r * k);
        const h = Math.ceil(r);
        // The bin's own log-odds anchor the mean: alone where its relatives are silent or above the top.
        let w = magnitude[k]!;
        const sums = [0, 1, 2].map((s) => magnitude[k]! * own[k * 3 + s]!);
        if (centre < bins)
          for (let q = Math.max(0, centre - h); q <= Math.min(bins - 1, centre + h); q++) {
            w += magnitude[q]!;
            for (let s = 0; s < 3; s++) sums[s]! += magnitude[q]! * own[q * 3 + s]!;
          }
        for (let s = 0; s < 3; s++)
          expect(context[k * stride + at + 3 * i + s], `bin ${k} ×${r}`).toBeCloseTo(
            w > 0 ? sums[s]! / w : 0,
            3,
          );
      });
      // Nothing outside its columns is written.
      expect(context[k * stride]).toBe(99);
      expect(context[k * stride + stride - 1]).toBe(99);
    }
  });
});

/**
 * Each bin's three log-odds in context[bin · stride + at …] are the mean of `frames`' own, each frame
 * weighing its magnitude times its `weight` (0 where they all are silent).
 */
function expectWeightedMeans(
  context: Float32Array,
  stride: number,
  at: number,
  frames: { own: Float32Array; magnitude: Float32Array; weight: number }[],
  digits: number,
): void {
  for (let k = 0; k < context.length / stride; k++)
    for (let s = 0; s < 3; s++) {
      let sum = 0;
      let w = 0;
      for (const f of frames) {
        sum += f.weight * f.magnitude[k]! * f.own[k * 3 + s]!;
        w += f.weight * f.magnitude[k]!;
      }
      expect(context[k * stride + at + s]).toBeCloseTo(w > 0 ? sum / w : 0, digits);
    }
}

describe("the second pass's frames around", () => {
  it("is the magnitude-weighted mean of a bin's log-odds over this frame and the ones before", () => {
    const rng = new Prng(11);
    const bins = 40;
    const frames = 3;
    const stride = 6;
    const past = new TimeContext(bins, frames);
    const history: { own: Float32Array; magnitude: Float32Array }[] = [];
    // Past the running sums' exact re-summing (every 256 frames) twice.
    for (let t = 0; t < 600; t++) {
      const own = Float32Array.from({ length: bins * 3 }, () => rng.next() * 8 - 4);
      // A bin always silent, and one loud and then silent, get zeros once silent: not NaN, not the
      // running sums' rounding divided by itself.
      const magnitude = Float32Array.from({ length: bins }, (_, k) =>
        k === 5 || (k === 7 && t >= 100) ? 0 : rng.next() * 50 * (k === 7 ? 1e4 : 1),
      );
      history.push({ own, magnitude });
      const context = new Float32Array(bins * stride);
      past.fill(own, magnitude, context, stride, 3);
      const recent = history.slice(-(frames + 1)).map((f) => ({ ...f, weight: 1 }));
      expectWeightedMeans(context, stride, 3, recent, 3);
      history.splice(0, history.length - (frames + 1));
    }
  });
});

describe('the song input', () => {
  it("is each bin's magnitude-weighted mean over every frame so far, older frames weighing exponentially less", () => {
    const rng = new Prng(19);
    const bins = 12;
    const frames = 8;
    const stride = 9;
    const song = new SongContext(bins, frames);
    const history: { own: Float32Array; magnitude: Float32Array }[] = [];
    for (let t = 0; t < 200; t++) {
      const own = Float32Array.from({ length: bins * 3 }, () => rng.next() * 8 - 4);
      // A bin always silent reads zeros, not NaN.
      const magnitude = Float32Array.from({ length: bins }, (_, k) => (k === 3 ? 0 : rng.next() * 20));
      history.push({ own, magnitude });
      const context = new Float32Array(bins * stride);
      song.fill(own, magnitude, context, stride, 6);
      if (t % 37 !== 0) continue;
      const weighted = history.map((f, at) => ({ ...f, weight: Math.exp(-(t - at) / frames) }));
      expectWeightedMeans(context, stride, 6, weighted, 4);
    }
  });
});

describe('a pass that reads later frames', () => {
  it('holds the masks back, at most as far as the time median looks ahead', () => {
    const [pass] = CONTEXT_PASSES;
    // The shipped pass reads 4 later frames: the median's half-width at the default 9-frame kernel.
    expect(pass!.futureFrames).toBe(4);
    expect(() => new StemSplitStream(44100, 2, { context: [{ ...pass!, futureFrames: 5 }] })).toThrow(
      /mask lag too long/,
    );
    expect(() => new StemSplitStream(44100, 2, { timeKernel: 7, context: [pass!] })).toThrow(/mask lag/);
  });
});

describe('fewer bins at the top', () => {
  it('evaluates every bin below the first threshold, every other one above it, every fourth above the second, and the last', () => {
    expect([...evaluatedBins(10, 4)]).toEqual([0, 1, 2, 3, 4, 6, 8, 9]);
    expect([...evaluatedBins(11, 4)]).toEqual([0, 1, 2, 3, 4, 6, 8, 10]);
    expect([...evaluatedBins(20, 2, 6)]).toEqual([0, 1, 2, 4, 6, 10, 14, 18, 19]);
    expect([...evaluatedBins(5, 9)]).toEqual([0, 1, 2, 3, 4]);
  });

  it('interpolates each skipped bin linearly between the evaluated bins around it, and leaves those', () => {
    const bins = evaluatedBins(20, 2, 6);
    const values = Float32Array.from({ length: 20 * 2 }, (_, i) => (i % 2 ? -1 : 1) * i * i);
    const before = values.slice();
    fillSkipped(values, 2, bins);
    for (let i = 0; i + 1 < bins.length; i++) {
      const [a, b] = [bins[i]!, bins[i + 1]!];
      for (let c = 0; c < 2; c++) {
        expect(values[a * 2 + c]).toBe(before[a * 2 + c]);
        for (let k = a + 1; k < b; k++) {
          const expected =
            before[a * 2 + c]! + ((before[b * 2 + c]! - before[a * 2 + c]!) * (k - a)) / (b - a);
          expect(values[k * 2 + c]).toBeCloseTo(expected, 3);
        }
      }
    }
    expect(values[10 * 2]).toBe(before[10 * 2]);
    expect(values[12 * 2]).toBeCloseTo((before[10 * 2]! + before[14 * 2]!) / 2, 3);
  });
});

describe('the sparse top bins in the separator', { timeout: 60_000 }, () => {
  it('split a bright mix (noise bursts, a high tone with partials) almost as every bin does', () => {
    const SR = 44100;
    const n = 2 * SR;
    const rng = new Prng(3);
    const left = new Float32Array(n);
    for (let i = 0; i < n; i++) {
      const burst = (i % (SR / 4)) / SR < 0.05 ? 0.3 * (rng.next() - 0.5) : 0;
      let tone = 0;
      for (let h = 1; h <= 6; h++) tone += (0.1 / h) * Math.sin((2 * Math.PI * 1500 * h * i) / SR);
      left[i] = burst + tone;
    }
    const wav = encodeWav({ sampleRate: SR, channels: [left, left.slice()] });
    const sparse = new DspSeparator().separateSync(wav);
    const every = new DspSeparator({ sparseFromHz: Infinity }).separateSync(wav);
    for (const name of ['vocals', 'drums', 'other'] as const) {
      const a = decodeWav(sparse[name]).channels[0]!;
      const b = decodeWav(every[name]).channels[0]!;
      let signal = 0;
      let difference = 0;
      for (let i = 0; i < n; i++) {
        signal += b[i]! ** 2;
        difference += (a[i]! - b[i]!) ** 2;
      }
      // Skipped bins left empty would lose everything above 4 kHz (about a fifth of this mix's energy).
      expect(10 * Math.log10(signal / difference), name).toBeGreaterThan(20);
    }
  });
});
