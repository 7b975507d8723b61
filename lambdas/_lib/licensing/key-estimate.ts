import { decimate, hann, magnitudeFrame } from '../analysis/dsp';

/**
 * Musical key for beat uploads (issue 8), built for produced, mostly diatonic music:
 * 1. a chroma of sustained spectral peaks (140 Hz–3 kHz; a median over ~0.8 s removes drum hits) that are
 *    not harmonics of a lower peak, so the upper harmonics of saw basses and pads do not read as
 *    out-of-scale notes; the tuning (deviation from A = 440 Hz) is estimated from the same peaks;
 * 2. a bass-line chroma by subharmonic summation (the bass note of each 0.74 s frame), where a note that
 *    sounds all the time at one pitch (a kick drum) is removed as a long-term floor;
 * 3. each of the 24 keys scored by how much of the chroma its scale holds (the diatonic collection), the
 *    Krumhansl–Kessler profile correlation, and how well the bass line follows the key's root movement
 *    (tonic most, then the primary chords): the bass separates a key from its relative major/minor and
 *    from the keys a fifth away, which share all but one note.
 * No key (null) for silence, too little audio, or atonal sound (noise, drums alone).
 */
const NAMES = ['C', 'C#', 'D', 'D#', 'E', 'F', 'F#', 'G', 'G#', 'A', 'A#', 'B'];
const MAJOR_SCALE = [0, 2, 4, 5, 7, 9, 11];
const MINOR_SCALE = [0, 2, 3, 5, 7, 8, 10];
/** Peaks below this fraction of the frame's strongest are noise. */
const KEY_PEAK_FLOOR = 0.1;
/** Lowest frequency of the chord/melody chroma: chords voiced in the third octave start near 160 Hz. */
const CHROMA_LOW_HZ = 140;
/** Weights of the scale fit, the Krumhansl–Kessler correlation and the bass-line correlation. */
const FIT_WEIGHT = 8;
const PROFILE_WEIGHT = 0.5;
const BASS_WEIGHT = 1;
/**
 * Least share of the chroma inside the best scale for a key to be reported: any 7 of 12 even bins hold
 * 58%, white and brown noise measure about 62%, the generated tracks of every style 69% and more.
 */
const MIN_SCALE_FIT = 0.66;

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
  range: [number, number] = [CHROMA_LOW_HZ, 3000],
  size = 4096,
  half = 4,
): number[] {
  return tunedChroma(mono, sr, range, size, half).chroma;
}

/**
 * The chroma of fundamentalChroma and the tuning it was read with: the magnitude-weighted circular mean of
 * the peaks' deviations from the equal-tempered grid (semitones, −0.5..0.5; 0 = A 440 Hz).
 */
export function tunedChroma(
  mono: Float32Array,
  sr: number,
  range: [number, number] = [CHROMA_LOW_HZ, 3000],
  size = 4096,
  half = 4,
): { chroma: number[]; tuning: number } {
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
  /** (MIDI pitch, magnitude) pairs of the accepted peaks. */
  const notes: number[] = [];
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
      notes.push(69 + 12 * Math.log2(p.f / 440), p.m);
    }
  }
  let sin = 0;
  let cos = 0;
  for (let i = 0; i < notes.length; i += 2) {
    const angle = 2 * Math.PI * (notes[i]! - Math.round(notes[i]!));
    sin += notes[i + 1]! * Math.sin(angle);
    cos += notes[i + 1]! * Math.cos(angle);
  }
  const tuning = sin || cos ? Math.atan2(sin, cos) / (2 * Math.PI) : 0;
  for (let i = 0; i < notes.length; i += 2) {
    bins[((Math.round(notes[i]! - tuning) % 12) + 12) % 12]! += notes[i + 1]!;
  }
  return { chroma: bins, tuning };
}

/** Krumhansl–Kessler probe-tone profiles (tonic first). */
const KK_MAJOR = [6.35, 2.23, 3.48, 2.33, 4.38, 4.09, 2.52, 5.19, 2.39, 3.66, 2.29, 2.88];
const KK_MINOR = [6.33, 2.68, 3.52, 5.38, 2.6, 3.53, 2.54, 4.75, 3.98, 2.69, 3.34, 3.17];
/**
 * How often each scale degree carries the bass, tonic first: the tonic most, then the dominant and the
 * other primary chords; the relative key's tonic (major's 6th, minor's 3rd) is a secondary root.
 */
const BASS_MAJOR = [1, 0, 0.2, 0, 0.1, 0.45, 0, 0.55, 0, 0.3, 0, 0.05];
const BASS_MINOR = [1, 0, 0.1, 0.15, 0, 0.45, 0, 0.4, 0.45, 0, 0.35, 0];

function pearson(a: readonly number[], b: readonly number[], shift: number): number {
  const n = a.length;
  let ma = 0;
  let mb = 0;
  for (let i = 0; i < n; i++) {
    ma += a[(i + shift) % n]!;
    mb += b[i]!;
  }
  ma /= n;
  mb /= n;
  let num = 0;
  let da = 0;
  let db = 0;
  for (let i = 0; i < n; i++) {
    const x = a[(i + shift) % n]! - ma;
    const y = b[i]! - mb;
    num += x * y;
    da += x * x;
    db += y * y;
  }
  return da > 0 && db > 0 ? num / Math.sqrt(da * db) : 0;
}

export function estimateMusicalKey(mono: Float32Array, sr: number): KeyEstimate {
  const { chroma: full, tuning } = tunedChroma(mono, sr);
  const total = full.reduce((s, v) => s + v, 0);
  if (!(total > 0)) return { key: null, confidence: 0 };
  const bass = bassChroma(mono, sr, tuning);
  const scored: { key: string; score: number; fit: number }[] = [];
  for (let tonic = 0; tonic < 12; tonic++) {
    for (const [mode, scale, profile, bassProfile] of [
      ['major', MAJOR_SCALE, KK_MAJOR, BASS_MAJOR],
      ['minor', MINOR_SCALE, KK_MINOR, BASS_MINOR],
    ] as const) {
      const fit = scale.reduce((s, i) => s + full[(tonic + i) % 12]!, 0) / total;
      const score =
        FIT_WEIGHT * fit +
        PROFILE_WEIGHT * pearson(full, profile, tonic) +
        BASS_WEIGHT * pearson(bass, bassProfile, tonic);
      scored.push({ key: `${NAMES[tonic]} ${mode}`, score, fit });
    }
  }
  scored.sort((a, b) => b.score - a.score);
  const best = scored[0]!;
  if (best.fit < MIN_SCALE_FIT) return { key: null, confidence: 0 };
  // Confidence: the margin over the runner-up (a full point is a clear call) scaled by the scale fit.
  const margin = best.score - scored[1]!.score;
  const confidence = Math.max(0, Math.min(1, margin)) * Math.min(1, (best.fit - 0.58) / 0.3);
  return { key: best.key, confidence: Math.round(confidence * 100) / 100 };
}

/** Weights of harmonics 1..6 in the bass-note salience (subharmonic summation). */
const BASS_HARMONICS = [1, 1, 0.8, 0.7, 0.5, 0.5];
/** Bass-note candidates: MIDI 28 (E1, 41 Hz) to 52 (E3, 165 Hz). */
const BASS_LOW_MIDI = 28;
const BASS_HIGH_MIDI = 52;
/** Lower quartile: the floor removed from every bass note's salience. */
const BASS_FLOOR_QUANTILE = 0.25;

/**
 * Chroma of the bass line by subharmonic summation: in each 0.74 s frame (≈ 11 kHz, 8192 points, 1.3 Hz
 * bins) every semitone from E1 to E3 is scored by the spectrum at its first six harmonics, and the best one
 * is the frame's bass note. A kick drum (one low sine partial, no harmonics) scores far below a bass note
 * of the same level; a bass note's fifth gets only every other harmonic's support.
 */
export function bassChroma(mono: Float32Array, sr: number, tuning = 0): number[] {
  const factor = Math.max(1, Math.round(sr / 11025));
  const signal = decimate(mono, factor);
  const rate = sr / factor;
  const size = 8192;
  const hop = 2048;
  const window = hann(size);
  const bins = new Array<number>(12).fill(0);
  const binOf = (midi: number) => (440 * 2 ** ((midi + tuning - 69) / 12) * size) / rate;
  const notes = BASS_HIGH_MIDI - BASS_LOW_MIDI + 1;
  const saliences: Float64Array[] = [];
  for (let start = 0; start + size <= signal.length; start += hop) {
    const mags = magnitudeFrame(signal, start, window);
    const at = (bin: number) => {
      const k = Math.round(bin);
      return k > 0 && k + 1 < mags.length ? Math.max(mags[k - 1]!, mags[k]!, mags[k + 1]!) : 0;
    };
    const salience = new Float64Array(notes);
    for (let n = 0; n < notes; n++) {
      const f0 = binOf(BASS_LOW_MIDI + n);
      for (let h = 0; h < BASS_HARMONICS.length; h++) salience[n]! += BASS_HARMONICS[h]! * at(f0 * (h + 1));
    }
    saliences.push(salience);
  }
  // What sounds in most frames at one pitch (a kick drum on every beat, a hum) is not a bass line: remove
  // each note's long-term floor (its lower-quartile salience) before choosing the frame's note.
  const floor = new Float64Array(notes);
  const column = new Float64Array(saliences.length);
  for (let n = 0; n < notes && saliences.length > 0; n++) {
    saliences.forEach((s, t) => (column[t] = s[n]!));
    column.sort();
    floor[n] = column[Math.floor(BASS_FLOOR_QUANTILE * (column.length - 1))]!;
  }
  for (const salience of saliences) {
    let best = 0;
    let bestNote = -1;
    for (let n = 0; n < notes; n++) {
      const s = salience[n]! - floor[n]!;
      if (s > best) [best, bestNote] = [s, n];
    }
    if (bestNote >= 0) bins[(BASS_LOW_MIDI + bestNote) % 12]! += best;
  }
  return bins;
}
