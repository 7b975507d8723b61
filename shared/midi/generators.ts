import { writeSong, type MidiNote, type MidiTrackSpec } from './smf';
import { keyAccidentals, parseKey, prng, scalePitch, SCALE_STEPS } from './theory';

/** Beat, melody and arrangement generators that write real Standard MIDI Files. */

// General MIDI drum notes.
export const GM = { kick: 36, snare: 38, clap: 39, closedHat: 42, openHat: 46, ride: 51, tom: 45 } as const;

type Pattern = Partial<Record<keyof typeof GM, string>>;

/** One bar of 16 steps per instrument: 'x' hit, '.' rest, 'o' optional hit (added with complexity). */
const DRUM_PATTERNS: Record<string, Pattern> = {
  house: {
    kick: 'x...x...x...x...',
    clap: '....x.......x...',
    closedHat: 'o.x.o.x.o.x.o.x.',
    openHat: '..x...x...x...x.',
  },
  techno: {
    kick: 'x...x...x...x...',
    clap: '....x.......x...',
    closedHat: 'xoxoxoxoxoxoxoxo',
    ride: '..o...o...o...o.',
  },
  electronic: {
    kick: 'x...x...x...x...',
    snare: '....x.......x...',
    closedHat: 'x.x.x.x.x.x.x.x.',
    openHat: '..o...o...o...o.',
  },
  trap: {
    kick: 'x......x..x.....',
    snare: '........x.......',
    closedHat: 'x.x.x.x.xoxox.xx',
    openHat: '.......o........',
  },
  dnb: {
    kick: 'x.........x.....',
    snare: '....x.......x...',
    closedHat: 'x.x.x.x.x.x.x.x.',
    ride: 'o...o...o...o...',
  },
  dubstep: {
    kick: 'x.........o.....',
    snare: '........x.......',
    closedHat: 'x.o.x.o.x.o.x.o.',
    openHat: '......o.......o.',
  },
  ambient: {
    kick: 'x.......o.......',
    snare: '............o...',
    closedHat: '..o...o...o...o.',
    ride: 'x.......x.......',
  },
  jazz: {
    ride: 'x..xx..xx..xx..x',
    closedHat: '....x.......x...',
    kick: 'o.......o.....o.',
    snare: '......o.......o.',
  },
  rock: {
    kick: 'x.....x.x.......',
    snare: '....x.......x...',
    closedHat: 'x.x.x.x.x.x.x.x.',
    tom: '..............oo',
  },
};

export interface BeatOptions {
  genre: string;
  bpm: number;
  complexity: number; // 1..10
  measures: number;
  swing: number; // 0..100 %
  humanization: number; // 0..50 %
  seed?: number;
}

export interface DrumHit {
  instrument: keyof typeof GM;
  step: number; // 16ths from the start
  start: number; // beats, after swing and humanization
  velocity: number;
}

export function drumHits(options: BeatOptions): DrumHit[] {
  const pattern = DRUM_PATTERNS[options.genre] ?? DRUM_PATTERNS.electronic!;
  const rand = prng(options.seed ?? hashSettings(options));
  const hits: DrumHit[] = [];
  for (let bar = 0; bar < options.measures; bar++) {
    for (const [instrument, row] of Object.entries(pattern) as [keyof typeof GM, string][]) {
      for (let step = 0; step < 16; step++) {
        const symbol = row[step];
        let play = symbol === 'x' || (symbol === 'o' && rand() < options.complexity / 10);
        // High complexity adds ghost 16ths on hats; the last bar gets a fill.
        if (
          !play &&
          instrument === 'closedHat' &&
          options.complexity >= 7 &&
          rand() < (options.complexity - 6) / 8
        )
          play = true;
        if (
          !play &&
          instrument === 'snare' &&
          bar === options.measures - 1 &&
          step >= 12 &&
          options.complexity >= 4
        )
          play = rand() < 0.7;
        if (!play) continue;
        const absolute = bar * 16 + step;
        // Swing delays the off-beat 16ths by up to a third of a 16th (triplet feel at 100 %).
        const swingShift = step % 2 === 1 ? (options.swing / 100) * (1 / 3) * 0.25 : 0;
        const human = options.humanization / 100;
        const jitter = (rand() * 2 - 1) * human * 0.03;
        const base = symbol === 'x' ? 100 : 78;
        const velocity = Math.round(base * (1 - human * 0.4 * rand()) + (instrument === 'kick' ? 10 : 0));
        hits.push({
          instrument,
          step: absolute,
          start: Math.max(0, absolute * 0.25 + swingShift + jitter),
          velocity,
        });
      }
    }
  }
  return hits.sort((a, b) => a.start - b.start);
}

function hashSettings(value: object): number {
  let h = 2166136261;
  for (const ch of JSON.stringify(value)) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return h >>> 0;
}

export function drumTrack(options: BeatOptions): MidiTrackSpec {
  return {
    name: 'Drums',
    channel: 9,
    notes: drumHits(options).map((hit) => ({
      pitch: GM[hit.instrument],
      start: hit.start,
      duration: 0.2,
      velocity: hit.velocity,
    })),
  };
}

export function beatMidi(options: BeatOptions): { midi: Uint8Array; notes: number } {
  const track = drumTrack(options);
  return {
    midi: writeSong({ bpm: options.bpm, name: `5D ${options.genre} beat`, tracks: [track] }),
    notes: track.notes.length,
  };
}

// --------------------------------------------------------------------------------------------------

const EMOTION_SHAPE: Record<string, { density: number; register: number; velocity: number; leap: number }> = {
  happy: { density: 0.7, register: 5, velocity: 96, leap: 2 },
  sad: { density: 0.35, register: 4, velocity: 70, leap: 1 },
  energetic: { density: 0.85, register: 5, velocity: 110, leap: 3 },
  calm: { density: 0.3, register: 4, velocity: 64, leap: 1 },
  mysterious: { density: 0.45, register: 4, velocity: 76, leap: 2 },
  epic: { density: 0.55, register: 5, velocity: 112, leap: 4 },
  romantic: { density: 0.5, register: 5, velocity: 80, leap: 2 },
  dark: { density: 0.45, register: 3, velocity: 88, leap: 2 },
};

export interface MelodyOptions {
  key: string;
  scale: string;
  emotion: string;
  bars: number;
  complexity: number;
  bpm: number;
  genre: string;
  seed?: number;
}

/** A scale-bound melody: steps and leaps by emotion, denser with complexity, cadence on the tonic. */
export function melodyNotes(options: MelodyOptions): MidiNote[] {
  const { root } = parseKey(options.key);
  const steps = SCALE_STEPS[options.scale] ?? SCALE_STEPS.major!;
  const shape = EMOTION_SHAPE[options.emotion] ?? EMOTION_SHAPE.energetic!;
  const rand = prng(options.seed ?? hashSettings(options));
  const notes: MidiNote[] = [];
  const stepBeats = options.complexity >= 7 ? 0.25 : options.complexity >= 4 ? 0.5 : 1;
  const density = Math.min(0.95, shape.density * (0.6 + options.complexity / 12));
  let degree = 0;
  const totalSteps = (options.bars * 4) / stepBeats;
  for (let i = 0; i < totalSteps; i++) {
    const start = i * stepBeats;
    const isDownbeat = start % 4 === 0;
    if (!isDownbeat && rand() > density) continue;
    const move = Math.round((rand() * 2 - 1) * shape.leap);
    degree = Math.max(-3, Math.min(steps.length + 4, degree + move));
    let length = stepBeats;
    while (i + 1 < totalSteps && rand() > density + 0.2 && length < 2) {
      length += stepBeats;
      i++;
    }
    notes.push({
      pitch: scalePitch(root, steps, degree, shape.register),
      start,
      duration: length * 0.95,
      velocity: shape.velocity - Math.round(rand() * 12),
    });
  }
  // Cadence: the final bar ends on the tonic.
  const lastBar = (options.bars - 1) * 4;
  const kept = notes.filter((n) => n.start < lastBar + 2);
  kept.push({
    pitch: scalePitch(root, steps, 0, shape.register),
    start: lastBar + 2,
    duration: 1.9,
    velocity: shape.velocity,
  });
  return kept;
}

export function melodyMidi(options: MelodyOptions): { midi: Uint8Array; notes: MidiNote[] } {
  const { root } = parseKey(options.key);
  const minor = ['minor', 'dorian', 'phrygian', 'blues'].includes(options.scale);
  const notes = melodyNotes(options);
  const midi = writeSong({
    bpm: options.bpm,
    name: `5D melody ${options.key} ${options.scale}`,
    keySignature: { accidentals: keyAccidentals(root, minor), minor },
    tracks: [{ name: 'Melody', channel: 0, program: 80, notes }],
  });
  return { midi, notes };
}

// --------------------------------------------------------------------------------------------------

export interface SongOptions {
  bpm: number;
  key: string;
  genre: string;
  tracks: { drums?: boolean; bass?: boolean; melody?: boolean; harmony?: boolean };
  bars?: number;
}

/** i–VI–III–VII in minor, I–V–vi–IV in major, as scale degrees. */
const PROGRESSIONS = { minor: [0, 5, 2, 6], major: [0, 4, 5, 3] };

/** The basic DAW dialog's export: the chosen tracks over a 4-bar progression in the key. */
export function songMidi(options: SongOptions): { midi: Uint8Array; tracks: string[] } {
  const bars = options.bars ?? 4;
  const key = parseKey(options.key);
  const steps = SCALE_STEPS[key.minor ? 'minor' : 'major']!;
  const progression = PROGRESSIONS[key.minor ? 'minor' : 'major'];
  const specs: MidiTrackSpec[] = [];
  if (options.tracks.drums) {
    specs.push(
      drumTrack({
        genre: options.genre,
        bpm: options.bpm,
        complexity: 5,
        measures: bars,
        swing: 0,
        humanization: 0,
        seed: 1,
      }),
    );
  }
  if (options.tracks.bass) {
    const notes: MidiNote[] = [];
    for (let bar = 0; bar < bars; bar++) {
      const degree = progression[bar % progression.length]!;
      for (let beat = 0; beat < 4; beat++) {
        notes.push({
          pitch: scalePitch(key.root, steps, degree, 2),
          start: bar * 4 + beat,
          duration: 0.9,
          velocity: 100,
        });
      }
    }
    specs.push({ name: 'Bass', channel: 1, program: 38, notes });
  }
  if (options.tracks.harmony) {
    const notes: MidiNote[] = [];
    for (let bar = 0; bar < bars; bar++) {
      const degree = progression[bar % progression.length]!;
      for (const third of [0, 2, 4]) {
        notes.push({
          pitch: scalePitch(key.root, steps, degree + third, 4),
          start: bar * 4,
          duration: 4,
          velocity: 80,
        });
      }
    }
    specs.push({ name: 'Harmony', channel: 2, program: 89, notes });
  }
  if (options.tracks.melody) {
    const notes = melodyNotes({
      key: options.key,
      scale: key.minor ? 'minor' : 'major',
      emotion: 'energetic',
      bars,
      complexity: 5,
      bpm: options.bpm,
      genre: options.genre,
      seed: 7,
    });
    specs.push({ name: 'Melody', channel: 3, program: 80, notes });
  }
  const midi = writeSong({
    bpm: options.bpm,
    name: `5D ${options.genre} ${key.name}`,
    keySignature: { accidentals: keyAccidentals(key.root, key.minor), minor: key.minor },
    tracks: specs,
  });
  return { midi, tracks: specs.map((t) => t.name) };
}
