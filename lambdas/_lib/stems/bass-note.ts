/**
 * The bass note of one long-window frame, by subharmonic summation (Hermes 1988): every candidate
 * fundamental from 28 to 260 Hz (a bass's range) collects the harmonic magnitudes of the peaks at its
 * partials, each higher partial weighing less, and the best-supported one wins. A bass whose fundamental
 * is weaker than its third partial (an FM bass, a bright pick) is still found at its fundamental, where
 * the lowest strong peak would be its third partial; a louder chord above it has fewer partials under
 * the summation's top than the note under it.
 */
export interface BassNoteSearch {
  /** Bin width (Hz) of the spectrum. */
  binHz: number;
  /** Partials are summed up to this frequency (Hz). */
  topHz: number;
}

const LOWEST_HZ = 28;
const HIGHEST_HZ = 260;
/** Candidates are a quarter bin apart: at 28 Hz a long bin is a third of a semitone. */
const STEP = 0.25;
/**
 * Weight of the h-th partial relative to the (h − 1)-th. Chosen on dev-01 … 08 and dev-25 … 32
 * (tests/bench/audio/bass-note.ts) from 0.5, 0.6, 0.7 and 0.84, with magnitudes summed as they are or
 * raised to 0.5 or 0.75 first (as they are was best).
 */
const DECAY = 0.84;
/** Below this share of the support, the partials between every m-th mark a subharmonic. */
const SUBHARMONIC = 0.5;

/**
 * The fundamental of the frame's bass note in bins (fractional), or 0 in silence. `harmonic` holds
 * the frame's harmonic magnitudes per bin; only bins below `harmonic.length − 1` are read.
 */
export function bassNoteBySum(harmonic: Float32Array, search: BassNoteSearch, eps: number): number {
  const last = harmonic.length - 2;
  const top = Math.min(last, Math.floor(search.topHz / search.binHz));
  const first = Math.max(2, LOWEST_HZ / search.binHz);
  const highest = Math.min(top, HIGHEST_HZ / search.binHz);
  let loudest = 0;
  for (let k = 1; k <= top; k++) if (harmonic[k]! > loudest) loudest = harmonic[k]!;
  if (loudest <= eps) return 0;
  // The magnitude of a peak at one of the two bins around a partial's position, else 0 (the
  // floor between peaks, summed over the many partials of a low candidate, would favour it).
  const peakAt = (k: number) => harmonic[k]! > harmonic[k - 1]! && harmonic[k]! >= harmonic[k + 1]!;
  const near = (x: number) => {
    const k = Math.floor(x);
    const a = peakAt(k) ? harmonic[k]! : 0;
    const b = peakAt(k + 1) ? harmonic[k + 1]! : 0;
    return Math.max(a, b);
  };
  let best = 0;
  let bestCandidate = 0;
  for (let c = first; c <= highest; c += STEP) {
    // A note sounds its fundamental, however weak: a candidate with no peak there is a subharmonic.
    if (near(c) === 0) continue;
    let sum = 0;
    let weight = 1;
    for (let x = c; x < top; x += c) {
      sum += weight * near(x);
      weight *= DECAY;
    }
    if (sum > best) {
      best = sum;
      bestCandidate = c;
    }
  }
  // No candidate with a peak at its fundamental: no note (and nothing to move up from).
  if (bestCandidate === 0) return 0;
  // A subharmonic's support comes from every m-th of its partials (its multiples are the note's own):
  // move up to the note while the others carry less than SUBHARMONIC of it.
  let note = bestCandidate;
  for (let moved = true; moved;) {
    moved = false;
    for (const m of [2, 3]) {
      if (m * note > highest + 1) continue;
      let own = 0;
      let between = 0;
      let weight = 1;
      for (let h = 1; h * note < top; h++) {
        if (h % m === 0) own += weight * near(h * note);
        else between += weight * near(h * note);
        weight *= DECAY;
      }
      if (between < SUBHARMONIC * own) {
        note *= m;
        moved = true;
        break;
      }
    }
  }
  return refine(harmonic, note, top, eps);
}

/**
 * The candidate refined on its partials' peaks: each partial's peak position (parabolic on log
 * magnitudes) over its number, averaged weighted by magnitude; the candidate itself where none peaks.
 */
function refine(harmonic: Float32Array, candidate: number, top: number, eps: number): number {
  let sum = 0;
  let weights = 0;
  for (let h = 1; h * candidate < top && h <= 8; h++) {
    const k = Math.round(h * candidate);
    if (k < 1 || k + 1 >= harmonic.length) break;
    const m = harmonic[k]!;
    if (!(m > harmonic[k - 1]! && m >= harmonic[k + 1]!)) continue;
    const peak = interpolatedPeak(harmonic, k, eps);
    // A peak more than a third of the way to the next candidate belongs to another note.
    if (Math.abs(peak - h * candidate) > Math.max(1, candidate / 3)) continue;
    sum += (m * peak) / h;
    weights += m;
  }
  return weights > 0 ? sum / weights : candidate;
}

/** The position (fractional bin) of the peak at bin k: a parabola through the log magnitudes around it. */
export function interpolatedPeak(spectrum: Float32Array, k: number, eps: number): number {
  const a = Math.log(spectrum[k - 1]! + eps);
  const b = Math.log(spectrum[k]! + eps);
  const c = Math.log(spectrum[k + 1]! + eps);
  const d = a - 2 * b + c;
  return k + (d < 0 ? (0.5 * (a - c)) / d : 0);
}
