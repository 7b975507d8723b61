/**
 * Evaluation material for the audio benches: multitrack songs that do not come from the platform's
 * synthesizer. Each piece is composed in a key, tempo and genre (material-compose.ts), its drums, bass
 * and other instruments are played by fluidsynth through a sampled General MIDI soundfont
 * (material-render.ts), and its vocals are sung by espeak-ng voices re-pitched to the melody with
 * vibrato, panned and widened, sometimes as a wide stereo choir (material-voice.ts).
 *
 * Two halves:
 *  - dev      — 24 pieces on FluidR3_GM, singers m1 m3 m6 f2 f4: tune on these; 12 more (dev-25 …
 *               dev-36, `count: 36`) on Csound's GM bank and the OPL3 FM bank, the same singers; 12 more
 *               (dev-37 … dev-48, `count: 48`) on all three, sung by m4 m8 Andy edward Annie belinda steph
 *               over the electronic, TR-808 and brush kits; 12 more (dev-49 … dev-60, `count: 60`) on the
 *               same three with all twelve dev singers and six kits, every stem through a random equaliser.
 *  - heldout  — 24 pieces on MuseScore_General and TimGM6mb (alternating), singers m2 m5 m7 f1 f3 f5,
 *               other seeds: never tune on these, only report them.
 * Each half covers all 24 keys once (tonic × major/minor) and tempi spread over 70–160 BPM.
 *
 * Per piece, in .local/bench-audio/<split>/<id>/ (git-ignored):
 *   mix.wav                                stereo 44.1 kHz 16-bit, the sum of the four stems
 *   vocals.wav drums.wav bass.wav other.wav stems, sample-aligned with the mix (same length)
 *   vocals.wav is also the piece's a-cappella (the voices alone)
 *   meta.json                              ground truth: key {tonic, mode}, bpm, genre, soundfont, seed,
 *                                          split, instruments, singers, vocal layout, and the cache hash
 * Deterministic per seed; a piece is rendered again only when its spec, these sources or the tools change
 * (meta.json's `hash`).
 *
 * Needs (Debian): apt-get install -y fluidsynth fluid-soundfont-gm musescore-general-soundfont
 *                 timgm6mb-soundfont espeak-ng (and csound-soundfont opl3-soundfont for dev-25 … dev-36)
 * Run:  npx tsx tests/bench/audio/material.ts [--split dev|heldout|all] [--count N] [--seconds S]
 * From a bench:  const pieces = await ensureMaterial({ split: 'heldout' });
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { encodeWav } from '../../../shared/audio/wav';
import { keyAccidentals, NOTE_NAMES, prng } from '../../../shared/midi/theory';
import { compose, GENRE_TEMPI, type Genre, type Mode } from './material-compose';
import { colourStem } from './material-colour';
import { checkTools, renderStems, SOUNDFONTS, toolVersions, type SoundfontName } from './material-render';
import { place, reverb, SAMPLE_RATE, singLine, type Singer } from './material-voice';

export type Split = 'dev' | 'heldout';
export const STEMS = ['vocals', 'drums', 'bass', 'other'] as const;
export type Stem = (typeof STEMS)[number];
type Stereo = [Float32Array, Float32Array];

export interface PieceMeta {
  id: string;
  split: Split;
  seed: number;
  key: { tonic: string; tonicPc: number; mode: Mode };
  bpm: number;
  genre: Genre;
  soundfont: SoundfontName;
  seconds: number;
  sampleRate: number;
  instruments: { bass: number; comp: number[]; kit: number; lead: number | null };
  vocals: {
    parts: 'lead' | 'choir' | 'both';
    singers: string[];
    leadPan: number;
    haasMs: number;
    reverb: number;
  };
  levelsDb: Record<Stem, number>;
  hash: string;
}

export interface Piece {
  dir: string;
  meta: PieceMeta;
  /** Absolute paths of mix.wav and the four stems. */
  files: { mix: string } & Record<Stem, string>;
}

const HERE = dirname(fileURLToPath(import.meta.url));
export const DEFAULT_OUT = resolve(HERE, '../../../.local/bench-audio');

const SOURCES = [
  'material.ts',
  'material-colour.ts',
  'material-compose.ts',
  'material-render.ts',
  'material-voice.ts',
].map((f) => join(HERE, f));

const HALVES: Record<
  Split,
  {
    master: number;
    soundfonts: SoundfontName[];
    singers: string[];
    kits: number[];
    /**
     * More rounds of pieces after the first 24, each its own plan (so the earlier pieces stay), on other
     * sound fonts and, where given, other singers and drum kits.
     */
    extra?: Round[];
  }
> = {
  dev: {
    master: 0x5d0001,
    soundfonts: ['FluidR3_GM'],
    singers: ['m1', 'm3', 'm6', 'f2', 'f4'],
    kits: [0, 8, 16],
    // A model fitted on one sound font learns its timbres: dev-25 … dev-36 play the same kind of songs
    // on two more (neither is in the held-out half).
    extra: [
      { master: 0x5d0003, soundfonts: ['Csound_GMbank', 'OPL3_FM'], count: 12 },
      // A model fitted on five singers learns their formants: dev-37 … dev-48 are sung by seven other
      // espeak-ng variants (none in the held-out half), over kits neither half plays (electronic, TR-808,
      // brush), on all three dev sound fonts.
      {
        master: 0x5d0004,
        soundfonts: ['FluidR3_GM', 'Csound_GMbank', 'OPL3_FM'],
        count: 12,
        singers: ['m4', 'm8', 'Andy', 'edward', 'Annie', 'belinda', 'steph'],
        kits: [24, 25, 40],
      },
      // A model fitted on three sound fonts learns their spectra: dev-49 … dev-60 are the same kind of
      // songs with every stem through its own random equaliser (and some pitched stems saturated), sung
      // and played by all the dev singers and kits (material-colour.ts).
      {
        master: 0x5d0005,
        soundfonts: ['FluidR3_GM', 'Csound_GMbank', 'OPL3_FM'],
        count: 12,
        singers: ['m1', 'm3', 'm6', 'f2', 'f4', 'm4', 'm8', 'Andy', 'edward', 'Annie', 'belinda', 'steph'],
        kits: [0, 8, 16, 24, 25, 40],
        colour: true,
      },
    ],
  },
  heldout: {
    master: 0x5d0002,
    soundfonts: ['MuseScore_General', 'TimGM6mb'],
    singers: ['m2', 'm5', 'm7', 'f1', 'f3', 'f5'],
    kits: [0, 8, 32],
  },
};

interface Round {
  master: number;
  soundfonts: SoundfontName[];
  count: number;
  /** Instead of the half's singers and kits. */
  singers?: string[];
  kits?: number[];
  /** Every stem through a random equaliser (material-colour.ts). */
  colour?: boolean;
}

/** Variants that sing the high (female) register: f1 … f5 and the named ones with a female voice. */
const HIGH_VOICES = new Set(['Annie', 'belinda', 'steph']);
const singsHigh = (variant: string) => variant.startsWith('f') || HIGH_VOICES.has(variant);

/** Instruments (GM programs) each genre draws from: bass, main comping, second comping. */
const PROGRAMS: Record<Genre, { bass: number[]; comp: number[]; pad: number[] }> = {
  ballad: { bass: [32, 35, 33], comp: [0, 1, 4, 24, 25], pad: [48, 49, 88, 89] },
  reggae: { bass: [33, 34], comp: [16, 17, 27, 28], pad: [49, 89, 4] },
  hiphop: { bass: [38, 33, 39], comp: [4, 5, 0], pad: [48, 50, 89] },
  pop: { bass: [33, 34, 38], comp: [0, 25, 27, 4], pad: [48, 88, 50, 24] },
  funk: { bass: [36, 37, 33], comp: [7, 27, 28, 4], pad: [61, 62, 16] },
  disco: { bass: [36, 38, 33], comp: [4, 27, 0], pad: [48, 49, 61] },
  house: { bass: [38, 39], comp: [0, 4, 81], pad: [89, 90, 91, 50] },
  bossa: { bass: [32, 33], comp: [24, 0, 4], pad: [48, 88, 49] },
  rock: { bass: [34, 33], comp: [29, 30, 27, 25], pad: [16, 17, 18, 48] },
  jazz: { bass: [32, 33], comp: [0, 26, 4], pad: [48, 16, 61] },
};
const LEADS = [73, 65, 66, 56, 40, 71, 68];
const pick = <T>(items: readonly T[], rand: () => number): T => items[Math.floor(rand() * items.length)]!;

interface PieceSpec {
  id: string;
  split: Split;
  seed: number;
  tonicPc: number;
  mode: Mode;
  bpm: number;
  genre: Genre;
  soundfont: SoundfontName;
  seconds: number;
  vocalParts: 'lead' | 'choir' | 'both';
  /** 0 for the first 24 pieces, then the index into the half's `extra` rounds plus one. */
  round: number;
}

/**
 * The 24 pieces of one half: every key once, tempi stratified over 70–160 BPM, a genre that fits the
 * tempo. A shorter run takes the first pieces of the same plan.
 */
export function planHalf(split: Split, seconds = 30): PieceSpec[] {
  const half = HALVES[split];
  const pieces = planRound(split, 0, half.master, half.soundfonts, 24, 0, seconds);
  (half.extra ?? []).forEach(({ master, soundfonts, count }, i) =>
    pieces.push(...planRound(split, i + 1, master, soundfonts, count, pieces.length, seconds)),
  );
  return pieces;
}

/** `count` pieces from one seed: keys drawn without repeats, tempi stratified over 70–160 BPM. */
function planRound(
  split: Split,
  round: number,
  master: number,
  soundfonts: SoundfontName[],
  count: number,
  numberedAfter: number,
  seconds: number,
): PieceSpec[] {
  const rand = prng(master);
  const keys = shuffle(
    Array.from({ length: 24 }, (_, i) => i),
    rand,
  );
  const tempi = shuffle(
    Array.from({ length: count }, (_, i) => Math.round(70 + ((i + rand()) / count) * 90)),
    rand,
  );
  const parts = ['lead', 'both', 'lead', 'choir', 'both'] as const;
  const used: Partial<Record<Genre, number>> = {};
  return Array.from({ length: count }, (_, i) => {
    const bpm = tempi[i]!;
    const fitting = (Object.keys(GENRE_TEMPI) as Genre[]).filter(
      (g) => bpm >= GENRE_TEMPI[g][0] && bpm <= GENRE_TEMPI[g][1],
    );
    // The least used fitting genre, ties broken by the seed.
    const fewest = Math.min(...fitting.map((g) => used[g] ?? 0));
    const genre = pick(
      fitting.filter((g) => (used[g] ?? 0) === fewest),
      rand,
    );
    used[genre] = (used[genre] ?? 0) + 1;
    const key = keys[i % 24]!;
    return {
      id: `${split}-${String(numberedAfter + i + 1).padStart(2, '0')}`,
      split,
      seed: Math.floor(rand() * 2 ** 31),
      tonicPc: key % 12,
      mode: key < 12 ? 'major' : 'minor',
      bpm,
      genre,
      soundfont: soundfonts[i % soundfonts.length]!,
      seconds,
      vocalParts: parts[i % parts.length]!,
      round,
    } satisfies PieceSpec;
  });
}

function hashOf(spec: PieceSpec): string {
  const h = createHash('sha256');
  h.update(JSON.stringify(spec));
  for (const file of SOURCES) h.update(readFileSync(file));
  h.update(readFileSync(join(HERE, '../../../shared/midi/smf.ts')));
  const sf = SOUNDFONTS[spec.soundfont];
  h.update(`${sf}:${existsSync(sf) ? readFileSync(sf).length : 0}`);
  h.update(toolVersions());
  return h.digest('hex').slice(0, 16);
}

/** Fisher–Yates with the piece's generator (a random comparator in sort() depends on the engine). */
function shuffle<T>(items: readonly T[], rand: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const rms = (xs: Float32Array[]) => {
  let s = 0;
  let n = 0;
  for (const x of xs)
    for (const v of x) {
      s += v * v;
      n++;
    }
  return Math.sqrt(s / Math.max(1, n));
};

/**
 * Writes a file under another name and renames it into place: two benches that render the same piece at
 * once (a second process with --reverse) never read each other's half-written WAV or meta.json.
 */
function writeWhole(file: string, data: string | Uint8Array): void {
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, data);
  renameSync(partial, file);
}

/** A piece's score and the draws made for it; `rand` goes on where the score's draws end. */
export function composePiece(spec: PieceSpec) {
  const rand = prng(spec.seed);
  const half = HALVES[spec.split];
  const round = spec.round ? half.extra![spec.round - 1]! : undefined;
  const programs = PROGRAMS[spec.genre];
  const singers = shuffle(round?.singers ?? half.singers, rand);
  const leadSinger = singers[0]!;
  const register = singsHigh(leadSinger) ? 'high' : 'low';
  const instruments = {
    bass: pick(programs.bass, rand),
    comp: [pick(programs.comp, rand), pick(programs.pad, rand)],
    kit: pick(round?.kits ?? half.kits, rand),
    lead: rand() < 0.4 ? pick(LEADS, rand) : undefined,
  };
  const song = compose(
    {
      tonic: spec.tonicPc,
      mode: spec.mode,
      bpm: spec.bpm,
      genre: spec.genre,
      seconds: spec.seconds,
      vocalParts: spec.vocalParts,
      register,
      rand,
    },
    instruments,
  );
  return { rand, round, singers, leadSinger, instruments, song };
}

/** Renders one piece into `dir` (mix, stems, meta.json). */
function renderPiece(spec: PieceSpec, dir: string, hash: string, cacheDir: string): PieceMeta {
  const { rand, round, singers, leadSinger, instruments, song } = composePiece(spec);
  const frames = Math.round((song.beats * 60 * SAMPLE_RATE) / spec.bpm + 1.5 * SAMPLE_RATE);
  const keySignature = {
    accidentals: keyAccidentals(spec.tonicPc, spec.mode === 'minor'),
    minor: spec.mode === 'minor',
  };
  const [drums, bass, other] = renderStems(
    [song.drums, song.bass, song.other].map((tracks) => ({ bpm: spec.bpm, keySignature, tracks })),
    spec.soundfont,
    frames,
  ) as [Stereo, Stereo, Stereo];
  const stems: Record<Stem, Stereo> = {
    drums,
    bass,
    other,
    vocals: [new Float32Array(frames), new Float32Array(frames)],
  };
  // Vocals: the lead near the centre (sometimes off it, widened by a short delay on one side), the choir
  // two singers a part spread across the image; both into a stereo reverb.
  const syllables = new Map();
  const [vl, vr] = stems.vocals;
  const leadPan = rand() < 0.35 ? (rand() < 0.5 ? -1 : 1) * (0.2 + 0.25 * rand()) : 0;
  const haasMs = rand() < 0.5 ? (rand() < 0.5 ? -1 : 1) * (4 + 10 * rand()) : 0;
  const wet = 0.12 + 0.25 * rand();
  const baseHz = (pitch: number) => 440 * Math.pow(2, (pitch - 69) / 12);
  const centre = (song.leadRange[0] + song.leadRange[1]) / 2;
  const usedSingers: string[] = [];
  let part = 0;
  for (const line of song.vocals) {
    const n = singers.length;
    const voices =
      line.role === 'lead' ? [leadSinger] : [singers[(1 + 2 * part) % n]!, singers[(2 + 2 * part++) % n]!];
    for (const variant of voices) {
      const mid = line.role === 'lead' ? centre : line.notes[0]!.pitch;
      const singer: Singer = { variant, baseHz: baseHz(Math.round(mid)) };
      usedSingers.push(variant);
      const mono = singLine(
        cacheDir,
        singer,
        line,
        {
          bpm: spec.bpm,
          length: frames,
          vibratoCents: 25 + 45 * rand(),
          vibratoHz: 4.5 + 2 * rand(),
          detuneCents: line.role === 'lead' ? 0 : (rand() - 0.5) * 24,
          lateSeconds: line.role === 'lead' ? 0 : rand() * 0.03,
          rand,
        },
        syllables,
      );
      if (line.role === 'lead') place(mono, vl, vr, leadPan, haasMs);
      else place(mono, vl, vr, (rand() * 2 - 1) * 0.95, (rand() - 0.5) * 24, 0.6);
    }
  }
  const [wl, wr] = reverb(vl, vr, wet);
  stems.vocals = [wl, wr];
  if (round?.colour) {
    // Its own generator, so the colour does not move anything drawn above.
    const tone = prng(spec.seed ^ 0xc0104);
    for (const stem of STEMS) colourStem(stems[stem], stem !== 'drums', tone);
  }
  // Levels relative to the vocals, then one gain for everything so the mix peaks at −1 dBFS.
  const levelsDb: Record<Stem, number> = {
    vocals: 0,
    drums: -3 + 4 * rand(),
    bass: -4 + 4 * rand(),
    other: -3 + 4 * rand(),
  };
  const reference = rms(stems.vocals);
  for (const stem of STEMS) {
    // A part with no sound stays silent (scaled up to its level, rounding noise would become a stem).
    const level = rms(stems[stem]);
    const g = level < 1e-6 ? 0 : (reference * Math.pow(10, levelsDb[stem] / 20)) / level;
    for (const ch of stems[stem]) for (let i = 0; i < ch.length; i++) ch[i]! *= g;
  }
  const mix: [Float32Array, Float32Array] = [new Float32Array(frames), new Float32Array(frames)];
  for (const stem of STEMS) {
    const [l, r] = stems[stem];
    for (let i = 0; i < frames; i++) {
      mix[0][i]! += l[i]!;
      mix[1][i]! += r[i]!;
    }
  }
  let peak = 0;
  for (const ch of mix) for (const v of ch) peak = Math.max(peak, Math.abs(v));
  const master = Math.pow(10, -1 / 20) / Math.max(peak, 1e-9);
  const write = (name: string, pair: [Float32Array, Float32Array]) => {
    for (const ch of pair) for (let i = 0; i < ch.length; i++) ch[i]! *= master;
    writeWhole(join(dir, `${name}.wav`), encodeWav({ sampleRate: SAMPLE_RATE, channels: pair }));
  };
  mkdirSync(dir, { recursive: true });
  write('mix', mix);
  for (const stem of STEMS) write(stem, stems[stem]);
  const meta: PieceMeta = {
    id: spec.id,
    split: spec.split,
    seed: spec.seed,
    key: { tonic: NOTE_NAMES[spec.tonicPc]!, tonicPc: spec.tonicPc, mode: spec.mode },
    bpm: spec.bpm,
    genre: spec.genre,
    soundfont: spec.soundfont,
    seconds: frames / SAMPLE_RATE,
    sampleRate: SAMPLE_RATE,
    instruments: { ...instruments, lead: instruments.lead ?? null },
    vocals: { parts: spec.vocalParts, singers: [...new Set(usedSingers)], leadPan, haasMs, reverb: wet },
    levelsDb,
    hash,
  };
  writeWhole(join(dir, 'meta.json'), `${JSON.stringify(meta, null, 2)}\n`);
  return meta;
}

export interface MaterialOptions {
  split: Split;
  count?: number;
  seconds?: number;
  out?: string;
  /** Called before each piece that has to be rendered (not for cached ones). */
  onRender?: (id: string) => void;
}

/** Which dev pieces a model is fitted on (never the held-out half). */
export interface FitSet {
  /** The first `count` pieces (FluidR3_GM; default 24). */
  count?: number;
  /** And the first `extra` after dev-24 (other sound fonts). */
  extra?: number;
  /** And the first `more` after dev-36 (other singers and drum kits). */
  more?: number;
  /** And the first `coloured` after dev-48 (random equalisers). */
  coloured?: number;
}

/**
 * The shipped models' fit set: every dev piece. New cues and settings are chosen with the models fitted on
 * 40 of them (--count 16 --extra 8 --more 8 --coloured 8) and compared on the 20 outside those
 * (separator-sweep.ts); what is kept is then refitted on all of dev. The held-out half is never in either.
 */
export const FIT_ALL = '--count 24 --extra 12 --more 12 --coloured 12';
/** FIT_ALL's pieces, as the generated weight files describe them (comment lines, ' * ' prefixed). */
export const FIT_ALL_TEXT = ` * evaluation material's dev half, every piece: dev-01 … dev-24 on FluidR3_GM, dev-25 … dev-36 on
 * Csound's GM bank and the OPL3 FM bank, dev-37 … dev-48 on all three with other singers and kits,
 * dev-49 … dev-60 on all three with every stem through a random equaliser (never the held-out half)`;

/** The fit set a fitter's command line names (--count, --extra, --more, --coloured); unset where not given. */
export function fitSetOf(arg: (name: string) => string | undefined): FitSet {
  const number = (name: string) => (arg(name) ? Number(arg(name)) : undefined);
  return {
    count: number('count'),
    extra: number('extra'),
    more: number('more'),
    coloured: number('coloured'),
  };
}

export async function fitPieces({ count = 24, extra = 0, more = 0, coloured = 0 }: FitSet): Promise<Piece[]> {
  const needed = coloured ? 48 + coloured : more ? 36 + more : extra ? 24 + extra : count;
  const all = await ensureMaterial({ split: 'dev', count: needed });
  return all.filter(
    (_, i) =>
      i < count ||
      (i >= 24 && i < 24 + extra) ||
      (i >= 36 && i < 36 + more) ||
      (i >= 48 && i < 48 + coloured),
  );
}

/** Renders what is missing or stale and returns the pieces of one half, in order. */
export async function ensureMaterial(options: MaterialOptions): Promise<Piece[]> {
  const out = options.out ?? DEFAULT_OUT;
  const specs = planHalf(options.split, options.seconds ?? 30).slice(0, options.count ?? 24);
  checkTools([...new Set(specs.map((s) => s.soundfont))]);
  const pieces: Piece[] = [];
  for (const spec of specs) {
    const dir = join(out, spec.split, spec.id);
    const hash = hashOf(spec);
    const metaFile = join(dir, 'meta.json');
    let meta: PieceMeta | undefined;
    if (existsSync(metaFile)) {
      const cached = JSON.parse(readFileSync(metaFile, 'utf8')) as PieceMeta;
      if (cached.hash === hash && ['mix', ...STEMS].every((f) => existsSync(join(dir, `${f}.wav`))))
        meta = cached;
    }
    if (!meta) {
      options.onRender?.(spec.id);
      meta = renderPiece(spec, dir, hash, out);
    }
    const file = (name: string) => join(dir, `${name}.wav`);
    pieces.push({
      dir,
      meta,
      files: {
        mix: file('mix'),
        vocals: file('vocals'),
        drums: file('drums'),
        bass: file('bass'),
        other: file('other'),
      },
    });
  }
  return pieces;
}

async function main(): Promise<void> {
  const arg = (name: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i >= 0 ? process.argv[i + 1] : undefined;
  };
  const which = arg('split') ?? 'all';
  const splits: Split[] = which === 'all' ? ['dev', 'heldout'] : [which as Split];
  for (const split of splits) {
    const t0 = performance.now();
    const pieces = await ensureMaterial({
      split,
      count: arg('count') ? Number(arg('count')) : undefined,
      seconds: arg('seconds') ? Number(arg('seconds')) : undefined,
      onRender: (id) => process.stdout.write(`rendering ${id}…\n`),
    });
    console.log(
      `\n${split}: ${pieces.length} pieces in ${DEFAULT_OUT}/${split} (${((performance.now() - t0) / 1000).toFixed(0)} s)`,
    );
    console.log('id          key         bpm  genre   soundfont          vocals  singers');
    for (const { meta: m } of pieces) {
      console.log(
        `${m.id.padEnd(11)} ${`${m.key.tonic} ${m.key.mode}`.padEnd(11)} ${String(m.bpm).padStart(3)}  ${m.genre.padEnd(7)} ${m.soundfont.padEnd(18)} ${m.vocals.parts.padEnd(6)}  ${m.vocals.singers.join(' ')}`,
      );
    }
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
