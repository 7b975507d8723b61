import { Prng } from '../../../shared/audio/prng';
import { formatKey, type MusicalKey } from '../../../shared/licensing/key-bpm';
import { PRODUCT_GENRES } from '../../../shared/marketplace/genres';
import type { ProjectRecord } from '../../../lambdas/_lib/db/projects';
import { loopFrames, pcmToWav, SAMPLE_RATE, synthLoop } from './media';

/**
 * A realistic catalogue for load tests (`npm run seed:catalogue`, tests/bench/catalogue): beats in the
 * twelve genres with each genre's usual tempo range, musical keys (most beats have one), prices and
 * licence tiers like a marketplace's, a few hundred creators, titles and tags in Portuguese, English and
 * Spanish drawn from a vocabulary where a few words are common and most are rare, ratings, downloads with
 * a long tail, and publication dates over two years. Deterministic for a seed.
 */

/**
 * Shared media: each beat points at one of these covers, and at one of the loops below (its master and its
 * MP3 preview, uploaded once per data dir: encoding a preview takes lamejs about 0.1 s per second of audio,
 * so there are few and they are short). A beat states its loop's tempo, key and length, never its own
 * (tests/unit/catalogue-seed.test.ts renders every loop and checks).
 */
export const SEED_COVER_COUNT = 24;
export const seedCoverKey = (n: number) => `covers/catalogue-seed/cover-${n}.svg`;

export interface SeedLoop {
  /** Its index, in its object keys. */
  n: number;
  /** synthLoop's seed: the drum pattern and the bass line. */
  seed: number;
  bpm: number;
  key: MusicalKey;
}

/** Each loop is the fewest whole bars at its tempo lasting at least this long (6 to 8.6 s). */
export const SEED_LOOP_SECONDS = 6;

/**
 * A loop every 4 BPM from 60 to 160 (each genre's tempo range below holds two or more), in keys whose
 * tonic moves a fifth from one loop to the next, major or minor (every one of the 24 keys among the first 24).
 */
export const SEED_LOOPS: readonly SeedLoop[] = Array.from({ length: 26 }, (_, n) => {
  const key = (n * 7) % 24;
  return { n, seed: 1000 + n, bpm: 60 + 4 * n, key: { tonic: key % 12, mode: key < 12 ? 'minor' : 'major' } };
});

/**
 * Object keys of a loop's master and preview. `loop-v2-`: the loops before each beat stated its loop's
 * tempo, key and length (`loop-<n>`) may still be in a data dir and are not reused; change the name again
 * whenever what synthLoop renders for a loop changes.
 */
export const seedMasterKey = (n: number) => `audio/catalogue-seed/loop-v2-${n}.wav`;
export const seedPreviewKey = (n: number) => `renditions/catalogue-seed/loop-v2-${n}/preview-128.mp3`;

/** The loop's master as the seeder uploads it (its preview is this WAV encoded to MP3). */
export function seedLoopWav(loop: SeedLoop): Buffer {
  return pcmToWav(synthLoop(loop.seed, loop.bpm, SEED_LOOP_SECONDS, loop.key));
}

/** The loop's length as its beats state it: its frames over the sample rate, to 0.1 s (as infra/local/seed.ts). */
export function seedLoopSeconds(loop: SeedLoop): number {
  return Math.round((loopFrames(loop.bpm, SEED_LOOP_SECONDS) / SAMPLE_RATE) * 10) / 10;
}

/** Tempo range and weight of each genre (how often it is uploaded). */
const GENRE_PROFILE: Record<(typeof PRODUCT_GENRES)[number], { bpm: [number, number]; weight: number }> = {
  Trap: { bpm: [130, 160], weight: 20 },
  Drill: { bpm: [138, 146], weight: 10 },
  Phonk: { bpm: [120, 150], weight: 8 },
  'Future Bass': { bpm: [140, 160], weight: 5 },
  'Lo-Fi': { bpm: [70, 90], weight: 12 },
  'Hip Hop': { bpm: [85, 100], weight: 14 },
  'R&B': { bpm: [60, 80], weight: 8 },
  Pop: { bpm: [100, 128], weight: 8 },
  Electronic: { bpm: [118, 135], weight: 5 },
  Ambient: { bpm: [60, 90], weight: 3 },
  House: { bpm: [120, 128], weight: 4 },
  Techno: { bpm: [125, 140], weight: 3 },
};

const FIRST_NAMES = [
  'Kaio',
  'Luna',
  'Vitor',
  'Nina',
  'Rafa',
  'Maré',
  'João',
  'Ana',
  'Bruno',
  'Carla',
  'Diego',
  'Elisa',
  'Felipe',
  'Gabi',
  'Heitor',
  'Iara',
  'Jorge',
  'Lara',
  'Mateus',
  'Nicole',
  'Otávio',
  'Paula',
  'Quim',
  'Renata',
  'Sofia',
  'Tiago',
  'Úrsula',
  'Valéria',
  'Wesley',
  'Yara',
  'Zeca',
  'Alex',
  'Sam',
  'Jordan',
  'Taylor',
  'Morgan',
  'Casey',
  'Riley',
  'Jamie',
  'Avery',
  'Quinn',
  'Drew',
  'Mateo',
  'Lucía',
  'Santiago',
  'Valentina',
  'Sebastián',
  'Camila',
  'Andrés',
  'Isabella',
  'Martín',
  'Daniela',
  'Nicolás',
  'Gabriela',
  'Joaquín',
  'Mariana',
];
const CREATOR_STYLES = [
  'Beats',
  'Prod',
  'on the Track',
  'Music',
  'Sound',
  'Studio',
  'Records',
  'no Beat',
  'Produções',
  'Producciones',
  'Keys',
  'Waves',
];

/** Title words: a few common ones, most rare (a Zipf-like draw below). */
const TITLE_WORDS = (
  'noite lua sol mar chuva fogo vento céu estrela sonho saudade cidade rua favela quebrada madrugada verão inverno ' +
  'caminho destino coração alma liberdade vida amor dor paz guerra luz sombra ouro prata diamante rei rainha ' +
  'night moon sun ocean rain fire wind sky star dream city street midnight summer winter road heart soul freedom life ' +
  'love pain peace war light shadow gold silver diamond king queen money ghost wave drive ride flow vibe mood ' +
  'noche luna mar lluvia fuego viento cielo estrella sueño ciudad calle madrugada verano invierno camino corazón ' +
  'alma libertad vida amor dolor paz guerra luz sombra oro plata rey reina dinero fantasma ola ritmo fiesta ' +
  'paulista carioca baiana mineira gaúcha nordeste sertão cerrado pampa litoral tropical neon cromo veludo ' +
  'cristal âmbar jade ônix safira rubi esmeralda obsidiana granito basalto mármore ferro aço cobre bronze ' +
  'eclipse cometa nebulosa galáxia órbita gravidade horizonte aurora crepúsculo alvorada miragem oásis deserto ' +
  'tempestade furacão relâmpago trovão neblina orvalho geada brisa maré ressaca correnteza cachoeira ' +
  'vaga-lume beija-flor jaguar onça arara tucano sabiá carcará lobo raposa coruja falcão serpente pantera ' +
  'velocity gravity echo mirage phantom voltage circuit pixel static signal frequency spectrum cipher matrix ' +
  'odisea travesía rumbo marea arena brisa ceniza humo espejo reflejo susurro latido suspiro delirio'
)
  .split(' ')
  .filter(Boolean);

const MOOD_TAGS = [
  'dark',
  'melodic',
  'sad',
  'happy',
  'chill',
  'aggressive',
  'energético',
  'relax',
  'romântico',
  'triste',
  'agresivo',
  'oscuro',
  'melódico',
  'hard',
  'bouncy',
  'ambient',
  'piano',
  'guitar',
  'violão',
  'guitarra',
  '808',
  'sample',
  'vocal',
  'synth',
  'strings',
  'flute',
  'bells',
];
const TYPE_TAGS = [
  'type beat',
  'freestyle',
  'exclusivo',
  'free for profit',
  'instrumental',
  'drill type',
  'boom bap',
];

export interface SeedCreator {
  id: string;
  name: string;
}

export interface CatalogueSeedOptions {
  beats: number;
  /** Distinct runs get distinct ids, so running the seeder again adds beats. */
  runTag: string;
  seed?: number;
  now?: Date;
}

/** Creators: about one per 60 beats (at least 12), with pt/en/es names. */
export function seedCreators(beats: number, runTag: string, prng: Prng): SeedCreator[] {
  const count = Math.max(12, Math.round(beats / 60));
  return Array.from({ length: count }, (_, index) => ({
    id: `seed-creator-${runTag}-${index.toString(36)}`,
    name: `${prng.pick(FIRST_NAMES)} ${prng.pick(CREATOR_STYLES)}${index >= FIRST_NAMES.length ? ` ${index}` : ''}`,
  }));
}

function weightedGenre(prng: Prng): (typeof PRODUCT_GENRES)[number] {
  const total = PRODUCT_GENRES.reduce((sum, genre) => sum + GENRE_PROFILE[genre].weight, 0);
  let roll = prng.next() * total;
  for (const genre of PRODUCT_GENRES) {
    roll -= GENRE_PROFILE[genre].weight;
    if (roll < 0) return genre;
  }
  return 'Trap';
}

/** The loops whose tempo is in each genre's range. */
const GENRE_LOOPS = new Map(
  PRODUCT_GENRES.map((genre) => {
    const [low, high] = GENRE_PROFILE[genre].bpm;
    return [genre, SEED_LOOPS.filter((loop) => loop.bpm >= low && loop.bpm <= high)];
  }),
);

/** Zipf-like: rank r drawn with probability ∝ 1 / (r + 1). */
function zipf<T>(items: readonly T[], prng: Prng): T {
  const harmonic = Math.log(items.length + 1);
  const rank = Math.min(items.length - 1, Math.floor(Math.exp(prng.next() * harmonic) - 1));
  return items[rank]!;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** `count` beats for the creators, as the repository stores them. */
export function seedBeats(
  options: CatalogueSeedOptions,
  creators: readonly SeedCreator[],
  prng: Prng,
): ProjectRecord[] {
  const now = (options.now ?? new Date()).getTime();
  const twoYears = 730 * 86_400_000;
  const beats: ProjectRecord[] = [];
  for (let index = 0; index < options.beats; index += 1) {
    const genre = weightedGenre(prng);
    // The beat is its loop: a tempo in the genre's range, and the loop's key and length.
    const loop = prng.pick(GENRE_LOOPS.get(genre)!);
    const bpm = loop.bpm;
    const creator = creators[Math.floor(Math.pow(prng.next(), 1.6) * creators.length)]!;
    const words = new Set([zipf(TITLE_WORDS, prng)]);
    if (prng.next() < 0.7) words.add(zipf(TITLE_WORDS, prng));
    if (prng.next() < 0.2) words.add(zipf(TITLE_WORDS, prng));
    const title = [...words].map((word) => word[0]!.toUpperCase() + word.slice(1)).join(' ');
    const tags = [genre.toLowerCase(), prng.pick(MOOD_TAGS)];
    if (prng.next() < 0.5) tags.push(prng.pick(MOOD_TAGS));
    if (prng.next() < 0.3) tags.push(prng.pick(TYPE_TAGS));
    const price = round2(
      [19.9, 29.9, 39.9, 49.9, 59.9, 79.9, 99.9, 149.9][Math.floor(Math.pow(prng.next(), 1.5) * 8)]!,
    );
    const downloads = Math.floor(Math.exp(prng.next() * 8.5) - 1);
    const cover = prng.int(SEED_COVER_COUNT);
    const created = new Date(now - Math.pow(prng.next(), 1.8) * twoYears);
    const tiered = prng.next() < 0.35;
    beats.push({
      id: `seed-${options.runTag}-${index.toString(36)}`,
      title,
      description: `${genre} · ${bpm} BPM · ${creator.name}`,
      price,
      genre,
      bpm,
      duration_seconds: seedLoopSeconds(loop),
      tags: [...new Set(tags)],
      creator_id: creator.id,
      creator_name: creator.name,
      audio_key: seedMasterKey(loop.n),
      cover_key: seedCoverKey(cover),
      preview_key: seedPreviewKey(loop.n),
      rating: round2(Math.min(5, 3 + prng.next() * 2.2)),
      downloads,
      status: 'published',
      sample: true,
      created_at: created.toISOString(),
      // Most creators state the key; the others leave it blank (never one the loop is not in).
      ...(prng.next() < 0.8 ? { key: formatKey(loop.key) } : {}),
      // About a third of the creators saved their own tiers: the card shows 'a partir de' their cheapest.
      ...(tiered ? { licence_count: 2 + prng.int(3), licence_from_price: round2(price * 0.6) } : {}),
    });
  }
  return beats;
}

/** The whole catalogue of one seeder run. */
export function seedCatalogue(options: CatalogueSeedOptions): {
  creators: SeedCreator[];
  beats: ProjectRecord[];
} {
  const prng = new Prng(options.seed ?? 16);
  const creators = seedCreators(options.beats, options.runTag, prng);
  return { creators, beats: seedBeats(options, creators, prng) };
}
