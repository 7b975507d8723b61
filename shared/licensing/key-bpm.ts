/**
 * Key- and tempo-aware matching for the marketplace (issue 8): which keys mix with a key (same key, its
 * relative major/minor, and the neighbours a fifth up/down — the Camelot wheel's ±1), and whether a beat's
 * BPM fits a range directly or at half/double tempo.
 */
const NOTE_INDEX: Record<string, number> = {
  C: 0,
  'B#': 0,
  'C#': 1,
  DB: 1,
  D: 2,
  'D#': 3,
  EB: 3,
  E: 4,
  FB: 4,
  F: 5,
  'E#': 5,
  'F#': 6,
  GB: 6,
  G: 7,
  'G#': 8,
  AB: 8,
  A: 9,
  'A#': 10,
  BB: 10,
  B: 11,
  CB: 11,
};
const NAMES = ['C', 'C#', 'D', 'D#', 'E', 'F', 'F#', 'G', 'G#', 'A', 'A#', 'B'];

export interface MusicalKey {
  tonic: number;
  mode: 'major' | 'minor';
}

/** 'A minor', 'Am', 'F# maior', 'Bb min', 'c#m' → {tonic, mode}; undefined when not a key. */
export function parseKey(text: string | null | undefined): MusicalKey | undefined {
  if (!text) return undefined;
  const match = /^\s*([A-Ga-g])\s*([#b♯♭]?)\s*(.*)$/.exec(text);
  if (!match) return undefined;
  const accidental = match[2] === '♯' ? '#' : match[2] === '♭' || match[2] === 'b' ? 'B' : match[2];
  const note = `${match[1]!.toUpperCase()}${accidental}`;
  const tonic = NOTE_INDEX[note];
  if (tonic === undefined) return undefined;
  const rest = match[3]!.trim();
  let mode: 'major' | 'minor';
  if (rest === '' || rest === 'M' || /^(maj|major|maior|mayor)$/i.test(rest)) mode = 'major';
  else if (rest === 'm' || /^(min|minor|menor)$/i.test(rest)) mode = 'minor';
  else return undefined;
  return { tonic, mode };
}

export function formatKey(key: MusicalKey): string {
  return `${NAMES[key.tonic]} ${key.mode}`;
}

/** The canonical text of a key ('A minor'), or undefined. */
export function normalizeKey(text: string | null | undefined): string | undefined {
  const key = parseKey(text);
  return key ? formatKey(key) : undefined;
}

/** Same key, relative major/minor, and a fifth up/down in the same mode (harmonic mixing). */
export function compatibleKeys(text: string): string[] {
  const key = parseKey(text);
  if (!key) return [];
  const relative: MusicalKey =
    key.mode === 'minor'
      ? { tonic: (key.tonic + 3) % 12, mode: 'major' }
      : { tonic: (key.tonic + 9) % 12, mode: 'minor' };
  const up: MusicalKey = { tonic: (key.tonic + 7) % 12, mode: key.mode };
  const down: MusicalKey = { tonic: (key.tonic + 5) % 12, mode: key.mode };
  return [key, relative, up, down].map(formatKey);
}

/** Whether a beat's key is `wanted`, or compatible with it when `compatible` is set. */
export function keyMatches(beatKey: string | null | undefined, wanted: string, compatible: boolean): boolean {
  const beat = normalizeKey(beatKey);
  if (!beat) return false;
  const target = normalizeKey(wanted);
  if (!target) return false;
  return compatible ? compatibleKeys(target).includes(beat) : beat === target;
}

export type TempoMatch = 'direct' | 'half' | 'double' | null;

/**
 * Whether `bpm` lies in [min, max]; with `halfDouble`, also when half or double the beat's tempo does
 * (a 70 BPM acapella fits a 140 BPM trap beat).
 */
export function tempoMatch(bpm: number, min: number, max: number, halfDouble: boolean): TempoMatch {
  if (!(bpm > 0)) return null;
  if (bpm >= min && bpm <= max) return 'direct';
  if (!halfDouble) return null;
  if (bpm / 2 >= min && bpm / 2 <= max) return 'half';
  if (bpm * 2 >= min && bpm * 2 <= max) return 'double';
  return null;
}

/** "Beats that fit my acapella": a window of ±`tolerance` BPM around the acapella's tempo. */
export function acapellaRange(bpm: number, tolerance = 3): { min: number; max: number } {
  return { min: Math.max(1, Math.round(bpm - tolerance)), max: Math.round(bpm + tolerance) };
}
