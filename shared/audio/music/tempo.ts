import { Fft } from '../fft';
import { decimate, hann } from './dsp';

/**
 * Tempo of music from onset-envelope periodicities (the one tempo estimator of the platform:
 * shared/audio/music/analyse.ts uses it for every feature).
 */

/** Band edges (Hz) of the onset envelopes: kick/bass, snare/chords/voice, hats/cymbals. */
const ONSET_BANDS = [30, 200, 3000];
/** Tempo range reported (BPM): metrical levels outside it are not candidates. */
const MIN_BPM = 50;
const MAX_BPM = 200;
/** Autocorrelation a pulse level must reach (in some band) to count as the tatum. */
const TATUM_LEVEL = 0.3;
/** A tatum this periodic in every band is a plain pulse (metronome, four-on-the-floor alone): a beat. */
const UNIFORM_PULSE = 0.65;
/** Preference for beats of 2 or 4 tatums (eighths or sixteenths under the beat), added to the log prior. */
const SUBDIVISION_BONUS: Record<number, number> = { 2: 0.4, 4: 0.2, 8: 0 };
const UNIFORM_BONUS = 0.6;
/**
 * Below this the metrical reading is not trusted (a swung ride's shortest pulse is 5/8 of a beat; a voice
 * has no clear pulse) and the periodicity reading is used. Chosen on the dev half of
 * tests/bench/audio/material.ts with the two constants below (prior 0.3 and 4 multiples: mixes 20 → 23 of
 * 24 within 1 BPM, a-cappellas 2 → 21 of 24; 0.2–0.5 and 4–6 give 21–23 and 16–21).
 */
const METRICAL_SURE = 0.3;
const PERIODIC_PRIOR = 0.3;
const PERIODIC_MULTIPLES = 4;
/** Least periodicity (mean autocorrelation over the multiples) for a tempo at all: noise stays near 0. */
const MIN_PERIODICITY = 0.08;
/**
 * Score margin over half and double the tempo under which the periodicity reading's confidence is scaled
 * down (periodicityTempo). Chosen on the dev half of tests/bench/audio/material.ts: the one half-tempo
 * reading of a mix (jazz at 158 read as 79) is unclear from 0.04, the surest right one (jazz at 138)
 * stays clear up to 0.1; a-cappellas are unchanged. The tempo itself never changes.
 */
const OCTAVE_MARGIN = 0.06;
/**
 * How far the evidence that a beat spans two must exceed the reading's own confidence for the tempo to be
 * doubled. The evidence: the onset strength halfway between beats over the strength on them, plus
 * PERIODIC_PRIOR × the octaves² from 120 BPM that doubling saves. A swung ride and a walking bass repeat
 * at two beats better than at one, so either reading can take two beats for one, yet they strike every
 * beat alike; a straight groove's halfway points hold offbeat eighths, often as loud as the beats, so a
 * sure reading needs more to be overturned. Chosen on dev material only (the dev half, 48 more pieces
 * rendered with its soundfont, singers and kits, and the platform's synthesizer, seeds 1–5, 11, 12;
 * docs/audio-input.md): the half-tempo readings of mixes score 0.42–0.79, right readings at most 0.30.
 */
const DOUBLE_BEAT_MARGIN = 0.36;
/** Beats per stretch over which the beat phase is found anew (tolerates drift and a rounded period). */
const PHASE_STRETCH = 8;

export interface OnsetEnvelopes {
  /** Envelope frames per second. */
  fps: number;
  /** Per band (low, mid, high): positive log-spectral flux, local mean removed, unit RMS. */
  bands: Float32Array[];
}

/**
 * Onset-strength envelopes of three bands from the spectral flux of a log-magnitude spectrogram
 * (≈ 22 kHz, 1024-point frames, hop 256 ≈ 86 frames/s). The flux compares each bin with the maximum of
 * its neighbours in the previous frame (as SuperFlux), so glides and vibrato do not read as onsets.
 */
export function onsetEnvelopes(mono: Float32Array, sr: number): OnsetEnvelopes {
  const factor = Math.max(1, Math.round(sr / 22050));
  const signal = decimate(mono, factor);
  const rate = sr / factor;
  const size = 1024;
  const hop = 256;
  const half = size / 2;
  const fft = new Fft(size);
  const window = hann(size);
  const frames = signal.length >= size ? Math.floor((signal.length - size) / hop) + 1 : 0;
  let sum = 0;
  for (let i = 0; i < signal.length; i++) sum += signal[i]! * signal[i]!;
  // −60 dB under the signal's RMS spectrum level: quieter detail does not count as onsets.
  const floor = Math.max(1e-9, Math.sqrt(sum / Math.max(1, signal.length)) * half * 1e-3);
  const bandOf = new Int8Array(half).map((_, k) => {
    const f = (k * rate) / size;
    return f < ONSET_BANDS[0]! ? -1 : f < ONSET_BANDS[1]! ? 0 : f < ONSET_BANDS[2]! ? 1 : 2;
  });
  const bands = [0, 1, 2].map(() => new Float32Array(frames));
  const re = new Float64Array(size);
  const im = new Float64Array(size);
  let previous = new Float64Array(half);
  let current = new Float64Array(half);
  for (let t = 0; t < frames; t++) {
    const start = t * hop;
    for (let i = 0; i < size; i++) {
      re[i] = signal[start + i]! * window[i]!;
      im[i] = 0;
    }
    fft.forward(re, im);
    for (let k = 0; k < half; k++)
      current[k] = Math.log(floor + Math.sqrt(re[k]! * re[k]! + im[k]! * im[k]!));
    if (t > 0) {
      for (let k = 1; k < half - 1; k++) {
        const band = bandOf[k]!;
        if (band < 0) continue;
        const rise = current[k]! - Math.max(previous[k - 1]!, previous[k]!, previous[k + 1]!);
        if (rise > 0) bands[band]![t]! += rise;
      }
    }
    [previous, current] = [current, previous];
  }
  const fps = rate / hop;
  // Remove the local mean (±0.2 s) and keep what rises above it, then scale to unit RMS per band.
  const reach = Math.round(0.2 * fps);
  const prefix = new Float64Array(frames + 1);
  for (const envelope of bands) {
    for (let i = 0; i < frames; i++) prefix[i + 1] = prefix[i]! + envelope[i]!;
    let squares = 0;
    for (let i = 0; i < frames; i++) {
      const a = Math.max(0, i - reach);
      const b = Math.min(frames, i + reach + 1);
      const v = Math.max(0, envelope[i]! - (prefix[b]! - prefix[a]!) / (b - a));
      envelope[i] = v;
      squares += v * v;
    }
    const norm = Math.sqrt(squares / Math.max(1, frames)) || 1;
    for (let i = 0; i < frames; i++) envelope[i]! /= norm;
  }
  return { fps, bands };
}

/** Autocorrelation of the mean-removed envelope for lags 0..maxLag, unbiased, 1 at lag 0. */
function autocorrelation(e: Float32Array, maxLag: number): Float64Array {
  const out = new Float64Array(maxLag + 1);
  let mean = 0;
  for (let i = 0; i < e.length; i++) mean += e[i]!;
  mean /= e.length || 1;
  const centred = new Float64Array(e.length).map((_, i) => e[i]! - mean);
  for (let lag = 0; lag <= maxLag && lag < e.length; lag++) {
    let s = 0;
    for (let i = 0; i + lag < centred.length; i++) s += centred[i]! * centred[i + lag]!;
    out[lag] = s / (centred.length - lag);
  }
  const zero = out[0]! > 0 ? out[0]! : 1;
  for (let lag = 0; lag <= maxLag; lag++) out[lag]! /= zero;
  return out;
}

/** Linearly interpolated value at a fractional lag. */
function valueAt(a: Float64Array, lag: number): number {
  const l0 = Math.floor(lag);
  const f = lag - l0;
  return l0 >= 0 && l0 + 1 < a.length ? a[l0]! * (1 - f) + a[l0 + 1]! * f : 0;
}

/** Largest value within ±1 frame of a fractional lag (a peak sampled between frames loses height). */
function peakAt(a: Float64Array, lag: number): number {
  return Math.max(valueAt(a, lag - 1), valueAt(a, lag), valueAt(a, lag + 1));
}

/**
 * Tempo from onset-envelope periodicities, resolved between octaves by the metrical structure:
 * 1. spectral-flux envelopes in three bands and their autocorrelations;
 * 2. the tatum: the shortest period (≥ 70 ms) at which some band pulses clearly (hats in eighths or
 *    sixteenths, or the beat itself when nothing subdivides it), refined over its multiples;
 * 3. the beat is 1, 2, 4 or 8 tatums, chosen by a log-Gaussian tempo prior around 120 BPM (one-octave
 *    deviation) plus a preference for beats subdivided in 2 or 4; a tatum that pulses equally in every band
 *    (a metronome) is itself the beat;
 * 4. the beat period refined on the autocorrelation's multiples to a tenth of a BPM;
 * 5. when that reading is unsure (no clear shortest pulse: a voice alone, a swung ride), the period whose
 *    first multiples the onsets repeat at best under the same tempo prior;
 * 6. either reading doubled when the onsets halfway between its beats are about as strong as on them
 *    (by more than the reading's confidence).
 * Null when nothing repeats (silence, noise, too short).
 */
export function estimateTempo(mono: Float32Array, sr: number): Tempo {
  return tempoFromEnvelopes(onsetEnvelopes(mono, sr));
}

/**
 * The tempo of estimateTempo from already computed onset envelopes: the metrical reading when it is sure
 * (METRICAL_SURE), else the strongest periodicity under the tempo prior (voices alone, swung rides whose
 * shortest pulse is not a subdivision of the beat), else null; then the beat level (beatLevel).
 */
export function tempoFromEnvelopes({ fps, bands }: OnsetEnvelopes): Tempo {
  const frames = bands[0]!.length;
  if (frames < fps * 4) return { bpm: null, confidence: 0 };
  const maxLag = Math.min(frames - 2, Math.ceil((fps * 60 * 8) / MIN_BPM) + 2);
  const all = new Float32Array(frames);
  for (const band of bands) for (let i = 0; i < frames; i++) all[i]! += band[i]!;
  const acfs = [...bands, all].map((e) => autocorrelation(e, maxLag));
  const metrical = metricalTempo(acfs, fps, maxLag);
  let reading = metrical;
  if (metrical.bpm === null || metrical.confidence < METRICAL_SURE) {
    const periodic = periodicityTempo(acfs[3]!, fps, maxLag);
    if (periodic.bpm !== null && periodic.periodicity >= MIN_PERIODICITY) reading = periodic;
  }
  if (reading.bpm === null) return { bpm: null, confidence: 0 };
  return { bpm: Math.round(beatLevel(all, fps, reading)), confidence: reading.confidence };
}

type Tempo = { bpm: number | null; confidence: number };
/** A reading with its beat period in envelope frames (0 without a tempo). */
type Reading = Tempo & { lag: number };

/** Octaves² from 120 BPM: the tempo prior's log-Gaussian exponent. */
const octavesFrom120 = (bpm: number) => Math.log2(bpm / 120) ** 2;

/**
 * The tempo of a reading, doubled when its halfway points are beats too (DOUBLE_BEAT_MARGIN): the
 * metrical and periodicity readings decide between octaves from repetition, this from where the onsets
 * fall.
 */
function beatLevel(envelope: Float32Array, fps: number, { lag, confidence }: Reading): number {
  const bpm = (60 * fps) / lag;
  if (2 * bpm > MAX_BPM) return bpm;
  const evidence =
    halfBeatShare(envelope, lag) + PERIODIC_PRIOR * (octavesFrom120(bpm) - octavesFrom120(2 * bpm));
  return evidence - confidence >= DOUBLE_BEAT_MARGIN ? 2 * bpm : bpm;
}

/**
 * Onset strength halfway between beats of period `lag` (frames) over the strength on them: per stretch
 * of PHASE_STRETCH beats, the phase whose beats carry the most onset strength, then the same sum half a
 * period later. Near 1 when the halfway points are beats too (the period spans two beats).
 */
function halfBeatShare(envelope: Float32Array, lag: number): number {
  const strength = (x: number) => {
    const i = Math.round(x);
    return Math.max(envelope[i - 1] ?? 0, envelope[i] ?? 0, envelope[i + 1] ?? 0);
  };
  const stretch = PHASE_STRETCH * lag;
  let on = 0;
  let halfway = 0;
  for (let start = 0; start + stretch <= envelope.length; start += stretch) {
    let phase = 0;
    let best = -1;
    for (let p = 0; p < lag; p += 0.5) {
      let sum = 0;
      for (let k = 0; k < PHASE_STRETCH; k++) sum += strength(start + p + k * lag);
      if (sum > best) [phase, best] = [p, sum];
    }
    on += best;
    for (let k = 0; k < PHASE_STRETCH; k++) halfway += strength(start + phase + (k + 0.5) * lag);
  }
  return on > 0 ? halfway / on : 0;
}

/** Mean autocorrelation over the first `count` multiples of a period: sharp in the period, robust to accents. */
function combAt(acf: Float64Array, lag: number, maxLag: number, count: number): number {
  let total = 0;
  let n = 0;
  for (let k = 1; k <= count && k * lag < maxLag; k++, n++) total += valueAt(acf, k * lag);
  return n ? total / n : 0;
}

/**
 * The beat period whose first PERIODIC_MULTIPLES multiples the onsets repeat at best, less
 * PERIODIC_PRIOR × (octaves from 120 BPM)²: needs no clear shortest pulse, so it reads a voice alone.
 * Its confidence is the periodicity, scaled down when half or double the tempo scores almost as well
 * (margin under OCTAVE_MARGIN): a swung ride repeats at two beats about as well as at one, and such a
 * reading is shown as "tempo unclear" rather than a sure half or double tempo.
 */
function periodicityTempo(acf: Float64Array, fps: number, maxLag: number): Reading & { periodicity: number } {
  const minLag = (fps * 60) / MAX_BPM;
  const maxBeatLag = (fps * 60) / MIN_BPM;
  const score = (lag: number) =>
    combAt(acf, lag, maxLag, PERIODIC_MULTIPLES) - PERIODIC_PRIOR * octavesFrom120((60 * fps) / lag);
  let bestLag = 0;
  let best = -Infinity;
  for (let lag = minLag; lag <= maxBeatLag; lag += 0.02) {
    const s = score(lag);
    if (s > best) [bestLag, best] = [lag, s];
  }
  if (!bestLag) return { bpm: null, confidence: 0, periodicity: 0, lag: 0 };
  const octaves = [bestLag / 2, bestLag * 2].filter((lag) => lag >= minLag && lag <= maxBeatLag);
  const margin = best - Math.max(-Infinity, ...octaves.map(score));
  const sureOctave = Math.min(1, Math.max(0, margin / OCTAVE_MARGIN));
  const periodicity = combAt(acf, bestLag, maxLag, PERIODIC_MULTIPLES);
  return {
    bpm: Math.round((60 * fps) / bestLag),
    confidence: Math.max(0, Math.min(1, periodicity * sureOctave)),
    periodicity,
    lag: bestLag,
  };
}

/** Tatum, then 1/2/4/8 tatums a beat (see estimateTempo), from the three bands' and the sum's autocorrelations. */
function metricalTempo(acfs: Float64Array[], fps: number, maxLag: number): Reading {
  const combined = acfs[3]!;
  const bpmOf = (lag: number) => (60 * fps) / lag;
  let tatum = 0;
  for (let lag = Math.ceil(0.07 * fps); lag <= Math.min(maxLag - 1, (fps * 60) / MIN_BPM); lag++) {
    const isPeak = acfs.some(
      (a) => a[lag]! >= TATUM_LEVEL && a[lag]! >= a[lag - 1]! && a[lag]! >= a[lag + 1]!,
    );
    if (isPeak) {
      tatum = lag;
      break;
    }
  }
  if (!tatum) return { bpm: null, confidence: 0, lag: 0 };
  const comb = (lag: number) => combAt(combined, lag, maxLag, 16);
  let tatumLag = tatum;
  let tatumScore = -Infinity;
  for (let lag = tatum - 1; lag <= tatum + 1; lag += 0.01) {
    const score = comb(lag);
    if (score > tatumScore) [tatumLag, tatumScore] = [lag, score];
  }
  const uniform = Math.min(...acfs.slice(0, 3).map((a) => peakAt(a, tatumLag)));
  let beats = 0;
  let best = -Infinity;
  for (const k of [1, 2, 4, 8]) {
    const bpm = bpmOf(k * tatumLag);
    if (bpm < MIN_BPM || bpm > MAX_BPM) continue;
    const bonus = k === 1 ? (uniform >= UNIFORM_PULSE ? UNIFORM_BONUS : 0) : SUBDIVISION_BONUS[k]!;
    const score = -0.5 * Math.log2(bpm / 120) ** 2 + bonus;
    if (score > best) [beats, best] = [k, score];
  }
  if (!beats) return { bpm: null, confidence: 0, lag: 0 };
  const beat = beats * tatumLag;
  let beatLag = beat;
  let beatScore = -Infinity;
  for (let lag = beat * 0.98; lag <= beat * 1.02; lag += 0.005) {
    const score = comb(lag);
    if (score > beatScore) [beatLag, beatScore] = [lag, score];
  }
  return { bpm: Math.round(bpmOf(beatLag)), confidence: Math.max(0, Math.min(1, beatScore)), lag: beatLag };
}
