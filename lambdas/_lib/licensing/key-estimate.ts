import { decimate, hann, magnitudeFrame } from '../analysis/dsp';

/**
 * Musical key for beat uploads (issue 8), built for produced, diatonic music where the profile
 * correlation of lambdas/_lib/analysis/audio.ts often lands on the relative or a neighbouring key:
 * 1. a chroma of sustained spectral peaks (median over ~0.8 s removes drum hits) that are not harmonics
 *    of a lower peak, so the upper harmonics of saw basses and pads do not read as out-of-scale notes;
 * 2. the diatonic collection (one of 12) that holds the most salience;
 * 3. within it, major tonic vs relative minor by the bass: the tonic and its dominant carry the bass.
 */
const NAMES = ['C', 'C#', 'D', 'D#', 'E', 'F', 'F#', 'G', 'G#', 'A', 'A#', 'B'];
const MAJOR_SCALE = [0, 2, 4, 5, 7, 9, 11];
/** Weight of the tonic triad (whole range) next to the bass in the tonic choice. */
const TRIAD_WEIGHT = 0.5;
/** Peaks below this fraction of the frame's strongest are noise. */
const KEY_PEAK_FLOOR = 0.1;

export interface KeyEstimate {
  key: string | null;
  confidence: number;
}

/**
 * Chroma of spectral peaks that are not harmonics of a lower peak: the 5th harmonic of a minor chord's
 * root is a major third (out of the key), which is what pushes plain chroma into a neighbouring key.
 */
export function fundamentalChroma(
  mono: Float32Array,
  sr: number,
  range: [number, number] = [200, 3000],
  size = 4096,
  half = 4,
): number[] {
  const factor = Math.max(1, Math.round(sr / 11025));
  const signal = decimate(mono, factor);
  const rate = sr / factor;
  const hop = size / 4;
  const window = hann(size);
  const bins = new Array<number>(12).fill(0);
  const lo = Math.max(2, Math.floor((range[0] * size) / rate));
  const hi = Math.min(size / 2 - 3, Math.ceil((range[1] * size) / rate));
  // Spectrogram of the band, then a median over ±4 frames per bin (≈ 0.8 s): drum hits are short and
  // vanish, held notes stay (a light harmonic/percussive separation).
  const frames: Float64Array[] = [];
  for (let start = 0; start + size <= signal.length; start += hop) {
    frames.push(magnitudeFrame(signal, start, window).subarray(0, hi + 3));
  }
  const column = new Float64Array(2 * half + 1);
  const harmonic = new Float64Array(hi + 3);
  for (let t = half; t + half < frames.length; t += half > 0 ? 2 : 1) {
    for (let k = lo - 2; k <= hi + 2; k++) {
      for (let j = -half; j <= half; j++) column[j + half] = frames[t + j]![k]!;
      column.sort();
      harmonic[k] = column[half]!;
    }
    let max = 0;
    for (let k = lo; k <= hi; k++) if (harmonic[k]! > max) max = harmonic[k]!;
    if (max <= 0) continue;
    const peaks: { f: number; m: number }[] = [];
    for (let k = lo; k <= hi; k++) {
      const m = harmonic[k]!;
      if (m < KEY_PEAK_FLOOR * max || m <= harmonic[k - 1]! || m < harmonic[k + 1]!) continue;
      const a = harmonic[k - 1]!;
      const c = harmonic[k + 1]!;
      const denom = a - 2 * m + c;
      const offset = denom !== 0 ? (0.5 * (a - c)) / denom : 0;
      peaks.push({ f: ((k + offset) * rate) / size, m });
    }
    const accepted: { f: number; m: number }[] = [];
    for (const p of peaks) {
      const isHarmonic = accepted.some((q) => {
        const h = Math.round(p.f / q.f);
        return h >= 2 && h <= 8 && Math.abs(p.f / q.f - h) < 0.03 * h && q.m * 1.5 >= p.m;
      });
      if (isHarmonic) continue;
      accepted.push(p);
      const pc = ((Math.round(12 * Math.log2(p.f / 440)) % 12) + 12 + 9) % 12;
      bins[pc]! += p.m;
    }
  }
  return bins;
}

export function estimateMusicalKey(mono: Float32Array, sr: number): KeyEstimate {
  const full = fundamentalChroma(mono, sr);
  // Bass notes are short: a long FFT for resolution at 40–180 Hz, no median over frames.
  const bass = fundamentalChroma(mono, sr, [35, 180], 16384, 0);
  const total = full.reduce((s, v) => s + v, 0);
  if (!(total > 0)) return { key: null, confidence: 0 };
  // 2. The diatonic collection with the most salience inside it.
  const fits = Array.from(
    { length: 12 },
    (_, root) => MAJOR_SCALE.reduce((s, i) => s + full[(root + i) % 12]!, 0) / total,
  );
  const order = fits.map((fit, root) => ({ fit, root })).sort((a, b) => b.fit - a.fit);
  const best = order[0]!;
  const second = order[1]!;
  // 3. Major tonic R or relative minor R+9: the bass weights the tonic, its dominant, and the tonic triad.
  const bassTotal = bass.reduce((s, v) => s + v, 0) || 1;
  const tonicScore = (t: number, third: number) =>
    (bass[t]! + 0.5 * bass[(t + 7) % 12]!) / bassTotal +
    (TRIAD_WEIGHT * (full[t]! + 0.6 * full[(t + third) % 12]! + 0.6 * full[(t + 7) % 12]!)) / total;
  const major = tonicScore(best.root, 4);
  const minor = tonicScore((best.root + 9) % 12, 3);
  const key = major >= minor ? `${NAMES[best.root]} major` : `${NAMES[(best.root + 9) % 12]} minor`;
  const confidence = Math.max(0, Math.min(1, (best.fit - second.fit) * 5 + Math.abs(major - minor)));
  return { key, confidence: Math.round(confidence * 100) / 100 };
}
