/**
 * Composer for the evaluation material: a short song in a given key, tempo and genre, as General MIDI
 * tracks grouped by stem (drums, bass, other) plus sung lines (lead melody, choir chords) for the voice
 * renderer. The harmony is real (diatonic progressions with cadences to the tonic, minor keys with the
 * raised leading tone in the dominant), the bass plays chord roots and fifths, the melody sits in the
 * scale with chord tones on strong beats and phrase ends on the tonic, so the key in meta.json is what a
 * listener would name. Written independently of the platform's generators (shared/midi/generators.ts)
 * so the material does not share their habits.
 */
import type { MidiNote, MidiTrackSpec } from '../../../shared/midi/smf';

export type Mode = 'major' | 'minor';
export type Genre =
  'ballad' | 'reggae' | 'hiphop' | 'pop' | 'funk' | 'disco' | 'house' | 'bossa' | 'rock' | 'jazz';

/** Tempo range (BPM) each genre is written for. */
export const GENRE_TEMPI: Record<Genre, [number, number]> = {
  ballad: [70, 88],
  reggae: [70, 92],
  hiphop: [80, 100],
  pop: [92, 132],
  funk: [95, 120],
  disco: [110, 128],
  house: [118, 130],
  bossa: [110, 145],
  rock: [110, 160],
  jazz: [120, 160],
};

export interface SungNote {
  pitch: number;
  /** Beats. */
  start: number;
  duration: number;
  /** 0..1 loudness. */
  velocity: number;
  /** Index into the voice renderer's syllables. */
  syllable: number;
}

export interface SungLine {
  role: 'lead' | 'choir';
  notes: SungNote[];
}

export interface Composition {
  bars: number;
  beats: number;
  chords: { bar: number; degree: number; root: number; quality: 'maj' | 'min' | 'dim' | 'dom7' }[];
  drums: MidiTrackSpec[];
  bass: MidiTrackSpec[];
  other: MidiTrackSpec[];
  vocals: SungLine[];
  /** Pitch range of the lead (MIDI), so the caster picks a fitting voice. */
  leadRange: [number, number];
}

export interface CompositionSpec {
  tonic: number;
  mode: Mode;
  bpm: number;
  genre: Genre;
  seconds: number;
  /** Which vocal parts: a lead, a choir, or both. */
  vocalParts: 'lead' | 'choir' | 'both';
  /** Lead register: 'low' for a male-range melody (around C3–C4), 'high' for a female one (A3–A4). */
  register: 'low' | 'high';
  rand: () => number;
}

const MAJOR = [0, 2, 4, 5, 7, 9, 11];
const MINOR = [0, 2, 3, 5, 7, 8, 10];

/** Diatonic progressions by scale degree (0 = tonic), each ending where the next phrase can restart. */
const PROGRESSIONS: Record<Mode, number[][]> = {
  major: [
    [0, 4, 5, 3],
    [0, 5, 3, 4],
    [0, 3, 4, 0],
    [1, 4, 0, 5],
    [0, 3, 0, 4],
    [5, 3, 0, 4],
    [0, 2, 3, 4],
  ],
  minor: [
    [0, 5, 2, 6],
    [0, 3, 4, 0],
    [0, 6, 5, 4],
    [0, 3, 6, 2],
    [0, 5, 3, 4],
    [3, 4, 0, 0],
  ],
};

const pick = <T>(rand: () => number, items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;

/** Root pitch class and quality of a diatonic triad; in minor the v becomes V (harmonic minor). */
function triad(
  tonic: number,
  mode: Mode,
  degree: number,
): { root: number; third: number; fifth: number; quality: Composition['chords'][number]['quality'] } {
  const scale = mode === 'major' ? MAJOR : MINOR;
  const at = (d: number) => (tonic + scale[d % 7]! + 12 * Math.floor(d / 7)) % 12;
  const root = at(degree);
  let third = at(degree + 2);
  const fifth = at(degree + 4);
  if (mode === 'minor' && degree === 4) third = (root + 4) % 12; // raised leading tone
  const t = (third - root + 12) % 12;
  const f = (fifth - root + 12) % 12;
  const quality = t === 4 ? (mode === 'minor' && degree === 4 ? 'dom7' : 'maj') : f === 6 ? 'dim' : 'min';
  return { root, third, fifth, quality };
}

/** The pitch of pitch class `pc` nearest to `around`. */
function nearest(pc: number, around: number): number {
  const base = around - ((((around - pc) % 12) + 12) % 12);
  return around - base > 6 ? base + 12 : base;
}

interface Grid {
  bars: number;
  beats: number;
  /** Chord tone pitch classes per bar (root, third, fifth[, seventh]). */
  tones: number[][];
  roots: number[];
}

/** One bar of drums as 16 steps: pitch → step pattern ('x' loud, 'o' soft, '.' rest). */
const DRUMS: Record<Genre, Record<number, string>> = {
  ballad: { 36: 'x.......x.......', 37: '........x.......', 42: 'x...x...x...x...' },
  reggae: { 36: '........x.......', 37: '........x.......', 42: 'x.x.x.x.x.x.x.x.' },
  hiphop: { 36: 'x......x..x.....', 38: '....x.......x...', 42: 'x.x.x.x.x.x.x.xo' },
  pop: { 36: 'x.....x.x.......', 38: '....x.......x...', 42: 'x.x.x.x.x.x.x.x.' },
  funk: { 36: 'x..x......x..x..', 38: '....x..o.o..x..o', 42: 'xoxoxoxoxoxoxoxo' },
  disco: { 36: 'x...x...x...x...', 38: '....x.......x...', 46: '..x...x...x...x.', 42: 'x...x...x...x...' },
  house: { 36: 'x...x...x...x...', 39: '....x.......x...', 46: '..x...x...x...x.', 42: 'oxo.oxo.oxo.oxo.' },
  bossa: { 36: 'x..xx..xx..xx..x', 37: 'x..x..x...x..x..', 42: 'xoxoxoxoxoxoxoxo' },
  rock: { 36: 'x.....x.x.x.....', 38: '....x.......x...', 42: 'x.x.x.x.x.x.x.x.' },
  jazz: { 51: 'x...x..xx...x..x', 44: '....x.......x...', 36: 'o.........o.....' },
};

function drumTracks(genre: Genre, grid: Grid, rand: () => number, kit: number): MidiTrackSpec {
  const notes: MidiNote[] = [];
  const pattern = DRUMS[genre];
  const swing = genre === 'jazz' || genre === 'hiphop' ? 0.33 : 0;
  for (let bar = 0; bar < grid.bars; bar++) {
    const last = bar === grid.bars - 1;
    const fill = bar % 8 === 7 && !last;
    for (const [pitchText, steps] of Object.entries(pattern)) {
      const pitch = Number(pitchText);
      for (let s = 0; s < 16; s++) {
        if (fill && s >= 12 && pitch !== 42) continue;
        const c = steps[s]!;
        if (c === '.' || (c === 'o' && rand() < 0.35)) continue;
        const offbeat = s % 2 === 1;
        const start = bar * 4 + s / 4 + (offbeat ? swing * 0.25 : 0) + (rand() - 0.5) * 0.01;
        const velocity = (c === 'x' ? 100 : 62) + Math.round((rand() - 0.5) * 20);
        notes.push({ pitch, start: Math.max(0, start), duration: 0.25, velocity });
      }
    }
    if (fill) {
      const toms = [50, 48, 47, 45, 43, 41];
      for (let s = 12; s < 16; s++) {
        notes.push({
          pitch: toms[(s - 12 + bar) % toms.length]!,
          start: bar * 4 + s / 4,
          duration: 0.25,
          velocity: 96,
        });
      }
    }
    if (bar % 8 === 0) notes.push({ pitch: 49, start: bar * 4, duration: 1, velocity: 100 });
  }
  return { name: 'Drums', channel: 9, program: kit, notes };
}

function bassTrack(genre: Genre, grid: Grid, rand: () => number, program: number): MidiTrackSpec {
  const notes: MidiNote[] = [];
  const low = 36; // C2
  for (let bar = 0; bar < grid.bars; bar++) {
    const [root, third, fifth] = grid.tones[bar]!;
    const r = nearest(root!, low + 5);
    const f = r + ((fifth! - root! + 12) % 12);
    const next = grid.roots[(bar + 1) % grid.bars]!;
    const n = (pitch: number, beat: number, len: number, vel = 96) =>
      notes.push({
        pitch,
        start: bar * 4 + beat,
        duration: len,
        velocity: vel + Math.round((rand() - 0.5) * 12),
      });
    switch (genre) {
      case 'ballad':
        n(r, 0, 1.9);
        n(rand() < 0.5 ? f : r, 2, 1.9, 84);
        break;
      case 'reggae':
        n(r, 0, 0.9);
        n(r, 1.5, 0.4, 84);
        n(f, 2, 0.9);
        n(r + ((third! - root! + 12) % 12), 3, 0.45, 84);
        break;
      case 'hiphop':
        n(r, 0, 0.7);
        n(r, 1.75, 0.4, 84);
        n(r, 2.5, 0.45);
        n(f - 12 < 28 ? f : f - 12, 3.5, 0.4, 80);
        break;
      case 'funk':
        for (const [b, p, l] of [
          [0, r, 0.2],
          [0.75, r + 12, 0.2],
          [1.5, r, 0.2],
          [2, f, 0.2],
          [2.75, r + 12, 0.2],
          [3.5, r, 0.2],
        ] as const)
          n(p, b, l, 100);
        break;
      case 'disco':
        for (let e = 0; e < 8; e++) n(e % 2 ? r + 12 : r, e / 2, 0.4, e % 2 ? 90 : 100);
        break;
      case 'house':
        for (let q = 0; q < 4; q++) n(r, q + 0.5, 0.4, 100);
        break;
      case 'bossa':
        n(r, 0, 1.4);
        n(f - 12 >= 28 ? f - 12 : f, 1.5, 0.45, 88);
        n(f - 12 >= 28 ? f - 12 : f, 2, 1.4);
        n(r, 3.5, 0.45, 88);
        break;
      case 'rock':
        for (let e = 0; e < 8; e++) n(e === 6 ? f : r, e / 2, 0.45, e % 2 ? 88 : 100);
        break;
      case 'jazz': {
        // Walking: root, a chord tone, a scale step, then a half step into the next root.
        const approach = nearest(next, r) + (rand() < 0.5 ? -1 : 1);
        n(r, 0, 0.95);
        n(r + ((third! - root! + 12) % 12), 1, 0.95, 88);
        n(f, 2, 0.95, 90);
        n(approach, 3, 0.95, 86);
        break;
      }
      case 'pop':
        // Root on the beat with an eighth-note push into beat 3, the fifth after it.
        n(r, 0, 0.9);
        n(r, 1.5, 0.4, 84);
        n(r, 2, 0.9);
        n(f, 3, 0.9, 88);
        break;
      default: {
        // Every genre has a bass line (pop had none, and its "bass" stem was silence).
        const missing: never = genre;
        throw new Error(`no bass line for ${String(missing)}`);
      }
    }
  }
  return { name: 'Bass', channel: 1, program, notes };
}

/** Chord voicing in the comping register (around middle C), spread a little by the seed. */
function voicing(tones: number[], around: number): number[] {
  return tones.map((pc) => nearest(pc, around + 2)).sort((a, b) => a - b);
}

function compTrack(
  genre: Genre,
  grid: Grid,
  rand: () => number,
  program: number,
  channel: number,
  style: 'block' | 'arp' | 'pad' | 'skank' | 'stab',
  pan: number,
): MidiTrackSpec {
  const notes: MidiNote[] = [];
  const around = style === 'pad' ? 62 : 60;
  for (let bar = 0; bar < grid.bars; bar++) {
    const chord = voicing(grid.tones[bar]!, around);
    const add = (beat: number, len: number, vel: number, pitches = chord) => {
      for (const pitch of pitches)
        notes.push({
          pitch,
          start: bar * 4 + beat,
          duration: len,
          velocity: vel + Math.round((rand() - 0.5) * 10),
        });
    };
    switch (style) {
      case 'pad':
        add(0, 3.95, 70);
        break;
      case 'block':
        if (genre === 'ballad') add(0, 3.9, 72);
        else for (let q = 0; q < 4; q++) add(q, 0.9, q % 2 ? 70 : 80);
        break;
      case 'arp': {
        const tones = [...chord, chord[0]! + 12, chord[1]! + 12];
        for (let e = 0; e < 8; e++) add(e / 2, 0.5, 72, [tones[[0, 1, 2, 3, 4, 3, 2, 1][e]!]!]);
        break;
      }
      case 'skank':
        for (let q = 0; q < 4; q++) add(q + 0.5, 0.3, 80);
        break;
      case 'stab':
        for (const b of genre === 'bossa' ? [0, 1.5, 3] : [0, 0.75, 2.5]) add(b, 0.35, 84);
        break;
    }
  }
  return { name: `Comp ${program}`, channel, program, pan, notes };
}

/** A melody in the scale: chord tones on strong beats, steps between, phrase ends on the tonic. */
function melody(
  spec: CompositionSpec,
  grid: Grid,
  scale: number[],
  from: number,
  to: number,
  center: number,
  vocal: boolean,
): SungNote[] {
  const { rand, tonic } = spec;
  const inScale = (p: number) => scale.includes((((p - tonic) % 12) + 12) % 12);
  const notes: SungNote[] = [];
  const rhythms =
    spec.bpm < 95
      ? [
          [0, 1, 1.5, 2, 3],
          [0, 0.5, 1, 2, 2.5, 3],
          [0, 1, 2, 3],
        ]
      : [
          [0, 1, 2, 3],
          [0, 1.5, 2, 3],
          [0, 0.5, 1, 2],
          [0, 2, 2.5, 3],
        ];
  let pitch = nearest(tonic, center);
  let syllable = Math.floor(rand() * 8);
  for (let bar = from; bar < to; bar++) {
    const phraseBar = (bar - from) % 2;
    const phraseEnd = phraseBar === 1;
    const tones = grid.tones[bar]!;
    const rhythm = phraseEnd ? [0, 1, 2] : pick(rand, rhythms);
    for (let i = 0; i < rhythm.length; i++) {
      const beat = rhythm[i]!;
      const strong = beat === 0 || beat === 2;
      const lastOfPhrase = phraseEnd && i === rhythm.length - 1;
      let target: number;
      if (lastOfPhrase) {
        // Cadence: the tonic if the chord holds it, else the chord's root.
        target = nearest(tones.includes(tonic) ? tonic : tones[0]!, pitch);
      } else if (strong) {
        const options = tones.slice(0, 3).map((pc) => nearest(pc, pitch));
        target = pick(rand, options);
      } else {
        const step = rand() < 0.5 ? 1 : -1;
        target = pitch + step;
        while (!inScale(target)) target += step;
        if (rand() < 0.25) {
          target += step;
          while (!inScale(target)) target += step;
        }
      }
      while (target > center + 7) target -= 12;
      while (target < center - 7) target += 12;
      pitch = target;
      const end = i + 1 < rhythm.length ? rhythm[i + 1]! : lastOfPhrase ? 4 : 4;
      const length = (end - beat) * (lastOfPhrase ? 0.95 : 0.9);
      notes.push({
        pitch,
        start: bar * 4 + beat,
        duration: length,
        velocity: 0.75 + 0.25 * rand() + (strong ? 0.05 : 0),
        syllable: vocal ? syllable++ : 0,
      });
    }
  }
  return notes;
}

/** A song of about `spec.seconds`: intro without voice, then verse and chorus on two progressions. */
export function compose(
  spec: CompositionSpec,
  instruments: { bass: number; comp: number[]; kit: number; lead?: number },
): Composition {
  const { rand, tonic, mode, genre } = spec;
  const scale = mode === 'major' ? MAJOR : MINOR;
  const barSeconds = (4 * 60) / spec.bpm;
  const bars = Math.max(8, Math.round(spec.seconds / barSeconds / 2) * 2);
  const verse = pick(rand, PROGRESSIONS[mode]);
  let chorus = pick(rand, PROGRESSIONS[mode]);
  if (chorus === verse)
    chorus = PROGRESSIONS[mode][(PROGRESSIONS[mode].indexOf(verse) + 1) % PROGRESSIONS[mode].length]!;
  const chords: Composition['chords'] = [];
  const tones: number[][] = [];
  const roots: number[] = [];
  const half = Math.floor(bars / 2);
  for (let bar = 0; bar < bars; bar++) {
    const prog = bar < half ? verse : chorus;
    // The last bar always resolves to the tonic, the one before to the dominant when there is room.
    let degree = prog[bar % 4]!;
    if (bar === bars - 1) degree = 0;
    else if (bar === bars - 2 && bars >= 8) degree = 4;
    const t = triad(tonic, mode, degree);
    const chordTones = [t.root, t.third, t.fifth];
    if (genre === 'jazz' || t.quality === 'dom7')
      chordTones.push((t.root + (t.quality === 'maj' && degree !== 4 ? 11 : 10)) % 12);
    chords.push({ bar, degree, root: t.root, quality: t.quality });
    tones.push(chordTones);
    roots.push(t.root);
  }
  const grid: Grid = { bars, beats: bars * 4, tones, roots };
  const styles: Record<Genre, ('block' | 'arp' | 'pad' | 'skank' | 'stab')[]> = {
    ballad: ['arp', 'pad'],
    reggae: ['skank', 'pad'],
    hiphop: ['block', 'pad'],
    pop: ['block', 'arp'],
    funk: ['stab', 'pad'],
    disco: ['block', 'stab'],
    house: ['stab', 'pad'],
    bossa: ['stab', 'pad'],
    rock: ['block', 'pad'],
    jazz: ['stab', 'pad'],
  };
  const other: MidiTrackSpec[] = instruments.comp.map((program, i) =>
    compTrack(
      genre,
      grid,
      rand,
      program,
      2 + i,
      styles[genre][i % 2]!,
      i === 0 ? -0.3 + rand() * 0.2 : 0.25 + rand() * 0.3,
    ),
  );
  const center = spec.register === 'low' ? 55 : 64;
  if (instruments.lead !== undefined) {
    // An instrumental counter-line (flute, sax...) an octave above the voice, in the "other" stem.
    const line = melody(spec, grid, scale, 1, bars, center + 12, false);
    other.push({
      name: `Lead ${instruments.lead}`,
      channel: 5,
      program: instruments.lead,
      pan: rand() < 0.5 ? -0.5 : 0.5,
      notes: line
        .filter((_, i) => i % 3 === 0)
        .map((n) => ({
          pitch: n.pitch,
          start: n.start,
          duration: n.duration,
          velocity: Math.round(60 + 30 * n.velocity),
        })),
    });
  }
  const vocals: SungLine[] = [];
  const voiceFrom = Math.min(2, bars - 4);
  if (spec.vocalParts !== 'choir') {
    vocals.push({ role: 'lead', notes: melody(spec, grid, scale, voiceFrom, bars, center, true) });
  }
  if (spec.vocalParts !== 'lead') {
    // Choir: three sustained parts on the chord tones, one chord per bar, above the lead's register.
    const choirCenter = spec.vocalParts === 'choir' ? center : center + 5;
    for (let part = 0; part < 3; part++) {
      const notes: SungNote[] = [];
      const fromBar = spec.vocalParts === 'both' ? half : voiceFrom;
      for (let bar = fromBar; bar < bars; bar++) {
        const pc = tones[bar]![part]!;
        notes.push({
          pitch: nearest(pc, choirCenter + (part - 1) * 3),
          start: bar * 4,
          duration: 3.8,
          velocity: 0.8,
          syllable: part,
        });
      }
      vocals.push({ role: 'choir', notes });
    }
  }
  const leadNotes = vocals.flatMap((v) => v.notes.map((n) => n.pitch));
  return {
    bars,
    beats: bars * 4,
    chords,
    drums: [drumTracks(genre, grid, rand, instruments.kit)],
    bass: [bassTrack(genre, grid, rand, instruments.bass)],
    other,
    vocals,
    leadRange: [Math.min(...leadNotes), Math.max(...leadNotes)],
  };
}
