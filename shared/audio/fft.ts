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
    // The first two stages have trivial twiddles (1 and ∓i): one radix-4 pass without multiplications.
    let len = 2;
    if (n >= 4) {
      for (let a = 0; a < n; a += 4) {
        const r0 = re[a]! + re[a + 1]!;
        const i0 = im[a]! + im[a + 1]!;
        const r1 = re[a]! - re[a + 1]!;
        const i1 = im[a]! - im[a + 1]!;
        const r2 = re[a + 2]! + re[a + 3]!;
        const i2 = im[a + 2]! + im[a + 3]!;
        // (x2 − x3) · (sign · i)
        const r3 = -sign * (im[a + 2]! - im[a + 3]!);
        const i3 = sign * (re[a + 2]! - re[a + 3]!);
        re[a] = r0 + r2;
        im[a] = i0 + i2;
        re[a + 2] = r0 - r2;
        im[a + 2] = i0 - i2;
        re[a + 1] = r1 + r3;
        im[a + 1] = i1 + i3;
        re[a + 3] = r1 - r3;
        im[a + 3] = i1 - i3;
      }
      len = 8;
    }
    const cos = this.cos;
    const sin = this.sin;
    // Two radix-2 stages (len and 2·len) at a time over each group of four points: the same butterflies
    // with the same twiddles, in the same order per point, so the result is bit-identical; each point
    // is loaded and stored once for the two stages instead of twice.
    for (; len * 2 <= n && len >= 8; len <<= 2) {
      const q = len >>> 1;
      const stride = n / len;
      const stride2 = stride >>> 1;
      for (let start = 0; start < n; start += 2 * len) {
        for (let k = 0; k < q; k++) {
          const i0 = start + k;
          const i1 = i0 + q;
          const i2 = i0 + len;
          const i3 = i2 + q;
          // Stage len: twiddle W_len^k on blocks `start` and `start + len`.
          const wr = cos[k * stride]!;
          const wi = sign * sin[k * stride]!;
          let br = re[i1]!;
          let bi = im[i1]!;
          let xr = br * wr - bi * wi;
          let xi = br * wi + bi * wr;
          let ar = re[i0]!;
          let ai = im[i0]!;
          const a1r = ar - xr;
          const a1i = ai - xi;
          const a0r = ar + xr;
          const a0i = ai + xi;
          br = re[i3]!;
          bi = im[i3]!;
          xr = br * wr - bi * wi;
          xi = br * wi + bi * wr;
          ar = re[i2]!;
          ai = im[i2]!;
          const a3r = ar - xr;
          const a3i = ai - xi;
          const a2r = ar + xr;
          const a2i = ai + xi;
          // Stage 2·len: W_2len^k pairs (i0, i2), W_2len^(k+q) pairs (i1, i3).
          let vr = cos[k * stride2]!;
          let vi = sign * sin[k * stride2]!;
          xr = a2r * vr - a2i * vi;
          xi = a2r * vi + a2i * vr;
          re[i2] = a0r - xr;
          im[i2] = a0i - xi;
          re[i0] = a0r + xr;
          im[i0] = a0i + xi;
          vr = cos[(k + q) * stride2]!;
          vi = sign * sin[(k + q) * stride2]!;
          xr = a3r * vr - a3i * vi;
          xi = a3r * vi + a3i * vr;
          re[i3] = a1r - xr;
          im[i3] = a1i - xi;
          re[i1] = a1r + xr;
          im[i1] = a1i + xi;
        }
      }
    }
    for (; len <= n; len <<= 1) {
      const half = len >>> 1;
      const stride = n / len;
      if (half <= 16) {
        // Short blocks: twiddle outside, blocks inside, so each twiddle is read once per stage.
        for (let k = 0, t = 0; k < half; k++, t += stride) {
          const wr = cos[t]!;
          const wi = sign * sin[t]!;
          for (let a = k; a < n; a += len) {
            const b = a + half;
            const br = re[b]!;
            const bi = im[b]!;
            const xr = br * wr - bi * wi;
            const xi = br * wi + bi * wr;
            const ar = re[a]!;
            const ai = im[a]!;
            re[b] = ar - xr;
            im[b] = ai - xi;
            re[a] = ar + xr;
            im[a] = ai + xi;
          }
        }
        continue;
      }
      // Long blocks: one block at a time (contiguous memory).
      for (let start = 0; start < n; start += len) {
        for (let k = 0, t = 0; k < half; k++, t += stride) {
          const wr = cos[t]!;
          const wi = sign * sin[t]!;
          const a = start + k;
          const b = a + half;
          const br = re[b]!;
          const bi = im[b]!;
          const xr = br * wr - bi * wi;
          const xi = br * wi + bi * wr;
          const ar = re[a]!;
          const ai = im[a]!;
          re[b] = ar - xr;
          im[b] = ai - xi;
          re[a] = ar + xr;
          im[a] = ai + xi;
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
