/**
 * Sung voices for the evaluation material, from espeak-ng (a formant synthesiser, nothing of ours):
 * espeak speaks each syllable once on a flat pitch (a private voice variant with no intonation range),
 * and TD-PSOLA (pitch-synchronous overlap-add of two-period grains) re-times the glottal pulses to sing
 * each note: the formants stay where espeak put them, the pitch follows the melody with a glide into
 * the note, delayed vibrato and a slow drift, and the vowel is held by walking its steady part back and
 * forth. Lead lines are panned and widened (a short inter-channel delay and a stereo reverb); a choir is
 * several singers per part, each detuned, late or early by a few ms and panned across the whole image.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeWav } from '../../../shared/audio/wav';
import type { SungLine, SungNote } from './material-compose';

export const SAMPLE_RATE = 44100;

/** Syllables (espeak phoneme input): sung "la", "na"... for leads, "aah", "ooh", "oh" for choirs. */
const LEAD_SYLLABLES = [
  "l'A:::",
  "n'A:::",
  "m'A:::",
  "l'u:::",
  "n'O:::",
  "d'A:::",
  "j'u:::",
  "w'A:::",
  "l'i:::",
  "b'A:::",
];
const CHOIR_SYLLABLES = ["'A:::", "'u:::", "'O:::"];

const ESPEAK_DATA = '/usr/lib/x86_64-linux-gnu/espeak-ng-data';

export interface Singer {
  /** espeak-ng variant to take the formants from (m1…m7, f1…f5). */
  variant: string;
  /** Flat pitch espeak speaks at (Hz): near the line's register keeps PSOLA's shifts small. */
  baseHz: number;
}

interface Syllable {
  x: Float32Array;
  /** Pitch marks (sample positions of glottal pulses), ascending. */
  marks: number[];
  period: number;
  onset: number;
  sustainFrom: number;
  sustainTo: number;
}

/** A private copy of espeak-ng's data with flat-pitch ("sing-…") variants; returns the --path value. */
function espeakHome(cacheDir: string, singers: Singer[]): string {
  const home = join(cacheDir, 'espeak');
  const data = join(home, 'espeak-ng-data');
  if (!existsSync(join(data, 'phontab'))) {
    if (!existsSync(ESPEAK_DATA)) {
      throw new Error(
        'espeak-ng data not found: apt-get install -y espeak-ng (see tests/bench/audio/material.ts)',
      );
    }
    rmSync(home, { recursive: true, force: true });
    mkdirSync(data, { recursive: true });
    for (const entry of ['phontab', 'phonindex', 'phondata', 'intonations', 'en_dict', 'lang', 'voices'])
      cpSync(join(ESPEAK_DATA, entry), join(data, entry), { recursive: true });
  }
  for (const singer of singers) {
    const file = join(data, 'voices', '!v', singerName(singer));
    if (existsSync(file)) continue;
    const base = readFileSync(join(data, 'voices', '!v', singer.variant), 'utf8');
    // espeak's pitch line is "base range" in its own units (about Hz ÷ 0.93); equal values mean monotone.
    const units = Math.round(singer.baseHz / 0.93);
    const flat = base
      .split('\n')
      .filter((line) => !/^\s*(pitch|intonation|flutter)\b/.test(line))
      .concat([`pitch ${units} ${units}`, 'flutter 0', ''])
      .join('\n');
    writeFileSync(file, flat);
  }
  return home;
}

const singerName = (s: Singer) => `sing-${s.variant}-${Math.round(s.baseHz)}`;

/** Upsamples by two with a windowed-sinc half-band filter (espeak speaks at 22.05 kHz). */
function upsample2(x: Float32Array): Float32Array {
  const taps = 24;
  const kernel: number[] = [];
  for (let k = -taps; k <= taps; k++) {
    const t = k + 0.5;
    const w = 0.5 + 0.5 * Math.cos((Math.PI * t) / (taps + 1));
    kernel.push((Math.sin(Math.PI * t) / (Math.PI * t)) * w);
  }
  const y = new Float32Array(x.length * 2);
  for (let i = 0; i < x.length; i++) {
    y[2 * i] = x[i]!;
    let acc = 0;
    for (let k = -taps; k <= taps; k++) {
      const j = i + k;
      if (j >= 0 && j < x.length) acc += x[j]! * kernel[k + taps]!;
    }
    y[2 * i + 1] = acc;
  }
  return y;
}

/** Period (samples) by autocorrelation over [from, to), with parabolic refinement. */
function periodOf(x: Float32Array, from: number, to: number): number {
  const minLag = Math.floor(SAMPLE_RATE / 500);
  const maxLag = Math.ceil(SAMPLE_RATE / 60);
  const len = Math.min(to - from - maxLag, 8192);
  const ac = (lag: number) => {
    let s = 0;
    for (let i = from; i < from + len; i++) s += x[i]! * x[i + lag]!;
    return s;
  };
  let best = minLag;
  let bestValue = -Infinity;
  const values: number[] = [];
  for (let lag = minLag; lag <= maxLag; lag++) {
    const v = ac(lag);
    values[lag] = v;
    if (v > bestValue) {
      bestValue = v;
      best = lag;
    }
  }
  // Prefer the shortest lag with nearly the best correlation (avoid picking a multiple of the period).
  for (let lag = minLag; lag < best; lag++) {
    const v = values[lag]!;
    if (v > 0.9 * bestValue && v >= (values[lag - 1] ?? -Infinity) && v >= (values[lag + 1] ?? -Infinity)) {
      best = lag;
      break;
    }
  }
  const a = values[best - 1] ?? 0;
  const b = values[best]!;
  const c = values[best + 1] ?? 0;
  const d = a - 2 * b + c;
  return d < 0 ? best + (0.5 * (a - c)) / d : best;
}

/** Renders one syllable with espeak-ng and finds its pitch marks and steady vowel. */
function speakSyllable(home: string, singer: Singer, phonemes: string): Syllable {
  const result = spawnSync(
    'espeak-ng',
    ['--path', home, '-v', `en+${singerName(singer)}`, '-s', '90', '--stdout', `[[${phonemes}]]`],
    {
      maxBuffer: 64 << 20,
    },
  );
  if (result.status !== 0) throw new Error(`espeak-ng failed: ${result.stderr?.toString() ?? result.error}`);
  const wav = decodeWav(new Uint8Array(result.stdout));
  const x = upsample2(wav.channels[0]!);
  // Level envelope in 10 ms frames: the onset is where the sound starts, the sustain is the loud middle.
  const frame = 441;
  const env: number[] = [];
  for (let i = 0; i + frame <= x.length; i += frame) {
    let s = 0;
    for (let j = i; j < i + frame; j++) s += x[j]! * x[j]!;
    env.push(Math.sqrt(s / frame));
  }
  const peak = Math.max(...env);
  const first = env.findIndex((e) => e > 0.05 * peak);
  let loudFrom = env.findIndex((e) => e > 0.6 * peak);
  let loudTo = env.length - 1 - [...env].reverse().findIndex((e) => e > 0.6 * peak);
  if (loudTo - loudFrom < 8) {
    loudFrom = Math.max(first, loudFrom - 4);
    loudTo = Math.min(env.length - 1, loudTo + 4);
  }
  const sustainFrom = (loudFrom + Math.floor((loudTo - loudFrom) * 0.2)) * frame;
  const sustainTo = (loudFrom + Math.floor((loudTo - loudFrom) * 0.8)) * frame;
  const period = periodOf(x, sustainFrom, Math.min(x.length, sustainTo + 2000));
  // Marks: the largest peak in the first sustain period, then tracked both ways by cross-correlation.
  let m0 = sustainFrom;
  for (let i = sustainFrom; i < sustainFrom + period; i++) if (Math.abs(x[i]!) > Math.abs(x[m0]!)) m0 = i;
  const P = Math.round(period);
  const slack = Math.max(2, Math.round(period * 0.04));
  const track = (from: number, dir: 1 | -1): number[] => {
    const marks: number[] = [];
    let at = from;
    for (;;) {
      const guess = at + dir * P;
      if (guess - P < 0 || guess + P >= x.length) break;
      let best = guess;
      let bestValue = -Infinity;
      for (let c = guess - slack; c <= guess + slack; c++) {
        let s = 0;
        for (let i = -P; i < P; i += 2) s += x[at + i]! * x[c + i]!;
        if (s > bestValue) {
          bestValue = s;
          best = c;
        }
      }
      marks.push(best);
      at = best;
    }
    return marks;
  };
  const marks = [...track(m0, -1).reverse(), m0, ...track(m0, 1)];
  return { x, marks, period, onset: first * frame, sustainFrom, sustainTo };
}

export interface SingOptions {
  bpm: number;
  /** Total length of the output (samples). */
  length: number;
  vibratoCents: number;
  vibratoHz: number;
  /** Constant offset of this singer (cents) and of its timing (seconds). */
  detuneCents: number;
  lateSeconds: number;
  rand: () => number;
}

/** Sings `notes` (beats → seconds at `bpm`) into a mono buffer. */
export function singLine(
  cacheDir: string,
  singer: Singer,
  line: SungLine,
  options: SingOptions,
  cache: Map<string, Syllable>,
): Float32Array {
  const home = espeakHome(cacheDir, [singer]);
  const out = new Float32Array(options.length);
  const beat = 60 / options.bpm;
  const syllables = line.role === 'lead' ? LEAD_SYLLABLES : CHOIR_SYLLABLES;
  let previous: SungNote | undefined;
  // A slow random drift (±8 cents), the same for the whole line.
  const driftPhase = options.rand() * 2 * Math.PI;
  for (const note of line.notes) {
    const phonemes = syllables[note.syllable % syllables.length]!;
    const key = `${singerName(singer)}|${phonemes}`;
    let syllable = cache.get(key);
    if (!syllable) {
      syllable = speakSyllable(home, singer, phonemes);
      cache.set(key, syllable);
    }
    const start = Math.round((note.start * beat + options.lateSeconds) * SAMPLE_RATE);
    const length = Math.round(note.duration * beat * SAMPLE_RATE);
    const glideFrom =
      previous && note.start - (previous.start + previous.duration) < 0.5 ? previous.pitch : note.pitch;
    placeNote(out, syllable, start, length, note, glideFrom, options, driftPhase);
    previous = note;
  }
  return out;
}

function placeNote(
  out: Float32Array,
  s: Syllable,
  start: number,
  length: number,
  note: SungNote,
  glideFrom: number,
  o: SingOptions,
  driftPhase: number,
): void {
  const sr = SAMPLE_RATE;
  const P = Math.round(s.period);
  const grain = new Float32Array(2 * P);
  for (let i = 0; i < 2 * P; i++) grain[i] = 0.5 - 0.5 * Math.cos((Math.PI * (i + 0.5)) / P);
  const onsetLength = Math.max(0, s.sustainFrom - s.onset);
  const span = Math.max(P, s.sustainTo - s.sustainFrom);
  const attack = Math.min(0.03 * sr, length / 4);
  const release = Math.min(0.08 * sr, length / 3);
  const vibratoDelay = Math.min(0.25 * sr, length * 0.3);
  let t = 0;
  let markIndex = 0;
  while (t < length) {
    // Where in the spoken syllable we are: the onset as spoken, then back and forth over the vowel.
    let source: number;
    if (t < onsetLength) source = s.onset + t;
    else {
      const u = (t - onsetLength) % (2 * span);
      source = s.sustainFrom + (u < span ? u : 2 * span - u);
    }
    while (markIndex + 1 < s.marks.length && s.marks[markIndex + 1]! <= source) markIndex++;
    while (markIndex > 0 && s.marks[markIndex]! > source) markIndex--;
    const m = s.marks[markIndex]!;
    const seconds = t / sr;
    const glide = Math.min(1, seconds / 0.06);
    const vib = t > vibratoDelay ? Math.min(1, (t - vibratoDelay) / (0.3 * sr)) : 0;
    const cents =
      (glideFrom - note.pitch) * 100 * (1 - glide) +
      o.detuneCents +
      vib * o.vibratoCents * Math.sin(2 * Math.PI * o.vibratoHz * seconds) +
      8 * Math.sin(2 * Math.PI * 0.3 * (start / sr + seconds) + driftPhase);
    const hz = 440 * Math.pow(2, (note.pitch - 69 + cents / 100) / 12);
    const env = Math.min(1, t / attack, (length - t) / release) * note.velocity;
    const at = start + Math.round(t);
    for (let i = 0; i < 2 * P; i++) {
      const o2 = at - P + i;
      const src = m - P + i;
      if (o2 < 0 || o2 >= out.length || src < 0 || src >= s.x.length) continue;
      out[o2]! += s.x[src]! * grain[i]! * env;
    }
    t += sr / hz;
  }
}

/** A stereo reverb (Schroeder: four combs and two all-passes per side, the sides tuned apart). */
export function reverb(
  left: Float32Array,
  right: Float32Array,
  wet: number,
  decay = 0.78,
): [Float32Array, Float32Array] {
  const process = (x: Float32Array, spread: number) => {
    const combs = [1116, 1188, 1277, 1356].map((d) => d + spread);
    const y = new Float32Array(x.length);
    for (const d of combs) {
      const buf = new Float32Array(d);
      let at = 0;
      let lp = 0;
      for (let i = 0; i < x.length; i++) {
        const out = buf[at]!;
        lp = out * 0.7 + lp * 0.3;
        buf[at] = x[i]! + lp * decay;
        y[i]! += out / combs.length;
        at = at + 1 === d ? 0 : at + 1;
      }
    }
    for (const d of [556 + spread, 441 + spread]) {
      const buf = new Float32Array(d);
      let at = 0;
      for (let i = 0; i < y.length; i++) {
        const b = buf[at]!;
        const v = y[i]!;
        buf[at] = v + b * 0.5;
        y[i] = b - v * 0.5;
        at = at + 1 === d ? 0 : at + 1;
      }
    }
    return y;
  };
  const mono = new Float32Array(left.length);
  for (let i = 0; i < mono.length; i++) mono[i] = 0.5 * (left[i]! + right[i]!);
  const wl = process(mono, 0);
  const wr = process(mono, 23);
  const l = new Float32Array(left.length);
  const r = new Float32Array(left.length);
  for (let i = 0; i < l.length; i++) {
    l[i] = left[i]! + wet * wl[i]!;
    r[i] = right[i]! + wet * wr[i]!;
  }
  return [l, r];
}

/** Adds `mono` to the stereo pair at `pan` (−1…1, constant power), the far side `haasMs` later. */
export function place(
  mono: Float32Array,
  left: Float32Array,
  right: Float32Array,
  pan: number,
  haasMs: number,
  gain = 1,
): void {
  const angle = ((pan + 1) * Math.PI) / 4;
  const gl = Math.cos(angle) * gain;
  const gr = Math.sin(angle) * gain;
  const delay = Math.round((Math.abs(haasMs) / 1000) * SAMPLE_RATE);
  const dl = haasMs > 0 ? delay : 0;
  const dr = haasMs < 0 ? delay : 0;
  for (let i = 0; i < mono.length; i++) {
    const v = mono[i]!;
    if (i + dl < left.length) left[i + dl]! += v * gl;
    if (i + dr < right.length) right[i + dr]! += v * gr;
  }
}
