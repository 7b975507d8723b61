import { decimate, hann, magnitudeFrame } from './dsp';

/**
 * Musical key for beat uploads (issue 8), built for produced, mostly diatonic music. Three chromas:
 * 1. sustained notes: spectral peaks (140 Hz–3 kHz; a median over ~0.8 s removes drum hits) that are not
 *    harmonics of a lower peak, the bass's own peaks included, so the overtones of saw/square basses and
 *    pads do not read as out-of-scale notes; the tuning (deviation from A = 440 Hz) comes from the same peaks;
 * 2. the bass line by subharmonic summation (the bass note of each 0.74 s frame, C1 and up), where a note
 *    that sounds all the time at one pitch (a kick drum) is removed as a long-term floor;
 * 3. the opening (the first two bars at the detected tempo): songs and loops start on their tonic far more
 *    often than on any other chord, which separates a key from its relative major/minor and from the keys a
 *    fifth away when the harmony never plays the note that tells them apart.
 * Each key is scored by a linear model over the three chromas seen from its tonic (KEY_MODEL): a
 * multinomial logistic regression fitted on 576 generated tracks (8 styles, seeds 101–108 and 201–204, six
 * descriptions). That model alone knows the platform's synthesizer (99% exact) but not sampled instruments
 * and voices (62.5% of mixes, 33% of a-cappellas exact on the dev half of tests/bench/audio/material.ts),
 * so each key's score adds PROFILE_WEIGHT × the correlation of the notes + bass chroma with its
 * Krumhansl–Kessler profile: the tonic is where the bass rests, and the profile holds for any music. The
 * weight was chosen on that dev half (5–80 tried; 10 keeps the generated tracks above 90% exact; the
 * held-out half measures it:
 * tests/bench/audio/key-tempo.ts).
 * No key (null) for silence, too little audio, or atonal sound (noise, drums alone).
 */
const NAMES = ['C', 'C#', 'D', 'D#', 'E', 'F', 'F#', 'G', 'G#', 'A', 'A#', 'B'];
const MAJOR_SCALE = [0, 2, 4, 5, 7, 9, 11];
/** Peaks below this fraction of the frame's strongest are noise. */
const KEY_PEAK_FLOOR = 0.1;
/** Lowest frequency of the chord/melody chroma: chords voiced in the third octave start near 160 Hz. */
const CHROMA_LOW_HZ = 140;
/**
 * Peaks are found from here up, below the chroma's range, only so that the overtones of bass notes (41–80 Hz
 * fundamentals: a fifth harmonic is a major third, out of a minor key) are recognised as harmonics.
 */
const HARMONIC_CHECK_LOW_HZ = 38;
/** Bars at the start of the audio that make the opening chroma (one or two chords of a loop). */
const OPENING_BARS = 2;
/** Opening length when the tempo is unknown. */
const OPENING_SECONDS_WITHOUT_TEMPO = 4;
/**
 * Least share of the notes inside the best diatonic collection for a key to be reported: any 7 of 12 even
 * bins hold 58%, noise and drum loops alone measure 61–81%, the generated tracks of every style 86% and more
 * (overtones recognised). Between this and FULL_SCALE_FIT the confidence is lowered in proportion.
 */
const MIN_SCALE_FIT = 0.72;
const FULL_SCALE_FIT = 0.86;

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
  const countFrom = range[0];
  const lo = Math.max(2, Math.floor((Math.min(range[0], HARMONIC_CHECK_LOW_HZ) * size) / rate));
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
      if (p.f >= countFrom) notes.push(69 + 12 * Math.log2(p.f / 440), p.m);
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

export const KEY_MODES = ['major', 'minor'] as const;
export const KEY_FEATURE_BLOCKS = ['notes', 'bass', 'opening'] as const;
type Mode = (typeof KEY_MODES)[number];
export type KeyFeatures = Record<(typeof KEY_FEATURE_BLOCKS)[number], number[]>;
export type KeyModel = Record<Mode, Record<keyof KeyFeatures, readonly number[]>>;
/**
 * Weights of each chroma bin seen from a candidate tonic (index 0 = tonic), per mode; fitted as described
 * above by tests/bench/fit-key-model.ts (3·10⁻⁴ L2, rounded to 0.01). They read like key profiles: the tonic in the bass and in the opening counts most,
 * then the bass's fourth and fifth; in the notes, the scale's characteristic degrees (major: third and
 * seventh; minor: minor third and sixth) count and the notes outside the scale count against.
 */
const KEY_MODEL: KeyModel = {
  major: {
    notes: [-0.3, -1.14, -1.73, -2.82, 5.11, 1.01, -3.5, 2.21, -3.83, 3.39, -4.38, 5.17],
    bass: [10.83, -2.47, -4.5, -4.59, -4.54, 7.21, -2.8, 3.14, -1.68, 3.22, -4.44, -0.18],
    opening: [5.63, -2.57, -0.53, -2.41, 3.3, 0.67, -1.83, 4.09, -1.93, -2.72, -2.63, 0.1],
  },
  minor: {
    notes: [0.19, -5.64, 1.71, 5.69, -2.75, 0.34, -3.05, 1.41, 8.0, -5.48, 2.46, -2.07],
    bass: [9.16, -3.95, -3.18, -6.38, -3.89, 7.6, -1.23, 3.99, 5.64, -2.21, -1.86, -2.86],
    opening: [5.35, -1.47, -0.03, 4.08, -0.32, -0.33, -2.71, 4.84, -2.3, -4.18, -1.34, -0.76],
  },
};

/** Krumhansl–Kessler key profiles (probe-tone ratings), index 0 = tonic. */
const PROFILES: Record<Mode, readonly number[]> = {
  major: [6.35, 2.23, 3.48, 2.33, 4.38, 4.09, 2.52, 5.19, 2.39, 3.66, 2.29, 2.88],
  minor: [6.33, 2.68, 3.52, 5.38, 2.6, 3.53, 2.54, 4.75, 3.98, 2.69, 3.34, 3.17],
};
/** Weight of the profile correlation (−1..1) beside the model's scores (logits). */
const PROFILE_WEIGHT = 10;

/** Pearson correlation of two equally long vectors (0 when either is flat). */
function correlation(a: readonly number[], b: readonly number[]): number {
  const meanA = a.reduce((s, v) => s + v, 0) / a.length;
  const meanB = b.reduce((s, v) => s + v, 0) / b.length;
  let num = 0;
  let da = 0;
  let db = 0;
  for (let i = 0; i < a.length; i++) {
    num += (a[i]! - meanA) * (b[i]! - meanB);
    da += (a[i]! - meanA) ** 2;
    db += (b[i]! - meanB) ** 2;
  }
  return da && db ? num / Math.sqrt(da * db) : 0;
}

/** Square-root compressed and summed to 1, so loud passages do not outweigh the rest; zeros stay zeros. */
function compressed(chroma: readonly number[]): number[] {
  const roots = chroma.map((v) => Math.sqrt(Math.max(0, v)));
  const total = roots.reduce((s, v) => s + v, 0);
  return total > 0 ? roots.map((v) => v / total) : roots;
}

/** The chroma of the first OPENING_BARS bars (or seconds without a tempo), read like the whole track's. */
function openingChroma(mono: Float32Array, sr: number, bpm: number | null): number[] {
  const seconds = bpm ? (OPENING_BARS * 4 * 60) / bpm : OPENING_SECONDS_WITHOUT_TEMPO;
  // One analysis frame more than the opening, as the model was fitted.
  const end = Math.min(mono.length, Math.round(seconds * sr) + 4096);
  return tunedChroma(mono.subarray(0, end), sr).chroma;
}

/**
 * What the key model reads: the three chromas, compressed, and the share of the notes inside the
 * best-fitting diatonic collection (low for noise and drums alone). Null for silence.
 */
export function keyFeatures(
  mono: Float32Array,
  sr: number,
  bpm: number | null,
): { features: KeyFeatures; scaleFit: number } | null {
  const { chroma: notes, tuning } = tunedChroma(mono, sr);
  const total = notes.reduce((s, v) => s + v, 0);
  if (!(total > 0)) return null;
  let scaleFit = 0;
  for (let tonic = 0; tonic < 12; tonic++) {
    scaleFit = Math.max(scaleFit, MAJOR_SCALE.reduce((s, i) => s + notes[(tonic + i) % 12]!, 0) / total);
  }
  return {
    features: {
      notes: compressed(notes),
      bass: compressed(bassChroma(mono, sr, tuning)),
      opening: compressed(openingChroma(mono, sr, bpm)),
    },
    scaleFit,
  };
}

/** Each of the 24 keys' score (index = tonic for major, 12 + tonic for minor): the features seen from its tonic. */
export function keyScores(
  features: KeyFeatures,
  model: KeyModel = KEY_MODEL,
  profileWeight = PROFILE_WEIGHT,
): number[] {
  const pitch = features.notes.map((v, i) => v + features.bass[i]!);
  const scores: number[] = [];
  for (const mode of KEY_MODES) {
    for (let tonic = 0; tonic < 12; tonic++) {
      let score = 0;
      for (const block of KEY_FEATURE_BLOCKS) {
        for (let i = 0; i < 12; i++) score += model[mode][block][i]! * features[block][(tonic + i) % 12]!;
      }
      if (profileWeight)
        score +=
          profileWeight *
          correlation(
            pitch.map((_, i) => pitch[(tonic + i) % 12]!),
            PROFILES[mode],
          );
      scores.push(score);
    }
  }
  return scores;
}

/**
 * The key of mono audio and how sure the model is (its probability for that key, lowered when the notes
 * barely fit any scale). `bpm` (from estimateTempo) places the opening's two bars; null uses 4 s.
 */
export function estimateMusicalKey(mono: Float32Array, sr: number, bpm: number | null = null): KeyEstimate {
  const read = keyFeatures(mono, sr, bpm);
  if (!read || read.scaleFit < MIN_SCALE_FIT) return { key: null, confidence: 0 };
  const scores = keyScores(read.features);
  const best = scores.indexOf(Math.max(...scores));
  const probability = 1 / scores.reduce((s, score) => s + Math.exp(score - scores[best]!), 0);
  const fitShare = Math.min(1, (read.scaleFit - MIN_SCALE_FIT) / (FULL_SCALE_FIT - MIN_SCALE_FIT));
  const key = `${NAMES[best % 12]} ${KEY_MODES[Math.floor(best / 12)]}`;
  return { key, confidence: Math.round(probability * fitShare * 100) / 100 };
}

/** Weights of harmonics 1..6 in the bass-note salience (subharmonic summation). */
const BASS_HARMONICS = [1, 1, 0.8, 0.7, 0.5, 0.5];
/**
 * Bass-note candidates: MIDI 24 (C1, 33 Hz; a bass line an octave under E1–D#2 roots) to 52 (E3, 165 Hz).
 */
const BASS_LOW_MIDI = 24;
const BASS_HIGH_MIDI = 52;
/** Lower quartile: the floor removed from every bass note's salience. */
const BASS_FLOOR_QUANTILE = 0.25;

/**
 * Chroma of the bass line by subharmonic summation: in each 0.74 s frame (≈ 11 kHz, 8192 points, 1.3 Hz
 * bins) every semitone from C1 to E3 is scored by the spectrum at its first six harmonics, and the best one
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
