/**
 * In-place iterative radix-2 complex FFT over split real/imaginary Float64Arrays, with tables computed
 * once per size. Two real signals go through one complex transform (x + i·y); `splitPair` and `joinPair`
 * separate and recombine their spectra, which is how the stem separator handles left and right together.
 */
export class Fft {
  readonly size: number;
  private readonly cos: Float64Array;
  private readonly sin: Float64Array;
  private readonly reversed: Uint32Array;

  constructor(size: number) {
    if (size < 2 || (size & (size - 1)) !== 0)
      throw new RangeError(`FFT size must be a power of two, got ${size}`);
    this.size = size;
    this.cos = new Float64Array(size / 2);
    this.sin = new Float64Array(size / 2);
    for (let i = 0; i < size / 2; i++) {
      this.cos[i] = Math.cos((2 * Math.PI * i) / size);
      this.sin[i] = Math.sin((2 * Math.PI * i) / size);
    }
    this.reversed = new Uint32Array(size);
    const bits = Math.log2(size);
    for (let i = 0; i < size; i++) {
      let r = 0;
      for (let b = 0; b < bits; b++) r |= ((i >>> b) & 1) << (bits - 1 - b);
      this.reversed[i] = r;
    }
  }

  /** Forward transform (e^{-iωt}), unscaled. */
  forward(re: Float64Array, im: Float64Array): void {
    this.transform(re, im, -1);
  }

  /** Inverse transform, scaled by 1/N so inverse(forward(x)) = x. */
  inverse(re: Float64Array, im: Float64Array): void {
    this.transform(re, im, 1);
    const scale = 1 / this.size;
    for (let i = 0; i < this.size; i++) {
      re[i]! *= scale;
      im[i]! *= scale;
    }
  }

  private transform(re: Float64Array, im: Float64Array, sign: number): void {
    const n = this.size;
    const rev = this.reversed;
    for (let i = 0; i < n; i++) {
      const j = rev[i]!;
      if (j > i) {
        const tr = re[i]!;
        re[i] = re[j]!;
        re[j] = tr;
        const ti = im[i]!;
        im[i] = im[j]!;
        im[j] = ti;
      }
    }
    const cos = this.cos;
    const sin = this.sin;
    for (let len = 2; len <= n; len <<= 1) {
      const half = len >>> 1;
      const stride = n / len;
      for (let start = 0; start < n; start += len) {
        for (let k = 0, t = 0; k < half; k++, t += stride) {
          const wr = cos[t]!;
          const wi = sign * sin[t]!;
          const a = start + k;
          const b = a + half;
          const xr = re[b]! * wr - im[b]! * wi;
          const xi = re[b]! * wi + im[b]! * wr;
          re[b] = re[a]! - xr;
          im[b] = im[a]! - xi;
          re[a]! += xr;
          im[a]! += xi;
        }
      }
    }
  }
}

/**
 * From Z = FFT(x + i·y), writes the half spectra (bins 0..N/2) of the real signals x and y:
 * X[k] = (Z[k] + conj Z[N−k]) / 2, Y[k] = (Z[k] − conj Z[N−k]) / 2i.
 * `bins` limits the output to bins 0..bins−1 (a caller that only needs a low band).
 */
export function splitPair(
  zr: Float64Array,
  zi: Float64Array,
  xr: Float64Array,
  xi: Float64Array,
  yr: Float64Array,
  yi: Float64Array,
  bins = zr.length / 2 + 1,
): void {
  const n = zr.length;
  const last = Math.min(n / 2, bins - 1);
  for (let k = 0; k <= last; k++) {
    const m = k === 0 ? 0 : n - k;
    const ar = zr[k]!;
    const ai = zi[k]!;
    const br = zr[m]!;
    const bi = -zi[m]!;
    xr[k] = 0.5 * (ar + br);
    xi[k] = 0.5 * (ai + bi);
    yr[k] = 0.5 * (ai - bi);
    yi[k] = -0.5 * (ar - br);
  }
}

/**
 * Inverse of splitPair: builds the full spectrum Z = X + i·Y from half spectra of two real signals.
 * With `bins` below N/2 + 1 only bins 0..bins−1 (and their mirrors) are written: the caller has zeroed
 * the rest of Z (a band-limited spectrum).
 */
export function joinPair(
  xr: Float64Array,
  xi: Float64Array,
  yr: Float64Array,
  yi: Float64Array,
  zr: Float64Array,
  zi: Float64Array,
  bins = zr.length / 2 + 1,
): void {
  const n = zr.length;
  const half = n / 2;
  const last = Math.min(half, bins - 1);
  for (let k = 0; k <= last; k++) {
    // Z[k] = X[k] + i·Y[k]
    zr[k] = xr[k]! - yi[k]!;
    zi[k] = xi[k]! + yr[k]!;
    if (k !== 0 && k !== half) {
      // Z[N−k] = conj X[k] + i·conj Y[k]
      zr[n - k] = xr[k]! + yi[k]!;
      zi[n - k] = -xi[k]! + yr[k]!;
    }
  }
}
