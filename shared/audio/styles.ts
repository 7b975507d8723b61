/**
 * Style presets of the built-in synthesizer and the reading of a track description (pt, en, es) into
 * musical choices. Pure data and pure functions: the web may show the same facts (tempo ranges) that the
 * synthesizer uses.
 */

export const MUSIC_STYLES = [
  'Techno',
  'House',
  'Trap',
  'Hip-Hop',
  'Pop',
  'Rock',
  'Ambient',
  'Drum & Bass',
] as const;
export type MusicStyle = (typeof MUSIC_STYLES)[number];
export const DEFAULT_STYLE: MusicStyle = 'Techno';

export const DURATIONS_SECONDS = [30, 60, 90, 120] as const;
export type DurationSeconds = (typeof DURATIONS_SECONDS)[number];
export const DEFAULT_DURATION_SECONDS: DurationSeconds = 60;

export type Mode = 'major' | 'minor';
export type BassWave = 'saw' | 'square' | 'sub808' | 'reese' | 'sine';
export type ChordTimbre = 'pad' | 'piano' | 'pluck' | 'guitar' | 'organ';

/**
 * A drum pattern is one bar; each string's length sets its grid (16 = sixteenths, 32 = thirty-seconds).
 * 'X' full hit, 'x' normal, 'o' soft, '.' rest.
 */
export interface DrumPattern {
  kick: string;
  snare: string;
  clap: string;
  closedHat: string;
  openHat: string;
}

export interface StylePreset {
  bpm: [min: number, max: number];
  mode: Mode;
  /** 0 dark .. 1 bright: filter cut-offs and hat level follow it. */
  brightness: number;
  /** Delay of off-beat sixteenths as a fraction of a sixteenth. */
  swing: number;
  drums: DrumPattern[];
  drumLevel: number;
  /** One bar on a 16 grid: 'x' note on, '-' hold, '.' rest; the note is the chord root. */
  bassRhythm: string[];
  bassWave: BassWave;
  bassOctave: number;
  /** Chord progressions as scale degrees (0 = tonic), one chord per `barsPerChord` bars. */
  progressions: number[][];
  barsPerChord: number;
  /** One bar on a 16 grid for chord hits; 'x' on, '-' hold, '.' rest. */
  chordRhythm: string;
  chordTimbre: ChordTimbre;
  chordOctave: number;
  /** Probability that a lead step starts a note; 0 means no lead. */
  leadDensity: number;
  leadOctave: number;
  /** Lead grid: 8 = eighths, 16 = sixteenths. */
  leadGrid: number;
}

const FOUR_ON_FLOOR = 'x...x...x...x...';

export const STYLE_PRESETS: Record<MusicStyle, StylePreset> = {
  Techno: {
    bpm: [125, 135],
    mode: 'minor',
    brightness: 0.5,
    swing: 0,
    drums: [
      {
        kick: FOUR_ON_FLOOR,
        snare: '................',
        clap: '....x.......x...',
        closedHat: 'oxoxoxoxoxoxoxox',
        openHat: '..x...x...x...x.',
      },
      {
        kick: FOUR_ON_FLOOR,
        snare: '..............o.',
        clap: '....x.......x...',
        closedHat: 'xoxxxoxxxoxxxoxo',
        openHat: '..x...x...x...x.',
      },
    ],
    drumLevel: 1,
    bassRhythm: ['..x-..x-..x-..x-', '.xx..xx..xx..xx.'],
    bassWave: 'saw',
    bassOctave: 1,
    progressions: [
      [0, 0, 5, 6],
      [0, 3, 0, 4],
      [0, 5, 3, 6],
    ],
    barsPerChord: 2,
    chordRhythm: 'x-.x-.x-.x-.x-.-',
    chordTimbre: 'pad',
    chordOctave: 3,
    leadDensity: 0.35,
    leadOctave: 4,
    leadGrid: 16,
  },
  House: {
    bpm: [120, 126],
    mode: 'minor',
    brightness: 0.65,
    swing: 0.12,
    drums: [
      {
        kick: FOUR_ON_FLOOR,
        snare: '................',
        clap: '....x.......x...',
        closedHat: 'o.o.o.o.o.o.o.o.',
        openHat: '..x...x...x...x.',
      },
    ],
    drumLevel: 0.9,
    bassRhythm: ['..x-..x-..x-.xx-', 'x-.x-.x-..x-.x..'],
    bassWave: 'square',
    bassOctave: 1,
    progressions: [
      [0, 5, 3, 4],
      [0, 3, 4, 3],
      [1, 4, 0, 5],
    ],
    barsPerChord: 2,
    chordRhythm: '..x..x....x..x..',
    chordTimbre: 'piano',
    chordOctave: 3,
    leadDensity: 0.3,
    leadOctave: 4,
    leadGrid: 16,
  },
  Trap: {
    bpm: [130, 150],
    mode: 'minor',
    brightness: 0.45,
    swing: 0,
    drums: [
      {
        kick: 'x......x..x.....',
        snare: '........x.......',
        clap: '........x.......',
        closedHat: 'x.x.x.x.x.x.x.x.x.x.x.x.xxxxx.x.',
        openHat: '................',
      },
      {
        kick: 'x.....x...x..x..',
        snare: '........x.......',
        clap: '........x.......',
        closedHat: 'x.x.x.x.xxx.x.x.x.x.x.x.x.xxxxxx',
        openHat: '..............x.',
      },
    ],
    drumLevel: 1,
    bassRhythm: ['x------...x-----', 'x-----x---x-----'],
    bassWave: 'sub808',
    bassOctave: 1,
    progressions: [
      [0, 5, 0, 6],
      [0, 3, 5, 4],
      [0, 0, 5, 5],
    ],
    barsPerChord: 2,
    chordRhythm: 'x---------------',
    chordTimbre: 'pluck',
    chordOctave: 3,
    leadDensity: 0.28,
    leadOctave: 4,
    leadGrid: 16,
  },
  'Hip-Hop': {
    bpm: [84, 96],
    mode: 'minor',
    brightness: 0.4,
    swing: 0.22,
    drums: [
      {
        kick: 'x.....x...x.....',
        snare: '....x.......x...',
        clap: '................',
        closedHat: 'x.x.x.x.x.x.x.x.',
        openHat: '..............x.',
      },
      {
        kick: 'x......xx.x.....',
        snare: '....x.......x..o',
        clap: '................',
        closedHat: 'x.x.x.xxx.x.x.x.',
        openHat: '................',
      },
    ],
    drumLevel: 1,
    bassRhythm: ['x-----x-..x-----', 'x--.....x-x-----'],
    bassWave: 'sine',
    bassOctave: 1,
    progressions: [
      [0, 5, 3, 4],
      [0, 3, 0, 3],
      [5, 3, 0, 4],
    ],
    barsPerChord: 1,
    chordRhythm: 'x-------x-------',
    chordTimbre: 'piano',
    chordOctave: 3,
    leadDensity: 0.25,
    leadOctave: 4,
    leadGrid: 8,
  },
  Pop: {
    bpm: [100, 120],
    mode: 'major',
    brightness: 0.7,
    swing: 0,
    drums: [
      {
        kick: 'x.......x.x.....',
        snare: '....x.......x...',
        clap: '....x.......x...',
        closedHat: 'x.x.x.x.x.x.x.x.',
        openHat: '..............x.',
      },
    ],
    drumLevel: 0.9,
    bassRhythm: ['x-x-x-x-x-x-x-x-', 'x--.x-x-x--.x-x-'],
    bassWave: 'square',
    bassOctave: 1,
    progressions: [
      [0, 4, 5, 3],
      [5, 3, 0, 4],
      [0, 5, 3, 4],
    ],
    barsPerChord: 1,
    chordRhythm: 'x-.x-.x-x-.x-.x-',
    chordTimbre: 'piano',
    chordOctave: 3,
    leadDensity: 0.4,
    leadOctave: 4,
    leadGrid: 8,
  },
  Rock: {
    bpm: [110, 140],
    mode: 'major',
    brightness: 0.6,
    swing: 0,
    drums: [
      {
        kick: 'x.....x.x.......',
        snare: '....x.......x...',
        clap: '................',
        closedHat: 'x.x.x.x.x.x.x.x.',
        openHat: '..............x.',
      },
      {
        kick: 'x.x...x.x.x.....',
        snare: '....x.......x.oo',
        clap: '................',
        closedHat: 'x.x.x.x.x.x.x.x.',
        openHat: '................',
      },
    ],
    drumLevel: 1,
    bassRhythm: ['x-x-x-x-x-x-x-x-'],
    bassWave: 'square',
    bassOctave: 1,
    progressions: [
      [0, 4, 5, 3],
      [0, 3, 4, 4],
      [0, 6, 3, 0],
    ],
    barsPerChord: 1,
    chordRhythm: 'x-x-x-x-x-x-x-x-',
    chordTimbre: 'guitar',
    chordOctave: 2,
    leadDensity: 0.35,
    leadOctave: 4,
    leadGrid: 8,
  },
  Ambient: {
    bpm: [60, 80],
    mode: 'major',
    brightness: 0.3,
    swing: 0,
    drums: [
      {
        kick: 'x...............',
        snare: '................',
        clap: '................',
        closedHat: '....o.......o...',
        openHat: '................',
      },
    ],
    drumLevel: 0.45,
    bassRhythm: ['x---------------'],
    bassWave: 'sine',
    bassOctave: 1,
    progressions: [
      [0, 3, 5, 4],
      [0, 5, 3, 0],
    ],
    barsPerChord: 2,
    chordRhythm: 'x---------------',
    chordTimbre: 'pad',
    chordOctave: 3,
    leadDensity: 0.15,
    leadOctave: 5,
    leadGrid: 8,
  },
  'Drum & Bass': {
    bpm: [170, 176],
    mode: 'minor',
    brightness: 0.55,
    swing: 0,
    drums: [
      {
        kick: 'x.........x.....',
        snare: '....x.......x...',
        clap: '................',
        closedHat: 'x.xxx.x.x.xxx.x.',
        openHat: '......x.......x.',
      },
      {
        kick: 'x.x.......x..x..',
        snare: '....x..o....x...',
        clap: '................',
        closedHat: 'x.x.x.xxx.x.x.x.',
        openHat: '................',
      },
    ],
    drumLevel: 1,
    bassRhythm: ['x-------x-----x-', 'x-----x-------x-'],
    bassWave: 'reese',
    bassOctave: 1,
    progressions: [
      [0, 5, 3, 4],
      [0, 0, 5, 6],
    ],
    barsPerChord: 2,
    chordRhythm: 'x---------------',
    chordTimbre: 'pad',
    chordOctave: 3,
    leadDensity: 0.3,
    leadOctave: 4,
    leadGrid: 16,
  },
};

/** What the words of a description ask for; undefined fields leave the style's choice. */
export interface DescriptionTraits {
  mode?: Mode;
  tempo?: 'fast' | 'slow';
  /** Added to the style's brightness. */
  brightness: number;
  chordTimbre?: ChordTimbre;
  /** Words that matched, for logs and tests. */
  matched: string[];
}

/** Lower-case, accents stripped: 'Sombrío' and 'sombrio' match the same entry. */
export function normaliseWord(word: string): string {
  return word
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

// Word lists in Portuguese, English and Spanish, accent-free (normaliseWord strips accents).
const DARK = [
  'dark',
  'darker',
  'sad',
  'gloomy',
  'moody',
  'sinister',
  'melancholic',
  'melancholy',
  'minor',
  'night',
  'evil',
  'sombrio',
  'sombria',
  'escuro',
  'escura',
  'triste',
  'melancolico',
  'melancolica',
  'menor',
  'noturno',
  'sinistro',
  'oscuro',
  'oscura',
  'sombrio',
  'tenebroso',
  'lugubre',
  'nocturno',
  'siniestro',
];
const HAPPY = [
  'happy',
  'bright',
  'joyful',
  'uplifting',
  'sunny',
  'cheerful',
  'major',
  'summer',
  'fun',
  'feliz',
  'alegre',
  'brilhante',
  'ensolarado',
  'animado',
  'animada',
  'maior',
  'verao',
  'divertido',
  'brillante',
  'soleado',
  'mayor',
  'verano',
  'contento',
];
const FAST = [
  'fast',
  'faster',
  'energetic',
  'aggressive',
  'intense',
  'hard',
  'hyper',
  'speed',
  'frenetic',
  'upbeat',
  'rapido',
  'rapida',
  'energetico',
  'energetica',
  'agressivo',
  'agressiva',
  'intenso',
  'intensa',
  'acelerado',
  'veloz',
  'energico',
  'energica',
  'agresivo',
  'agresiva',
  'frenetico',
];
const SLOW = [
  'chill',
  'calm',
  'relax',
  'relaxing',
  'relaxed',
  'slow',
  'mellow',
  'soft',
  'lofi',
  'lazy',
  'peaceful',
  'dreamy',
  'calmo',
  'calma',
  'tranquilo',
  'tranquila',
  'relaxante',
  'lento',
  'lenta',
  'suave',
  'sereno',
  'serena',
  'relajante',
  'relajado',
  'pausado',
  'tranquilidad',
];
const PIANO = ['piano', 'keys', 'teclado', 'rhodes'];
const GUITAR = ['guitar', 'guitarra', 'violao', 'guitars', 'guitarras'];

/** Reads the description's words (pt, en, es) into musical traits. */
export function describeTraits(description: string): DescriptionTraits {
  const words = normaliseWord(description)
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  const has = (list: string[]) => words.filter((w) => list.includes(w));
  const dark = has(DARK);
  const happy = has(HAPPY);
  const fast = has(FAST);
  const slow = has(SLOW);
  const piano = has(PIANO);
  const guitar = has(GUITAR);
  const traits: DescriptionTraits = {
    brightness: 0,
    matched: [...dark, ...happy, ...fast, ...slow, ...piano, ...guitar],
  };
  if (dark.length > happy.length) {
    traits.mode = 'minor';
    traits.brightness -= 0.25;
  } else if (happy.length > dark.length) {
    traits.mode = 'major';
    traits.brightness += 0.2;
  }
  if (fast.length > slow.length) traits.tempo = 'fast';
  else if (slow.length > fast.length) {
    traits.tempo = 'slow';
    traits.brightness -= 0.1;
  }
  if (piano.length > 0) traits.chordTimbre = 'piano';
  else if (guitar.length > 0) traits.chordTimbre = 'guitar';
  return traits;
}

export const NOTE_NAMES = ['C', 'C#', 'D', 'D#', 'E', 'F', 'F#', 'G', 'G#', 'A', 'A#', 'B'] as const;
export const SCALES: Record<Mode, number[]> = {
  major: [0, 2, 4, 5, 7, 9, 11],
  minor: [0, 2, 3, 5, 7, 8, 10],
};

/** Frequency of a MIDI note number (69 = A4 = 440 Hz). */
export function midiToHz(note: number): number {
  return 440 * Math.pow(2, (note - 69) / 12);
}

/** MIDI note of scale degree `degree` (any integer; wraps into octaves) over `rootMidi`. */
export function degreeToMidi(rootMidi: number, mode: Mode, degree: number): number {
  const scale = SCALES[mode];
  const octave = Math.floor(degree / 7);
  const step = degree - octave * 7;
  return rootMidi + octave * 12 + scale[step]!;
}
