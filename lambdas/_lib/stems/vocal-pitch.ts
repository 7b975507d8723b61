/**
 * The voice's pitch in one frame, for the context pass (context-model.ts `pitch`): the fundamental whose
 * harmonics carry most of what the first pass calls vocals, and per bin how close it lies to one of
 * them. A voice's partials sit on one harmonic comb; an instrument's partials between its teeth, or a
 * pad's noise there, are not the voice even when their neighbours are (the 36-bin neighbourhood input
 * cannot tell them apart). A harmonic-sum pitch estimate (Klapuri 2006) over the first pass's vocal
 * share of each bin's magnitude, refined on a finer grid so that the 16th harmonic still lands on its bin.
 */

/** Lowest and highest fundamental searched (Hz): a low male voice to a high soprano. */
const F0_LO = 80;
const F0_HI = 1000;
/** Harmonics summed, and the highest frequency a harmonic is read at (Hz). */
const HARMONICS = 16;
const TOP_HZ = 5000;
/** Weight of the h-th harmonic: DECAY^(h − 1), so that the octave below is not preferred. */
const DECAY = 0.8;
/** Coarse grid: candidates per octave; then a fine search ±½ step in FINE steps. */
const PER_OCTAVE = 48;
const FINE = 24;
/** Width (bins) of the bump around each harmonic: a Hann window's partial is at half height 1 bin off. */
const BUMP_BINS = 1.2;

export class VocalPitch {
  private readonly weight: Float64Array;
  /** The last frame's vocal pitch (Hz; 0: none). */
  f0 = 0;
  private readonly decay: Float64Array;

  constructor(
    private readonly bins: number,
    private readonly binHz: number,
  ) {
    this.weight = new Float64Array(bins);
    this.decay = Float64Array.from({ length: HARMONICS }, (_, h) => DECAY ** h);
  }

  /**
   * Harmonic sum of `weight` at fundamental f0, each harmonic read through a Hann window's main lobe
   * (±2 bins): a matched filter peaks where the partial is, where linear interpolation between two bins
   * would pull every estimate towards a bin's centre.
   */
  private salience(f0: number): number {
    const { weight, decay, bins, binHz } = this;
    const top = Math.min(HARMONICS, Math.floor(TOP_HZ / f0));
    let s = 0;
    for (let h = 1; h <= top; h++) {
      const x = (h * f0) / binHz;
      const k0 = Math.ceil(x - 2);
      if (x + 2 >= bins) break;
      let read = 0;
      for (let k = k0; k < x + 2; k++) read += weight[k]! * (0.5 + 0.5 * Math.cos((Math.PI * (k - x)) / 2));
      s += decay[h - 1]! * read;
    }
    return s;
  }

  /**
   * Writes per bin two inputs into context[k · stride + at …]: the bump (1 on a harmonic of the frame's
   * vocal pitch, falling to 0 between them) times the pitch's confidence, and the confidence (the share of
   * the vocal magnitude under 5 kHz that the comb gathers); 0 and 0 outside the comb's range.
   * `own` holds the first pass's log-odds per bin (vocals, drums, bass against other).
   */
  fill(own: Float32Array, magnitude: Float32Array, context: Float32Array, stride: number, at: number): void {
    const { weight, bins, binHz } = this;
    let total = 0;
    const topBin = Math.min(bins, Math.ceil(TOP_HZ / binHz));
    for (let k = 0; k < bins; k++) {
      const z0 = own[k * 3]!;
      const m = Math.max(z0, own[k * 3 + 1]!, own[k * 3 + 2]!, 0);
      const e0 = Math.exp(z0 - m);
      const share = e0 / (e0 + Math.exp(own[k * 3 + 1]! - m) + Math.exp(own[k * 3 + 2]! - m) + Math.exp(-m));
      weight[k] = share * magnitude[k]!;
      if (k < topBin) total += weight[k]!;
    }
    let best = 0;
    let bestF0 = 0;
    const step = 2 ** (1 / PER_OCTAVE);
    for (let f0 = F0_LO; f0 <= F0_HI; f0 *= step) {
      const s = this.salience(f0);
      if (s > best) [best, bestF0] = [s, f0];
    }
    if (bestF0 > 0) {
      const coarse = bestF0;
      for (let i = -FINE / 2; i <= FINE / 2; i++) {
        const f0 = coarse * step ** (i / FINE);
        const s = this.salience(f0);
        if (s > best) [best, bestF0] = [s, f0];
      }
    }
    this.f0 = bestF0;
    const confidence = total > 1e-12 && bestF0 > 0 ? Math.min(1, best / total) : 0;
    const spacing = bestF0 / binHz;
    const last =
      confidence > 0
        ? Math.min(topBin, Math.floor((Math.min(HARMONICS, TOP_HZ / bestF0) + 0.5) * spacing))
        : 0;
    const first = confidence > 0 ? Math.ceil(0.5 * spacing) : bins;
    for (let k = 0; k < bins; k++) {
      const o = k * stride + at;
      if (k < first || k > last) {
        context[o] = 0;
        context[o + 1] = 0;
        continue;
      }
      const n = Math.round(k / spacing);
      const d = (k - n * spacing) / BUMP_BINS;
      context[o] = confidence * Math.exp(-d * d);
      context[o + 1] = confidence;
    }
  }
}
