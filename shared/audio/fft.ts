import FFT from 'fft.js';

/**
 * Complex FFTs of power-of-two sizes through fft.js (radix-4), on interleaved arrays
 * [re0, im0, re1, im1, …]. Two real signals go through one complex transform (x + i·y); `splitPair` and
 * `joinPair` separate and recombine their spectra, which is how the stem separator handles left and
 * right together.
 */

/** Interleaved complex values. fft.js is fastest on plain arrays of numbers (about 1.3× its speed on a
 * Float64Array here), so the hot paths keep theirs from `Fft.complexArray`. */
export type ComplexArray = number[];

export class Fft {
  readonly size: number;
  private readonly engine: FFT;
  // Buffers of the split-array convenience methods.
  private readonly input: ComplexArray;
  private readonly output: ComplexArray;

  constructor(size: number) {
    if (size < 2 || (size & (size - 1)) !== 0)
      throw new RangeError(`FFT size must be a power of two, got ${size}`);
    this.size = size;
    this.engine = new FFT(size);
    this.input = this.complexArray();
    this.output = this.complexArray();
  }

  /** A zeroed interleaved array of `size` complex values. */
  complexArray(): ComplexArray {
    return new Array<number>(2 * this.size).fill(0);
  }

  /** Forward transform (e^{-iωt}), unscaled, of `input` into `output` (two different arrays). */
  transform(input: ComplexArray, output: ComplexArray): void {
    this.engine.transform(output, input);
  }

  /** Inverse transform, scaled by 1/N, of `input` into `output` (two different arrays). */
  inverseTransform(input: ComplexArray, output: ComplexArray): void {
    this.engine.inverseTransform(output, input);
  }

  /** Forward transform of split real and imaginary parts, in place (for code off the hot paths). */
  forward(re: Float64Array, im: Float64Array): void {
    this.throughSplit(re, im, false);
  }

  /** Inverse transform (scaled by 1/N) of split real and imaginary parts, in place. */
  inverse(re: Float64Array, im: Float64Array): void {
    this.throughSplit(re, im, true);
  }

  private throughSplit(re: Float64Array, im: Float64Array, inverse: boolean): void {
    const { input, output, size } = this;
    for (let i = 0; i < size; i++) {
      input[2 * i] = re[i]!;
      input[2 * i + 1] = im[i]!;
    }
    if (inverse) this.engine.inverseTransform(output, input);
    else this.engine.transform(output, input);
    for (let i = 0; i < size; i++) {
      re[i] = output[2 * i]!;
      im[i] = output[2 * i + 1]!;
    }
  }
}

/**
 * From Z = FFT(x + i·y) (interleaved), writes the half spectra (bins 0..N/2) of the real signals x and y:
 * X[k] = (Z[k] + conj Z[N−k]) / 2, Y[k] = (Z[k] − conj Z[N−k]) / 2i.
 * `bins` limits the output to bins 0..bins−1 (a caller that only needs a low band).
 */
export function splitPair(
  z: ComplexArray,
  xr: Float64Array,
  xi: Float64Array,
  yr: Float64Array,
  yi: Float64Array,
  bins = z.length / 4 + 1,
): void {
  const n = z.length / 2;
  const last = Math.min(n / 2, bins - 1);
  for (let k = 0; k <= last; k++) {
    const m = k === 0 ? 0 : n - k;
    const ar = z[2 * k]!;
    const ai = z[2 * k + 1]!;
    const br = z[2 * m]!;
    const bi = -z[2 * m + 1]!;
    xr[k] = 0.5 * (ar + br);
    xi[k] = 0.5 * (ai + bi);
    yr[k] = 0.5 * (ai - bi);
    yi[k] = -0.5 * (ar - br);
  }
}

/**
 * Inverse of splitPair: builds the full spectrum Z = X + i·Y (interleaved) from half spectra of two real
 * signals. With `bins` below N/2 + 1 only bins 0..bins−1 (and their mirrors) are written: the caller has
 * zeroed the rest of Z (a band-limited spectrum).
 */
export function joinPair(
  xr: Float64Array,
  xi: Float64Array,
  yr: Float64Array,
  yi: Float64Array,
  z: ComplexArray,
  bins = z.length / 4 + 1,
): void {
  const n = z.length / 2;
  const half = n / 2;
  const last = Math.min(half, bins - 1);
  for (let k = 0; k <= last; k++) {
    // Z[k] = X[k] + i·Y[k]
    z[2 * k] = xr[k]! - yi[k]!;
    z[2 * k + 1] = xi[k]! + yr[k]!;
    if (k !== 0 && k !== half) {
      // Z[N−k] = conj X[k] + i·conj Y[k]
      z[2 * (n - k)] = xr[k]! + yi[k]!;
      z[2 * (n - k) + 1] = -xi[k]! + yr[k]!;
    }
  }
}
