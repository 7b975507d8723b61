import { knowledgeBase, type KnowledgeEntry } from './knowledge/entries';

/**
 * BM25 retrieval over the knowledge base: accent-folded tokens, pt/en/es stop words, a light suffix
 * stemmer and a few synonyms so "mixing", "mezcla" and "mixagem" meet the same entries.
 */

export function foldAccents(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

const STOP_WORDS = new Set(
  (
    'a o as os um uma uns umas de do da dos das em no na nos nas por para pra com sem e ou que se como qual quais ' +
    'eu voce meu minha meus minhas seu sua isso esse essa este esta ao aos mais muito pode posso fazer faco ' +
    'the an of to in on for with and or is are how what which my i do does can you your it this that be ' +
    'el la los las un una unos unas del al con sin y en es como que mi tu su para por hacer puedo'
  ).split(/\s+/),
);

/** Query words (folded) that mean the same thing as a knowledge-base word. */
const SYNONYMS: Record<string, string[]> = {
  mixing: ['mixagem'],
  mix: ['mixagem'],
  mezcla: ['mixagem'],
  mezclar: ['mixagem'],
  mixar: ['mixagem'],
  mastering: ['masterizacao'],
  master: ['masterizacao'],
  masterizar: ['masterizacao'],
  masterizacion: ['masterizacao'],
  chord: ['acorde'],
  chords: ['acorde'],
  acordes: ['acorde'],
  progression: ['progressao'],
  progressions: ['progressao'],
  progresion: ['progressao'],
  harmony: ['harmonia'],
  armonia: ['harmonia'],
  beat: ['beat', 'batida'],
  beats: ['beat', 'batida'],
  ritmo: ['ritmo', 'groove'],
  rhythm: ['ritmo', 'groove'],
  voice: ['voz', 'vocal'],
  vocals: ['voz', 'vocal'],
  singing: ['voz', 'vocal'],
  cantar: ['voz', 'vocal'],
  reverberacao: ['reverb'],
  compressor: ['compressao'],
  compression: ['compressao'],
  compresion: ['compressao'],
  equalizer: ['equalizacao', 'eq'],
  equalizador: ['equalizacao', 'eq'],
  ecualizacion: ['equalizacao', 'eq'],
  studio: ['estudio'],
  estudio: ['estudio'],
  bass: ['baixo', 'grave'],
  bajo: ['baixo', 'grave'],
  kick: ['kick', 'bumbo'],
  bombo: ['kick', 'bumbo'],
  loudness: ['lufs', 'loudness'],
  volume: ['volume', 'loudness'],
  arrangement: ['arranjo'],
  arreglo: ['arranjo'],
  structure: ['estrutura'],
  estructura: ['estrutura'],
  melody: ['melodia'],
  synth: ['sintetizador', 'sintese'],
  microphone: ['microfone'],
  microfono: ['microfone'],
  acoustic: ['acustica'],
  acustica: ['acustica'],
  tempo: ['bpm', 'andamento'],
  scale: ['escala'],
  key: ['tonalidade'],
  tono: ['tonalidade'],
};

/** A light stemmer: plural and common derivational endings of pt/es/en, on folded words. */
function stem(word: string): string {
  if (word.length <= 4) return word;
  for (const suffix of [
    'coes',
    'coes',
    'cao',
    'ciones',
    'cion',
    'mente',
    'ings',
    'ing',
    'oes',
    'aes',
    'ais',
    'eis',
    'es',
    's',
  ]) {
    if (word.endsWith(suffix) && word.length - suffix.length >= 4) {
      const base = word.slice(0, -suffix.length);
      if (suffix === 'coes' || suffix === 'cao' || suffix === 'ciones' || suffix === 'cion')
        return base + 'c';
      return base;
    }
  }
  return word;
}

export function tokenize(text: string): string[] {
  return foldAccents(text)
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 1 && !STOP_WORDS.has(w))
    .map(stem);
}

/** Query tokens with synonyms added (each synonym also stemmed). */
export function expandQuery(text: string): string[] {
  const raw = foldAccents(text)
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 1 && !STOP_WORDS.has(w));
  const out: string[] = [];
  for (const word of raw) {
    out.push(stem(word));
    for (const synonym of SYNONYMS[word] ?? []) out.push(...tokenize(synonym));
  }
  return [...new Set(out)];
}

export interface Bm25Document {
  id: string;
  tokens: string[];
}

export interface Bm25Index {
  docs: { id: string; length: number; tf: Map<string, number> }[];
  df: Map<string, number>;
  avgLength: number;
}

export function buildIndex(documents: Bm25Document[]): Bm25Index {
  const df = new Map<string, number>();
  const docs = documents.map((doc) => {
    const tf = new Map<string, number>();
    for (const token of doc.tokens) tf.set(token, (tf.get(token) ?? 0) + 1);
    for (const token of tf.keys()) df.set(token, (df.get(token) ?? 0) + 1);
    return { id: doc.id, length: doc.tokens.length, tf };
  });
  const avgLength = docs.reduce((sum, d) => sum + d.length, 0) / Math.max(1, docs.length);
  return { docs, df, avgLength };
}

/** Okapi BM25 (k1 1.2, b 0.75) with the non-negative idf variant. */
export function bm25Scores(
  index: Bm25Index,
  queryTokens: string[],
  k1 = 1.2,
  b = 0.75,
): { id: string; score: number }[] {
  const n = index.docs.length;
  return index.docs
    .map((doc) => {
      let score = 0;
      for (const token of queryTokens) {
        const tf = doc.tf.get(token) ?? 0;
        if (tf === 0) continue;
        const df = index.df.get(token) ?? 0;
        const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
        score += (idf * tf * (k1 + 1)) / (tf + k1 * (1 - b + (b * doc.length) / index.avgLength));
      }
      return { id: doc.id, score };
    })
    .sort((x, y) => y.score - x.score);
}

/** Title and tags count three times: they say what an entry is about. */
function entryTokens(entry: KnowledgeEntry): string[] {
  const heading = tokenize(`${entry.title} ${entry.tags.join(' ')} ${entry.topic}`);
  return [...heading, ...heading, ...heading, ...tokenize(entry.text)];
}

const index = buildIndex(knowledgeBase.map((entry) => ({ id: entry.id, tokens: entryTokens(entry) })));
const byId = new Map(knowledgeBase.map((entry) => [entry.id, entry]));

export interface RetrievedEntry {
  entry: KnowledgeEntry;
  score: number;
}

export function searchKnowledge(query: string, limit = 3): RetrievedEntry[] {
  const tokens = expandQuery(query);
  if (tokens.length === 0) return [];
  const ranked = bm25Scores(index, tokens).filter((r) => r.score > 0);
  const best = ranked[0]?.score ?? 0;
  // Entries far below the best one are noise, not a second opinion.
  return ranked
    .filter((r) => r.score >= best * 0.45)
    .slice(0, limit)
    .map((r) => ({ entry: byId.get(r.id)!, score: r.score }));
}
