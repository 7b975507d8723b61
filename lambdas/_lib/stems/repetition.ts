import { median, median9 } from './median';

/**
 * Repetition-based background model (REPET-SIM, Rafii & Pardo 2012) as a stream. Accompaniment repeats
 * (loops, riffs, a chord progression coming round again) while a singer's line mostly does not: each
 * frame's background is the bin-wise median of the frames most like it (cosine similarity of their
 * magnitude spectra below ~5 kHz, pooled a few bins at a time), taken among the frames of the last
 * `history` frames and the next `lookahead` ones, at least `minDistance` frames away (so a held note is
 * not its own repetition). The background is capped by the frame itself; the ratio background/frame is
 * near 1 for repeating content and near 0 for what is new.
 * Memory: (history + lookahead + 1) frames of magnitudes, whatever the length of the input.
 */
export interface RepetitionOptions {
  bins: number;
  /** Bins compared for similarity (from 0), pooled `pool` at a time. */
  similarityBins: number;
  pool: number;
  history: number;
  lookahead: number;
  neighbours: number;
  minDistance: number;
}

export class RepetitionModel {
  private readonly capacity: number;
  private readonly dims: number;
  private readonly mags: Float32Array;
  private readonly sims: Float32Array;
  private readonly best: Int32Array;
  private readonly bestScore: Float64Array;
  private readonly scratch: Float32Array;
  /** Frames added so far (the newest is added − 1). */
  private added = 0;

  constructor(private readonly o: RepetitionOptions) {
    this.capacity = o.history + o.lookahead + 1;
    this.dims = Math.ceil(o.similarityBins / o.pool);
    this.mags = new Float32Array(this.capacity * o.bins);
    this.sims = new Float32Array(this.capacity * this.dims);
    this.best = new Int32Array(o.neighbours);
    this.bestScore = new Float64Array(o.neighbours);
    this.scratch = new Float32Array(o.neighbours);
  }

  /** Frames the model can still answer for: from `added − capacity` on. */
  get count(): number {
    return this.added;
  }

  /** The stored magnitudes of frame t (valid while it is within the last `capacity` frames). */
  magnitudes(t: number): Float32Array {
    const at = (t % this.capacity) * this.o.bins;
    return this.mags.subarray(at, at + this.o.bins);
  }

  /** Adds the next frame's magnitudes (frame index = the number added before). */
  add(mag: Float32Array): void {
    const { bins, pool, similarityBins } = this.o;
    const slot = this.added % this.capacity;
    this.mags.set(mag.subarray(0, bins), slot * bins);
    const v = this.sims.subarray(slot * this.dims, (slot + 1) * this.dims);
    let norm = 0;
    for (let d = 0; d < this.dims; d++) {
      let s = 0;
      const end = Math.min(similarityBins, (d + 1) * pool);
      for (let k = d * pool; k < end; k++) s += mag[k]!;
      v[d] = s;
      norm += s * s;
    }
    const scale = norm > 1e-20 ? 1 / Math.sqrt(norm) : 0;
    for (let d = 0; d < this.dims; d++) v[d]! *= scale;
    this.added++;
  }

  /**
   * Background magnitudes of frame t into `out` (bins, or only the bins in `only`), from the frames
   * stored around it; returns how many frames it used (0: nothing to compare with yet, `out` is zero).
   */
  background(t: number, out: Float32Array, only?: Int32Array): number {
    const { bins, neighbours, minDistance } = this.o;
    out.fill(0, 0, bins);
    const first = Math.max(0, this.added - this.capacity, t - this.o.history);
    const last = Math.min(this.added - 1, t + this.o.lookahead);
    if (t < first || t > last) return 0;
    const dims = this.dims;
    const me = (t % this.capacity) * dims;
    let found = 0;
    for (let i = first; i <= last; i++) {
      if (Math.abs(i - t) < minDistance) continue;
      const other = (i % this.capacity) * dims;
      const s = dot(this.sims, me, other, dims);
      // Keep the `neighbours` best, sorted descending (insertion: the list is short).
      if (found < neighbours) found++;
      else if (s <= this.bestScore[neighbours - 1]!) continue;
      let at = found - 1;
      while (at > 0 && this.bestScore[at - 1]! < s) {
        this.bestScore[at] = this.bestScore[at - 1]!;
        this.best[at] = this.best[at - 1]!;
        at--;
      }
      this.bestScore[at] = s;
      this.best[at] = i;
    }
    if (found === 0) return 0;
    const own = (t % this.capacity) * bins;
    // From here on `best` holds each neighbour's offset in `mags`.
    const at = this.best;
    for (let n = 0; n < found; n++) at[n] = (at[n]! % this.capacity) * bins;
    if (only) for (const k of only) out[k] = this.backgroundBin(k, own, found);
    else for (let k = 0; k < bins; k++) out[k] = this.backgroundBin(k, own, found);
    return found;
  }

  /** Bin k's background: the median of the `found` frames at offsets `best`, capped by the frame's own. */
  private backgroundBin(k: number, own: number, found: number): number {
    const { scratch, mags, best } = this;
    for (let n = 0; n < found; n++) scratch[n] = mags[best[n]! + k]!;
    const m = found === 9 ? median9(scratch) : median(scratch, 0, found, scratch);
    const x = mags[own + k]!;
    return m < x ? m : x;
  }
}

/**
 * Σ v[a + d]·v[b + d] over d < dims, in four running sums: one sum waits on each addition before the
 * next, four keep the adder busy (this runs for every pair of frames within 38 s).
 */
function dot(v: Float32Array, a: number, b: number, dims: number): number {
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  let d = 0;
  for (; d + 3 < dims; d += 4) {
    s0 += v[a + d]! * v[b + d]!;
    s1 += v[a + d + 1]! * v[b + d + 1]!;
    s2 += v[a + d + 2]! * v[b + d + 2]!;
    s3 += v[a + d + 3]! * v[b + d + 3]!;
  }
  for (; d < dims; d++) s0 += v[a + d]! * v[b + d]!;
  return s0 + s1 + s2 + s3;
}
