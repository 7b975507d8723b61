import { Prng, hashString } from '../../../shared/audio/prng';
import {
  DURATIONS_SECONDS,
  MUSIC_STYLES,
  NOTE_NAMES,
  STYLE_PRESETS,
  degreeToMidi,
  describeTraits,
  midiToHz,
  type BassWave,
  type ChordTimbre,
  type Mode,
  type MusicStyle,
  type StylePreset,
} from '../../../shared/audio/styles';
import { wavHeader } from '../../../shared/audio/wav';
import {
  ProviderError,
  type GeneratedMusic,
  type MusicProvider,
  type MusicRequest,
  type SynthStemName,
} from './provider';

/**
 * The built-in music generator: a small deterministic synthesizer. Each instrument renders into its own
 * float buffer; one gain envelope (normaliser + peak limiter + fades), computed from the mix, is applied to
 * every stem; the stems are quantised to 16-bit and the mix is written as the sum of the quantised stems,
 * so mix = drums + bass + chords + lead exactly.
 */

export const SAMPLE_RATE = 44100;
const TWO_PI = Math.PI * 2;

/** A rendered layer: mono layers (bass, lead) are centre-panned. */
interface Layer {
  left: Float32Array;
  right: Float32Array | null;
}

export interface SynthPlan {
  style: MusicStyle;
  bpm: number;
  mode: Mode;
  /** Pitch class 0..11 of the key. */
  root: number;
  key: string;
  brightness: number;
  chordTimbre: ChordTimbre;
  progression: number[];
  title: string;
}

/** Chooses tempo, key, timbre from style, description words and seed (no audio yet). */
export function planTrack(
  request: Pick<MusicRequest, 'description' | 'lyrics' | 'style' | 'seed'>,
): SynthPlan {
  const preset = STYLE_PRESETS[request.style];
  const traits = describeTraits(request.description);
  const rng = new Prng(
    request.seed ^ hashString(`${request.style}|${request.description}|${request.lyrics ?? ''}`),
  );
  // Disjoint ranges of the style's tempo span, so 'fast' always beats neutral and neutral beats 'chill'.
  const position =
    traits.tempo === 'fast'
      ? 0.85 + 0.15 * rng.next()
      : traits.tempo === 'slow'
        ? 0.15 * rng.next()
        : 0.3 + 0.4 * rng.next();
  const [lo, hi] = preset.bpm;
  // 'fast'/'chill' also reach a little past the style's range.
  const stretch = traits.tempo === 'fast' ? 1.06 : traits.tempo === 'slow' ? 0.92 : 1;
  const bpm = Math.round((lo + (hi - lo) * position) * stretch);
  const mode = traits.mode ?? preset.mode;
  const root = rng.int(12);
  const brightness = Math.min(1, Math.max(0.05, preset.brightness + traits.brightness));
  const chordTimbre = traits.chordTimbre ?? preset.chordTimbre;
  const progression = rng.pick(preset.progressions);
  const key = `${NOTE_NAMES[root]} ${mode}`;
  return {
    style: request.style,
    bpm,
    mode,
    root,
    key,
    brightness,
    chordTimbre,
    progression,
    title: titleOf(request.description, request.style, key),
  };
}

function titleOf(description: string, style: MusicStyle, key: string): string {
  const words = description
    .replace(/[^\p{L}\p{N}\s'-]/gu, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 5);
  if (words.length === 0) return `${style} in ${key}`;
  const title = words.map((w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase()).join(' ');
  return title.length > 60 ? title.slice(0, 60).trimEnd() : title;
}

// ---------------------------------------------------------------------------------------------------
// Arrangement

interface Section {
  kick: boolean;
  snare: boolean;
  hats: boolean;
  bass: boolean;
  chords: boolean;
  lead: boolean;
}

/** intro → build → drop → break → drop → outro, by fraction of the track's bars. */
function sectionOf(bar: number, bars: number): Section {
  const f = bar / bars;
  if (f < 0.125) return { kick: true, snare: false, hats: true, bass: false, chords: true, lead: false };
  if (f < 0.25) return { kick: true, snare: true, hats: true, bass: true, chords: true, lead: false };
  if (f < 0.5) return { kick: true, snare: true, hats: true, bass: true, chords: true, lead: true };
  if (f < 0.625) return { kick: false, snare: false, hats: true, bass: false, chords: true, lead: true };
  if (f < 0.875) return { kick: true, snare: true, hats: true, bass: true, chords: true, lead: true };
  return { kick: true, snare: false, hats: true, bass: true, chords: true, lead: false };
}

// ---------------------------------------------------------------------------------------------------
// Drums: one-shots rendered once per track, then added at each hit.

interface OneShots {
  kick: Float32Array;
  snare: Float32Array;
  clap: Float32Array;
  closedHat: Float32Array;
  openHat: Float32Array;
}

function renderOneShots(rng: Prng, brightness: number): OneShots {
  const sr = SAMPLE_RATE;
  const kick = new Float32Array(Math.round(0.45 * sr));
  let phase = 0;
  for (let i = 0; i < kick.length; i++) {
    const t = i / sr;
    const f = 45 + 120 * Math.exp(-t / 0.035);
    phase += (TWO_PI * f) / sr;
    const click = i < 90 ? rng.bipolar() * 0.3 * (1 - i / 90) : 0;
    kick[i] = Math.sin(phase) * Math.exp(-t / 0.22) + click;
  }
  const snare = new Float32Array(Math.round(0.3 * sr));
  let prev = 0;
  phase = 0;
  for (let i = 0; i < snare.length; i++) {
    const t = i / sr;
    const noise = rng.bipolar();
    const hp = noise - prev; // first difference: a gentle high-pass
    prev = noise;
    phase += (TWO_PI * 190) / sr;
    snare[i] = 0.55 * Math.sin(phase) * Math.exp(-t / 0.05) + 0.5 * hp * Math.exp(-t / 0.09);
  }
  const clap = new Float32Array(Math.round(0.3 * sr));
  const bp = new Svf();
  bp.set(1300, 1.4);
  for (let i = 0; i < clap.length; i++) {
    const t = i / sr;
    // Three quick bursts then a tail: the hand-clap's smear.
    const burst = t < 0.03 ? Math.exp(-((t % 0.01) / 0.003)) : Math.exp(-(t - 0.03) / 0.11);
    clap[i] = 1.6 * bp.band(rng.bipolar()) * burst;
  }
  const hatFilter = new Svf();
  hatFilter.set(6000 + 5000 * brightness, 0.9);
  const closedHat = new Float32Array(Math.round(0.09 * sr));
  for (let i = 0; i < closedHat.length; i++) {
    closedHat[i] = hatFilter.high(rng.bipolar()) * Math.exp(-i / sr / 0.022) * 0.55;
  }
  hatFilter.reset();
  const openHat = new Float32Array(Math.round(0.4 * sr));
  for (let i = 0; i < openHat.length; i++) {
    openHat[i] = hatFilter.high(rng.bipolar()) * Math.exp(-i / sr / 0.14) * 0.4;
  }
  return { kick, snare, clap, closedHat, openHat };
}

function addHit(layer: Layer, shot: Float32Array, at: number, gain: number, pan: number): void {
  const { left, right } = layer;
  const gl = gain * Math.min(1, 1 - pan);
  const gr = gain * Math.min(1, 1 + pan);
  const end = Math.min(left.length, at + shot.length);
  if (right) {
    for (let i = at, j = 0; i < end; i++, j++) {
      const s = shot[j]!;
      left[i]! += s * gl;
      right[i]! += s * gr;
    }
  } else {
    for (let i = at, j = 0; i < end; i++, j++) left[i]! += shot[j]! * gain;
  }
}

function velocity(ch: string): number {
  return ch === 'X' ? 1.15 : ch === 'x' ? 1 : ch === 'o' ? 0.6 : 0;
}

// ---------------------------------------------------------------------------------------------------
// Filters and oscillators

/** Zero-delay-feedback state-variable filter (Simper/Cytomic). */
class Svf {
  private ic1 = 0;
  private ic2 = 0;
  private a1 = 0;
  private a2 = 0;
  private a3 = 0;
  private k = 1;

  set(cutoff: number, q: number): void {
    const g = Math.tan((Math.PI * Math.min(cutoff, SAMPLE_RATE * 0.45)) / SAMPLE_RATE);
    this.k = 1 / q;
    this.a1 = 1 / (1 + g * (g + this.k));
    this.a2 = g * this.a1;
    this.a3 = g * this.a2;
  }

  reset(): void {
    this.ic1 = 0;
    this.ic2 = 0;
  }

  /** Advances one sample; returns the low-pass output and keeps band in `lastBand`. */
  low(v0: number): number {
    const v3 = v0 - this.ic2;
    const v1 = this.a1 * this.ic1 + this.a2 * v3;
    const v2 = this.ic2 + this.a2 * this.ic1 + this.a3 * v3;
    this.ic1 = 2 * v1 - this.ic1;
    this.ic2 = 2 * v2 - this.ic2;
    return v2;
  }

  band(v0: number): number {
    const v3 = v0 - this.ic2;
    const v1 = this.a1 * this.ic1 + this.a2 * v3;
    const v2 = this.ic2 + this.a2 * this.ic1 + this.a3 * v3;
    this.ic1 = 2 * v1 - this.ic1;
    this.ic2 = 2 * v2 - this.ic2;
    return v1;
  }

  high(v0: number): number {
    const v3 = v0 - this.ic2;
    const v1 = this.a1 * this.ic1 + this.a2 * v3;
    const v2 = this.ic2 + this.a2 * this.ic1 + this.a3 * v3;
    this.ic1 = 2 * v1 - this.ic1;
    this.ic2 = 2 * v2 - this.ic2;
    return v0 - this.k * v1 - v2;
  }
}

/** Band-limited sawtooth step (polyBLEP) for phase in [0,1) and increment dt. */
function saw(phase: number, dt: number): number {
  let v = 2 * phase - 1;
  if (phase < dt) {
    const t = phase / dt;
    v -= t + t - t * t - 1;
  } else if (phase > 1 - dt) {
    const t = (phase - 1) / dt;
    v -= t * t + t + t + 1;
  }
  return v;
}

// ---------------------------------------------------------------------------------------------------
// Note events

interface Note {
  start: number;
  length: number;
  midi: number;
  velocity: number;
}

/** Reads a one-bar rhythm ('x' on, '-' hold, '.' rest) into [step, lengthInSteps] pairs. */
function rhythmNotes(rhythm: string): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 0; i < rhythm.length; i++) {
    if (rhythm[i] !== 'x') continue;
    let len = 1;
    while (i + len < rhythm.length && rhythm[i + len] === '-') len++;
    out.push([i, len]);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------
// Instruments

function renderBass(layer: Layer, notes: Note[], wave: BassWave, brightness: number): void {
  const out = layer.left;
  const sr = SAMPLE_RATE;
  const filter = new Svf();
  let phase = 0;
  let phase2 = 0.37;
  let lastHz = notes[0] ? midiToHz(notes[0].midi) : 55;
  for (const note of notes) {
    const hz = midiToHz(note.midi);
    const end = Math.min(out.length, note.start + note.length);
    const release = Math.min(note.length, Math.round(0.012 * sr));
    const attack = Math.round(0.004 * sr);
    const glideFrom = wave === 'sub808' ? lastHz : hz;
    const base = 120 + 900 * brightness;
    for (let i = note.start, n = 0; i < end; i++, n++) {
      if ((n & 31) === 0) {
        const env = Math.exp(-n / sr / 0.18);
        filter.set(base + 1800 * brightness * env, 1.1);
      }
      const f = glideFrom === hz ? hz : hz + (glideFrom - hz) * Math.exp(-n / sr / 0.03);
      const dt = f / sr;
      phase += dt;
      if (phase >= 1) phase -= 1;
      let s: number;
      if (wave === 'saw') s = filter.low(saw(phase, dt));
      else if (wave === 'square') s = filter.low(phase < 0.5 ? 0.8 : -0.8);
      else if (wave === 'reese') {
        const dt2 = dt * 1.007;
        phase2 += dt2;
        if (phase2 >= 1) phase2 -= 1;
        s = filter.low(0.6 * (saw(phase, dt) + saw(phase2, dt2)));
      } else if (wave === 'sub808') {
        const x = 1.4 * Math.sin(TWO_PI * phase);
        s = x - (x * x * x) / 3.4; // soft saturation: a little upper harmonic, as an 808 gets on a console
      } else s = Math.sin(TWO_PI * phase) + 0.15 * Math.sin(2 * TWO_PI * phase);
      const amp =
        (n < attack ? n / attack : 1) *
        (end - i < release ? (end - i) / release : 1) *
        (wave === 'sub808' ? Math.exp(-n / sr / 1.2) : 1);
      out[i]! += s * amp * note.velocity;
    }
    lastHz = hz;
  }
}

function renderChords(
  layer: Layer,
  chords: Note[][],
  timbre: ChordTimbre,
  brightness: number,
  rng: Prng,
): void {
  const right = layer.right!;
  const left = layer.left;
  const sr = SAMPLE_RATE;
  if (timbre === 'pad' || timbre === 'organ') {
    const fl = new Svf();
    const fr = new Svf();
    const phases = new Float64Array(16);
    for (let p = 0; p < phases.length; p++) phases[p] = rng.next();
    for (const chord of chords) {
      const first = chord[0];
      if (!first) continue;
      const end = Math.min(left.length, first.start + first.length);
      const attack = Math.round(0.08 * sr);
      const release = Math.min(first.length, Math.round(0.12 * sr));
      const count = Math.min(chord.length, 8);
      const incL = new Float64Array(count);
      const incR = new Float64Array(count);
      for (let v = 0; v < count; v++) {
        const hz = midiToHz(chord[v]!.midi);
        incL[v] = (hz * 1.004) / sr; // opposite detune per side: a wide, decorrelated stereo pad
        incR[v] = (hz * 0.996) / sr;
      }
      const cutoff = 500 + 3500 * brightness;
      fl.set(cutoff, 0.8);
      fr.set(cutoff, 0.8);
      for (let i = first.start, n = 0; i < end; i++, n++) {
        let sl = 0;
        let sr2 = 0;
        for (let v = 0; v < count; v++) {
          let pl = phases[v]! + incL[v]!;
          if (pl >= 1) pl -= 1;
          phases[v] = pl;
          let pr = phases[v + 8]! + incR[v]!;
          if (pr >= 1) pr -= 1;
          phases[v + 8] = pr;
          sl += saw(pl, incL[v]!);
          sr2 += saw(pr, incR[v]!);
        }
        const amp =
          (n < attack ? n / attack : 1) * (end - i < release ? (end - i) / release : 1) * first.velocity;
        left[i]! += fl.low(sl) * amp;
        right[i]! += fr.low(sr2) * amp;
      }
    }
    return;
  }
  if (timbre === 'piano') {
    // Each note: a few damped resonators (partials), panned across the stereo field by pitch.
    for (const chord of chords) {
      for (let v = 0; v < chord.length; v++) {
        const note = chord[v]!;
        const end = Math.min(left.length, note.start + note.length + Math.round(0.25 * sr));
        const pan = ((v % 2 === 0 ? -1 : 1) * (0.35 + 0.15 * v)) / 1.2;
        const gl = 1 - Math.max(0, pan);
        const gr = 1 + Math.min(0, pan);
        const hz = midiToHz(note.midi);
        for (let h = 1; h <= 5; h++) {
          const f = hz * h * (1 + 0.0004 * h * h);
          if (f > sr * 0.45) break;
          const w = (TWO_PI * f) / sr;
          const decay = Math.exp(-1 / (sr * (0.9 / (h * (1.2 - 0.5 * brightness)))));
          const c = 2 * decay * Math.cos(w);
          const d2 = decay * decay;
          const amp = (note.velocity * 0.5) / Math.pow(h, 1.3 - 0.4 * brightness);
          // y[n] = amp·rⁿ·sin(w(n+1)) by the two-term recurrence, seeded with y[-1] = 0, y[-2] = -amp·sin(w)/r².
          let y1 = 0;
          let y2 = (-amp * Math.sin(w)) / d2;
          const releaseAt = note.start + note.length;
          const releaseDecay = Math.exp(-1 / (0.05 * sr));
          let damp = 1;
          for (let i = note.start; i < end; i++) {
            const y = c * y1 - d2 * y2;
            y2 = y1;
            y1 = y;
            if (i > releaseAt) damp *= releaseDecay;
            left[i]! += y * gl * damp;
            right[i]! += y * gr * damp;
          }
        }
      }
    }
    return;
  }
  // 'pluck' and 'guitar': Karplus–Strong strings; guitar doubles the string per side and saturates.
  const guitar = timbre === 'guitar';
  // A pluck dies away within a beat, so it plays louder than the guitar to sit as high in the mix.
  const level = guitar ? 0.8 : 2.2;
  const buffer = new Float32Array(4096);
  for (const chord of chords) {
    for (let v = 0; v < chord.length; v++) {
      const note = chord[v]!;
      const sides = guitar ? 2 : 1;
      for (let side = 0; side < sides; side++) {
        const hz = midiToHz(note.midi) * (guitar ? (side === 0 ? 1.002 : 0.998) : 1);
        const period = Math.max(2, Math.min(buffer.length, Math.round(sr / hz)));
        for (let j = 0; j < period; j++) buffer[j] = rng.bipolar() * note.velocity;
        const end = Math.min(left.length, note.start + note.length + Math.round(0.1 * sr));
        const damping = guitar ? 0.4985 : 0.496 + 0.003 * brightness;
        const pan = guitar ? (side === 0 ? -0.7 : 0.7) : (v % 2 === 0 ? -1 : 1) * 0.4;
        const gl = 1 - Math.max(0, pan);
        const gr = 1 + Math.min(0, pan);
        const releaseAt = note.start + note.length;
        const releaseDecay = Math.exp(-1 / (0.03 * sr));
        let damp = 1;
        let idx = 0;
        for (let i = note.start; i < end; i++) {
          const next = idx + 1 === period ? 0 : idx + 1;
          const s = buffer[idx]!;
          buffer[idx] = damping * (s + buffer[next]!);
          idx = next;
          let y = guitar ? (2.2 * s) / (1 + Math.abs(2.2 * s)) : s;
          if (i > releaseAt) damp *= releaseDecay;
          y *= damp;
          left[i]! += y * gl * level;
          right[i]! += y * gr * level;
        }
      }
    }
  }
}

/** Vowel formants (Hz): the lead sings 'a', 'e', 'i', 'o', 'u' through two band-passes. */
const VOWELS: [number, number][] = [
  [730, 1090],
  [530, 1840],
  [300, 2200],
  [570, 840],
  [440, 1020],
];

/** A voice-like lead: sawtooth with delayed vibrato and glide through vowel formants, centre panned. */
function renderLead(layer: Layer, notes: Note[], rng: Prng, brightness: number): void {
  const out = layer.left;
  const sr = SAMPLE_RATE;
  const f1 = new Svf();
  const f2 = new Svf();
  const lp = new Svf();
  lp.set(2500 + 3000 * brightness, 0.7);
  let phase = 0;
  let vib = 0;
  let lastHz = notes[0] ? midiToHz(notes[0].midi) : 440;
  for (const note of notes) {
    const [a, b] = rng.pick(VOWELS);
    f1.set(a, 5);
    f2.set(b, 6);
    const hz = midiToHz(note.midi);
    const end = Math.min(out.length, note.start + note.length);
    const attack = Math.round(0.03 * sr);
    const release = Math.min(note.length, Math.round(0.05 * sr));
    const vibOnset = 0.15 * sr;
    for (let i = note.start, n = 0; i < end; i++, n++) {
      vib += (TWO_PI * 5.5) / sr;
      const depth = n < vibOnset ? 0 : Math.min(1, (n - vibOnset) / (0.2 * sr)) * 0.006;
      const glide = hz + (lastHz - hz) * Math.exp(-n / sr / 0.025);
      const f = glide * (1 + depth * Math.sin(vib));
      const dt = f / sr;
      phase += dt;
      if (phase >= 1) phase -= 1;
      const src = saw(phase, dt);
      const s = lp.low(1.0 * f1.band(src) + 0.6 * f2.band(src) + 0.12 * src);
      const amp =
        (n < attack ? n / attack : 1) * (end - i < release ? (end - i) / release : 1) * note.velocity;
      out[i]! += s * amp;
    }
    lastHz = hz;
  }
}

// ---------------------------------------------------------------------------------------------------
// Composition

interface Score {
  drumHits: { shot: keyof OneShots; at: number; gain: number; pan: number }[];
  bass: Note[];
  chords: Note[][];
  lead: Note[];
}

function compose(plan: SynthPlan, preset: StylePreset, frames: number, rng: Prng): Score {
  const barFrames = (4 * 60 * SAMPLE_RATE) / plan.bpm;
  const bars = Math.ceil(frames / barFrames);
  const sixteenth = barFrames / 16;
  const score: Score = { drumHits: [], bass: [], chords: [], lead: [] };
  const swingAt = (position16: number) =>
    Number.isInteger(position16) && position16 % 2 === 1 ? preset.swing * sixteenth : 0;
  const bassRoot = 28 + ((plan.root - 4 + 12) % 12); // E1..D#2: the octave where a bassline sits
  const chordRoot = bassRoot + 12 * (preset.chordOctave - 1);
  const leadRoot = bassRoot + 12 * (preset.leadOctave - 1);
  const bassRhythm = rng.pick(preset.bassRhythm);
  const leadSteps = preset.leadGrid * 2;
  const motif = (): (number | null)[] => {
    const steps: (number | null)[] = [];
    let degree = rng.pick([0, 2, 4]);
    for (let s = 0; s < leadSteps; s++) {
      if (rng.chance(preset.leadDensity) || (s === 0 && rng.chance(0.7))) {
        degree = Math.max(-2, Math.min(9, degree + rng.pick([-2, -1, -1, 0, 1, 1, 2, 3, -3])));
        steps.push(degree);
      } else steps.push(null);
    }
    return steps;
  };
  const motifs = [motif(), motif()];
  const drumPan: Record<keyof OneShots, number> = {
    kick: 0,
    snare: 0.05,
    clap: -0.1,
    closedHat: 0.35,
    openHat: -0.3,
  };
  const hatGain = 0.6 + 0.6 * plan.brightness;

  for (let bar = 0; bar < bars; bar++) {
    const section = sectionOf(bar, bars);
    const barStart = bar * barFrames;
    const degree = plan.progression[Math.floor(bar / preset.barsPerChord) % plan.progression.length]!;
    // Drums: the last bar of each 4-bar phrase uses the variation pattern.
    const pattern = preset.drums[bar % 4 === 3 ? preset.drums.length - 1 : 0]!;
    const voices: [keyof OneShots, string, boolean, number][] = [
      ['kick', pattern.kick, section.kick, 1],
      ['snare', pattern.snare, section.snare, 0.8],
      ['clap', pattern.clap, section.snare, 0.7],
      ['closedHat', pattern.closedHat, section.hats, hatGain],
      ['openHat', pattern.openHat, section.hats && section.kick, hatGain],
    ];
    for (const [shot, steps, on, level] of voices) {
      if (!on) continue;
      for (let s = 0; s < steps.length; s++) {
        const v = velocity(steps[s]!);
        if (v === 0) continue;
        const pos16 = (s * 16) / steps.length;
        const at = Math.round(barStart + (s * barFrames) / steps.length + swingAt(pos16));
        if (at >= frames) continue;
        const humanise = 1 + 0.08 * rng.bipolar();
        score.drumHits.push({ shot, at, gain: v * level * preset.drumLevel * humanise, pan: drumPan[shot] });
      }
    }
    if (section.bass) {
      for (const [step, len] of rhythmNotes(bassRhythm)) {
        const octaveJump =
          (preset.bassWave === 'saw' || preset.bassWave === 'square') && rng.chance(0.12) ? 12 : 0;
        score.bass.push({
          start: Math.round(barStart + step * sixteenth + swingAt(step)),
          length: Math.round(len * sixteenth * 0.95),
          midi: degreeToMidi(bassRoot, plan.mode, degree) - (degree >= 4 ? 12 : 0) + octaveJump,
          velocity: 0.85 + 0.15 * rng.next(),
        });
      }
    }
    if (section.chords) {
      const seventh = plan.style === 'House' || plan.style === 'Hip-Hop' || plan.style === 'Ambient';
      const degrees =
        plan.chordTimbre === 'guitar' ? [degree, degree + 4, degree + 7] : [degree, degree + 2, degree + 4];
      if (seventh) degrees.push(degree + 6);
      for (const [step, len] of rhythmNotes(preset.chordRhythm)) {
        const start = Math.round(barStart + step * sixteenth + swingAt(step));
        const length = Math.round(len * sixteenth * 0.97);
        const vel = 0.8 + 0.2 * rng.next();
        score.chords.push(
          degrees.map((d) => ({
            start,
            length,
            midi:
              plan.chordTimbre === 'guitar' && d === degree + 7
                ? degreeToMidi(chordRoot, plan.mode, degree) + 12
                : degreeToMidi(chordRoot, plan.mode, d),
            velocity: vel,
          })),
        );
      }
    }
    if (section.lead && preset.leadDensity > 0) {
      const phrase = Math.floor(bar / 2) % 4;
      const steps = motifs[phrase === 2 ? 1 : 0]!;
      const half = (bar % 2) * preset.leadGrid;
      const stepFrames = barFrames / preset.leadGrid;
      for (let s = 0; s < preset.leadGrid; s++) {
        const d = steps[half + s];
        if (d === null || d === undefined) continue;
        let len = 1;
        while (s + len < preset.leadGrid && steps[half + s + len] === null && len < 4) len++;
        // Strong beats snap to a chord tone of the bar's chord.
        const chordTones = [degree, degree + 2, degree + 4];
        const strong = s % (preset.leadGrid / 4) === 0;
        const tone = strong
          ? chordTones.reduce((best, t) => (Math.abs(t - d) < Math.abs(best - d) ? t : best))
          : d;
        const pos16 = (s * 16) / preset.leadGrid;
        score.lead.push({
          start: Math.round(barStart + s * stepFrames + swingAt(pos16)),
          length: Math.round(len * stepFrames * 0.92),
          midi: degreeToMidi(leadRoot, plan.mode, tone),
          velocity: 0.75 + 0.25 * rng.next(),
        });
      }
    }
  }
  return score;
}

// ---------------------------------------------------------------------------------------------------
// Gain envelope (normaliser + limiter + fades), one for all stems

const GAIN_BLOCK = 256;

function gainEnvelope(mixL: Float32Array, mixR: Float32Array, frames: number): Float32Array {
  const blocks = Math.ceil(frames / GAIN_BLOCK);
  const peaks = new Float32Array(blocks);
  let energy = 0;
  for (let b = 0; b < blocks; b++) {
    let peak = 0;
    const end = Math.min(frames, (b + 1) * GAIN_BLOCK);
    for (let i = b * GAIN_BLOCK; i < end; i++) {
      const l = mixL[i]!;
      const r = mixR[i]!;
      energy += l * l + r * r;
      const a = l < 0 ? -l : l;
      const c = r < 0 ? -r : r;
      if (a > peak) peak = a;
      if (c > peak) peak = c;
    }
    peaks[b] = peak;
  }
  const rms = Math.sqrt(energy / Math.max(1, 2 * frames));
  const makeup = rms > 0 ? Math.min(8, Math.max(0.05, 0.2 / rms)) : 1; // aim near -14 dBFS RMS
  const ceiling = 0.89; // -1 dBFS
  const gains = new Float32Array(blocks + 1);
  for (let b = 0; b < blocks; b++) {
    const need = peaks[b]! * makeup > ceiling ? ceiling / (peaks[b]! * makeup) : 1;
    gains[b] = need;
  }
  gains[blocks] = gains[blocks - 1] ?? 1;
  // Look-ahead (each block takes the minimum of its neighbours), then smooth attack backwards and release
  // forwards; every pass only lowers gains, so no block exceeds the ceiling.
  const needed = gains.slice();
  for (let b = 0; b <= blocks; b++) {
    gains[b] = Math.min(needed[b - 1] ?? 1, needed[b]!, needed[b + 1] ?? 1);
  }
  for (let b = blocks - 1; b >= 0; b--) gains[b] = Math.min(gains[b]!, gains[b + 1]! * 1.05);
  for (let b = 1; b <= blocks; b++) gains[b] = Math.min(gains[b]!, gains[b - 1]! * 1.002);
  // Fades: 20 ms in, 1.5 s out.
  const blockSeconds = GAIN_BLOCK / SAMPLE_RATE;
  for (let b = 0; b <= blocks; b++) {
    const t = b * blockSeconds;
    const left = (frames - b * GAIN_BLOCK) / SAMPLE_RATE;
    const fade = Math.min(1, t / 0.02, Math.max(0, left) / 1.5);
    gains[b] = gains[b]! * makeup * fade;
  }
  return gains;
}

// ---------------------------------------------------------------------------------------------------
// Output

export interface RenderedTrack {
  plan: SynthPlan;
  mix: Uint8Array;
  stems: Record<SynthStemName, Uint8Array>;
}

const STEM_LEVELS: Record<SynthStemName, number> = { drums: 0.9, bass: 0.55, chords: 0.3, lead: 0.32 };

/** Renders a track; synchronous and CPU-bound (about 50–100× real time). */
export function renderTrack(
  request: Pick<MusicRequest, 'description' | 'lyrics' | 'style' | 'durationSeconds' | 'seed'>,
): RenderedTrack {
  if (!MUSIC_STYLES.includes(request.style))
    throw new ProviderError('BAD_REQUEST', `Unknown style: ${request.style}`);
  if (!DURATIONS_SECONDS.includes(request.durationSeconds)) {
    throw new ProviderError(
      'BAD_REQUEST',
      `Duration must be one of ${DURATIONS_SECONDS.join(', ')} seconds.`,
    );
  }
  if (!Number.isFinite(request.seed)) throw new ProviderError('BAD_REQUEST', 'Seed must be a finite number.');
  const plan = planTrack(request);
  const preset = STYLE_PRESETS[request.style];
  const frames = request.durationSeconds * SAMPLE_RATE;
  const rng = new Prng(
    request.seed ^ hashString(`score|${request.style}|${request.description}|${request.lyrics ?? ''}`),
  );
  const score = compose(plan, preset, frames, rng);

  const drums: Layer = { left: new Float32Array(frames), right: new Float32Array(frames) };
  const bass: Layer = { left: new Float32Array(frames), right: null };
  const chords: Layer = { left: new Float32Array(frames), right: new Float32Array(frames) };
  const lead: Layer = { left: new Float32Array(frames), right: null };

  const shots = renderOneShots(rng, plan.brightness);
  for (const hit of score.drumHits) addHit(drums, shots[hit.shot], hit.at, hit.gain, hit.pan);
  renderBass(bass, score.bass, preset.bassWave, plan.brightness);
  renderChords(chords, score.chords, plan.chordTimbre, plan.brightness, rng);
  renderLead(lead, score.lead, rng, plan.brightness);

  const layers: [SynthStemName, Layer][] = [
    ['drums', drums],
    ['bass', bass],
    ['chords', chords],
    ['lead', lead],
  ];
  // The float mix only serves to derive the gain envelope; afterwards it accumulates the quantised stems.
  const mixL = new Float32Array(frames);
  const mixR = new Float32Array(frames);
  for (const [name, layer] of layers) {
    const level = STEM_LEVELS[name];
    const l = layer.left;
    const r = layer.right ?? layer.left;
    for (let i = 0; i < frames; i++) {
      mixL[i]! += l[i]! * level;
      mixR[i]! += r[i]! * level;
    }
  }
  const gains = gainEnvelope(mixL, mixR, frames);

  const header = wavHeader(frames, 2, SAMPLE_RATE, 'pcm16');
  const newWav = () => {
    const bytes = new Uint8Array(44 + frames * 4);
    bytes.set(header, 0);
    return bytes;
  };
  const mixBytes = newWav();
  const mixOut = new Int16Array(mixBytes.buffer, 44, frames * 2);
  const stems = {} as Record<SynthStemName, Uint8Array>;
  // Sum the quantised stems in the float buffers (integers well within float precision; Int16 would wrap).
  mixL.fill(0);
  mixR.fill(0);
  for (const [name, layer] of layers) {
    const bytes = newWav();
    const out = new Int16Array(bytes.buffer, 44, frames * 2);
    const level = STEM_LEVELS[name] * 32767;
    const l = layer.left;
    const r = layer.right ?? layer.left;
    for (let b = 0, i = 0; i < frames; b++) {
      const g0 = gains[b]! * level;
      const g1 = gains[b + 1]! * level;
      const end = Math.min(frames, i + GAIN_BLOCK);
      const step = (g1 - g0) / GAIN_BLOCK;
      for (let g = g0; i < end; i++, g += step) {
        const vl = clamp16(Math.round(l[i]! * g));
        const vr = clamp16(Math.round(r[i]! * g));
        out[2 * i] = vl;
        out[2 * i + 1] = vr;
        mixL[i]! += vl;
        mixR[i]! += vr;
      }
    }
    stems[name] = littleEndian(bytes);
  }
  for (let i = 0; i < frames; i++) {
    mixOut[2 * i] = clamp16(mixL[i]!);
    mixOut[2 * i + 1] = clamp16(mixR[i]!);
  }
  return { plan, mix: littleEndian(mixBytes), stems };
}

function clamp16(v: number): number {
  return v > 32767 ? 32767 : v < -32768 ? -32768 : v;
}

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** Int16Array writes in platform order; WAV is little-endian, so swap on a big-endian host. */
function littleEndian(bytes: Uint8Array): Uint8Array {
  if (LITTLE_ENDIAN) return bytes;
  for (let p = 44; p + 1 < bytes.length; p += 2) {
    const a = bytes[p]!;
    bytes[p] = bytes[p + 1]!;
    bytes[p + 1] = a;
  }
  return bytes;
}

/** The local default provider: the built-in synthesizer. */
export class SynthesizerProvider implements MusicProvider {
  readonly name = 'synthesizer';

  async generate(request: MusicRequest): Promise<GeneratedMusic> {
    if (request.signal?.aborted)
      throw new ProviderError('TIMEOUT', 'Generation was cancelled before it started.');
    const track = renderTrack(request);
    return {
      wav: track.mix,
      stems: track.stems,
      title: track.plan.title,
      bpm: track.plan.bpm,
      key: track.plan.key,
      style: request.style,
      durationSeconds: request.durationSeconds,
      sampleRate: SAMPLE_RATE,
      provider: this.name,
    };
  }
}
