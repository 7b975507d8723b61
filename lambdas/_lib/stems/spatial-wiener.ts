/**
 * Multichannel Wiener filter over the masks (Duong, Vincent & Gribonval 2010; Nugraha, Liutkus & Vincent
 * 2016; the post-filter of Open-Unmix's `norbert`): each source j is modelled at each bin as a power
 * v_j times a 2×2 spatial covariance R_j (where it sits in the stereo image), and its estimate is
 * ŝ_j = v_j R_j (Σ_k v_k R_k)⁻¹ x. A single real mask scales left and right alike, so a voice panned
 * left of a guitar keeps the guitar's share of the left channel; the spatial model lets the two channels
 * be split differently when the sources sit apart.
 *
 * Streaming: R_j is a running (exponentially weighted, past and current frames) average of the masked
 * estimate's covariance, normalised by its mean power, per bin. v_j is the mask times the bin's mean
 * power, so with every R_j equal (sources in the same place, or no history yet) the filter gives exactly
 * the masks.
 */

/** A frame's stereo spectrum: real and imaginary parts of left and right per bin. */
export interface StereoSpectrum {
  lr: Float64Array;
  li: Float64Array;
  rr: Float64Array;
  ri: Float64Array;
}

/** Per output: the filtered left and right spectra, [xr, xi, yr, yi]. */
export type StereoOut = [Float64Array, Float64Array, Float64Array, Float64Array];

export class SpatialWiener {
  /** Per source (the outputs and the rest), per bin: ⟨|L|²⟩, ⟨|R|²⟩, ⟨Re L R*⟩, ⟨Im L R*⟩, ⟨mean power⟩. */
  private readonly stats: Float64Array[];
  private readonly alpha: number;
  private readonly v: Float64Array;

  /**
   * @param bins bins filtered per frame
   * @param outputs masked sources; one more (1 − Σ masks, the rest) takes part in the model
   * @param frames time constant of the covariance average, in frames
   * @param regularisation diagonal loading of Σ v R, relative to its mean diagonal (keeps the inverse
   *   tame where one source with a rank-one image dominates, and defined for a mono input; positive)
   */
  constructor(
    private readonly bins: number,
    private readonly outputs: number,
    frames: number,
    private readonly regularisation = 1e-3,
  ) {
    this.alpha = 1 / Math.max(1, frames);
    this.stats = Array.from({ length: outputs + 1 }, () => new Float64Array(bins * 5));
    this.v = new Float64Array(outputs + 1);
  }

  /** Updates the averages with this frame and fills `out[j]` with source j's filtered spectrum. */
  apply(x: StereoSpectrum, masks: readonly Float32Array[], out: readonly StereoOut[]): void {
    const { stats, alpha, v, outputs, regularisation } = this;
    const sources = outputs + 1;
    // Where a source has had no power yet its image is taken as the identity (R = I).
    const tiny = 1e-20;
    for (let k = 0; k < this.bins; k++) {
      const a = x.lr[k]!;
      const b = x.li[k]!;
      const c = x.rr[k]!;
      const d = x.ri[k]!;
      const mean = 0.5 * (a * a + b * b + c * c + d * d);
      let rest = 1;
      // Σ v R: its 2×2 Hermitian entries.
      let s11 = 0;
      let s22 = 0;
      let s12r = 0;
      let s12i = 0;
      const o = k * 5;
      for (let j = 0; j < sources; j++) {
        let m: number;
        if (j < outputs) {
          m = masks[j]![k]!;
          rest -= m;
        } else m = rest > 0 ? rest : 0;
        const st = stats[j]!;
        accumulate(st, o, alpha, m * a, m * b, m * c, m * d);
        const vj = m * mean;
        v[j] = vj;
        const scale = vj / (st[o + 4]! + tiny);
        s11 += scale * (st[o]! + tiny);
        s22 += scale * (st[o + 1]! + tiny);
        s12r += scale * st[o + 2]!;
        s12i += scale * st[o + 3]!;
      }
      const load = regularisation * 0.5 * (s11 + s22) + tiny;
      s11 += load;
      s22 += load;
      const det = s11 * s22 - s12r * s12r - s12i * s12i;
      // y = (Σ v R)⁻¹ x, shared by every source: inverse = [[s22, −s12], [−s12*, s11]] / det.
      const y1r = (s22 * a - (s12r * c - s12i * d)) / det;
      const y1i = (s22 * b - (s12r * d + s12i * c)) / det;
      const y2r = (s11 * c - (s12r * a + s12i * b)) / det;
      const y2i = (s11 * d - (s12r * b - s12i * a)) / det;
      for (let j = 0; j < outputs; j++) {
        const st = stats[j]!;
        const scale = v[j]! / (st[o + 4]! + tiny);
        const r11 = scale * (st[o]! + tiny);
        const r22 = scale * (st[o + 1]! + tiny);
        const r12r = scale * st[o + 2]!;
        const r12i = scale * st[o + 3]!;
        const [xr, xi, yr, yi] = out[j]!;
        // v R y: [r11 y1 + r12 y2, r12* y1 + r22 y2].
        xr[k] = r11 * y1r + r12r * y2r - r12i * y2i;
        xi[k] = r11 * y1i + r12r * y2i + r12i * y2r;
        yr[k] = r12r * y1r + r12i * y1i + r22 * y2r;
        yi[k] = r12r * y1i - r12i * y1r + r22 * y2i;
      }
    }
  }
}

/** Moves one bin's running averages towards the masked mixture (l, r) = (lr + i·li, rr + i·ri). */
function accumulate(
  st: Float64Array,
  o: number,
  alpha: number,
  lr: number,
  li: number,
  rr: number,
  ri: number,
): void {
  const pl = lr * lr + li * li;
  const pr = rr * rr + ri * ri;
  st[o]! += alpha * (pl - st[o]!);
  st[o + 1]! += alpha * (pr - st[o + 1]!);
  st[o + 2]! += alpha * (lr * rr + li * ri - st[o + 2]!);
  st[o + 3]! += alpha * (li * rr - lr * ri - st[o + 3]!);
  st[o + 4]! += alpha * (0.5 * (pl + pr) - st[o + 4]!);
}
