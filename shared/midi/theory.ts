/** Keys and scales for the MIDI generators. */
export const NOTE_NAMES = ['C', 'C#', 'D', 'D#', 'E', 'F', 'F#', 'G', 'G#', 'A', 'A#', 'B'] as const;

export const SCALE_STEPS: Record<string, number[]> = {
  major: [0, 2, 4, 5, 7, 9, 11],
  minor: [0, 2, 3, 5, 7, 8, 10],
  dorian: [0, 2, 3, 5, 7, 9, 10],
  phrygian: [0, 1, 3, 5, 7, 8, 10],
  lydian: [0, 2, 4, 6, 7, 9, 11],
  mixolydian: [0, 2, 4, 5, 7, 9, 10],
  pentatonic: [0, 2, 4, 7, 9],
  blues: [0, 3, 5, 6, 7, 10],
};

const FLATS: Record<string, string> = { Db: 'C#', Eb: 'D#', Gb: 'F#', Ab: 'G#', Bb: 'A#' };

/** 'Am', 'A Minor', 'C Major', 'F#m', 'Eb' → tonic pitch class and minor flag. */
export function parseKey(text: string): { root: number; minor: boolean; name: string } {
  const match = /^\s*([A-Ga-g])([#b]?)\s*(m(?:in(?:or)?)?|maj(?:or)?|major|minor)?\s*$/i.exec(
    text.replace(/\s+/g, ' '),
  );
  if (!match) return { root: 9, minor: true, name: 'A minor' };
  let note = match[1]!.toUpperCase() + (match[2] ?? '');
  note = FLATS[note] ?? note;
  const root = NOTE_NAMES.indexOf(note as (typeof NOTE_NAMES)[number]);
  const quality = (match[3] ?? '').toLowerCase();
  const minor = quality.startsWith('m') && !quality.startsWith('maj');
  return {
    root: root < 0 ? 0 : root,
    minor,
    name: `${NOTE_NAMES[root < 0 ? 0 : root]} ${minor ? 'minor' : 'major'}`,
  };
}

/** Sharps (+) / flats (-) of a key signature, for the MIDI key-signature meta event. */
export function keyAccidentals(root: number, minor: boolean): number {
  const major = minor ? (root + 3) % 12 : root;
  const circle: Record<number, number> = {
    0: 0,
    7: 1,
    2: 2,
    9: 3,
    4: 4,
    11: 5,
    6: 6,
    1: -5,
    8: -4,
    3: -3,
    10: -2,
    5: -1,
  };
  return circle[major] ?? 0;
}

/** Deterministic PRNG (mulberry32) so the same settings and seed give the same MIDI. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function scalePitch(root: number, steps: number[], degree: number, octave: number): number {
  const n = steps.length;
  const oct = Math.floor(degree / n);
  const idx = ((degree % n) + n) % n;
  return 12 * (octave + 1 + oct) + root + steps[idx]!;
}
