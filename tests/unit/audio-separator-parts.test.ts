import { describe, expect, it } from 'vitest';
import { DecimatedSynthesis } from '../../lambdas/_lib/stems/decimated-synthesis';
import { replaceSorted } from '../../lambdas/_lib/stems/median';
import { Fft, joinPair } from '../../shared/audio/fft';
import { Prng } from '../../shared/audio/prng';

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
    const zr = new Float64Array(N);
    const zi = new Float64Array(N);
    joinPair(xr, xi, yr, yi, zr, zi, bins);
    new Fft(N).inverse(zr, zi);
    const aL = new Float64Array(N);
    const aR = new Float64Array(N);
    decimated!.overlapAdd(xr, xi, yr, yi, bins, aL, aR);
    let signal = 0;
    let error = 0;
    for (let i = 0; i < N; i++) {
      const l = zr[i]! * synthesis[i]!;
      const r = zi[i]! * synthesis[i]!;
      signal += l * l + r * r;
      error += (aL[i]! - l) ** 2 + (aR[i]! - r) ** 2;
    }
    expect(10 * Math.log10(signal / error)).toBeGreaterThan(80);
  });
});
