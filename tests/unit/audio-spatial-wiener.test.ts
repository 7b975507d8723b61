import { describe, expect, it } from 'vitest';
import { SpatialWiener, type StereoOut, type StereoSpectrum } from '../../lambdas/_lib/stems/spatial-wiener';
import { Prng } from '../../shared/audio/prng';

// The multichannel Wiener filter over the separator's masks, on spectra built from known sources.

const BINS = 64;

function spectrum(): StereoSpectrum {
  return {
    lr: new Float64Array(BINS),
    li: new Float64Array(BINS),
    rr: new Float64Array(BINS),
    ri: new Float64Array(BINS),
  };
}
const outputs = (n: number): StereoOut[] =>
  Array.from({ length: n }, () => [0, 1, 2, 3].map(() => new Float64Array(BINS)) as StereoOut);

/** A random complex value per bin, panned by the gains (gl, gr), added into `x`. */
function addPanned(x: StereoSpectrum, rng: Prng, gl: number, gr: number): StereoSpectrum {
  const own = spectrum();
  for (let k = 0; k < BINS; k++) {
    const re = rng.next() - 0.5;
    const im = rng.next() - 0.5;
    own.lr[k] = gl * re;
    own.li[k] = gl * im;
    own.rr[k] = gr * re;
    own.ri[k] = gr * im;
    x.lr[k]! += own.lr[k]!;
    x.li[k]! += own.li[k]!;
    x.rr[k]! += own.rr[k]!;
    x.ri[k]! += own.ri[k]!;
  }
  return own;
}

describe('SpatialWiener', () => {
  it('gives the masks when every source sits in the same place (a mono input)', () => {
    const filter = new SpatialWiener(BINS, 2, 50);
    const rng = new Prng(1);
    const out = outputs(2);
    for (let frame = 0; frame < 40; frame++) {
      const x = spectrum();
      addPanned(x, rng, 1, 1);
      const masks = [0.2, 0.5].map((m) =>
        Float32Array.from({ length: BINS }, (_, k) => m + 0.1 * Math.sin(k)),
      );
      filter.apply(x, masks, out);
      for (let k = 0; k < BINS; k++) {
        // Within the diagonal loading (10⁻³ of the power).
        expect(out[0]![0][k]! / (x.lr[k]! * masks[0]![k]!)).toBeCloseTo(1, 2);
        expect(out[1]![3][k]! / (x.ri[k]! * masks[1]![k]!)).toBeCloseTo(1, 2);
      }
    }
  });

  it('splits two sources panned apart better than masks that only roughly tell them apart', () => {
    // One source mostly left, one mostly right, each bin's levels random: the mask knows only a shrunk
    // version of each bin's true share (halfway to ½), as a model's estimate would. The images the masks
    // give over many frames tell the filter where each source sits, and it recovers more of the rest.
    const filter = new SpatialWiener(BINS, 1, 30);
    const rng = new Prng(7);
    const out = outputs(1);
    const mask = [new Float32Array(BINS)];
    let filtered = 0;
    let masked = 0;
    let signal = 0;
    for (let frame = 0; frame < 300; frame++) {
      const x = spectrum();
      const left = addPanned(x, rng, 0.95 * rng.next(), 0.3);
      const right = addPanned(x, rng, 0.3, 0.95);
      for (let k = 0; k < BINS; k++) {
        const a = Math.hypot(left.lr[k]!, left.li[k]!, left.rr[k]!, left.ri[k]!);
        const b = Math.hypot(right.lr[k]!, right.li[k]!, right.rr[k]!, right.ri[k]!);
        mask[0]![k] = 0.5 + 0.5 * (a / (a + b + 1e-12) - 0.5);
      }
      filter.apply(x, mask, out);
      if (frame < 100) continue;
      const [xr, xi, yr, yi] = out[0]!;
      const m = mask[0]!;
      for (let k = 0; k < BINS; k++) {
        const truth = [left.lr[k]!, left.li[k]!, left.rr[k]!, left.ri[k]!];
        const byFilter = [xr[k]!, xi[k]!, yr[k]!, yi[k]!];
        const byMask = [x.lr[k]!, x.li[k]!, x.rr[k]!, x.ri[k]!].map((v) => v * m[k]!);
        truth.forEach((t, i) => {
          filtered += (byFilter[i]! - t) ** 2;
          masked += (byMask[i]! - t) ** 2;
          signal += t * t;
        });
      }
    }
    const sdr = (e: number) => 10 * Math.log10(signal / e);
    expect(sdr(filtered)).toBeGreaterThan(sdr(masked) + 1);
  });

  it('stays finite on silence and on a single source with a rank-one image', () => {
    const filter = new SpatialWiener(BINS, 2, 20);
    const out = outputs(2);
    const masks = [new Float32Array(BINS).fill(1), new Float32Array(BINS)];
    filter.apply(spectrum(), masks, out);
    const rng = new Prng(3);
    for (let frame = 0; frame < 30; frame++) {
      const x = spectrum();
      addPanned(x, rng, 1, 0.5);
      filter.apply(x, masks, out);
    }
    for (const o of out) for (const part of o) for (const v of part) expect(Number.isFinite(v)).toBe(true);
  });
});
