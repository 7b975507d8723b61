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

/**
 * Words of the question's form rather than its subject (how, which, use, put, tips...): they neither
 * select an entry nor count against the coverage of one.
 */
const QUESTION_WORDS = new Set(
  (
    'qual quais quanto quanta quantos quantas onde quando porque usar uso deixar ficar colocar ter tenho ' +
    'dar dica dicas melhor ideal bom boa comecar devo preciso quero algum alguma sobre num numa nas nos ' +
    'comprar compro online should use using get put give tips tip few best good way ways much many when where why ' +
    'some about do does make making buy ' +
    'cual cuales cuanto cuanta donde cuando usar poner dar consejos mejor buen buena quiero necesito debo algun sobre'
  ).split(/\s+/),
);

/** Query words (folded) that mean the same thing as a knowledge-base word. */
const SYNONYMS: Record<string, string[]> = {
  mixing: ['mixagem'],
  mezcla: ['mixagem'],
  technique: ['tecnica'],
  techniques: ['tecnica'],
  setting: ['montar', 'configurar'],
  setup: ['montar', 'configurar'],
  progresiones: ['progressao'],
  creative: ['criativo'],
  creatively: ['criativo'],
  creativo: ['criativo'],
  larga: ['largura'],
  largo: ['largura'],
  amplia: ['largura'],
  amplio: ['largura'],
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
  // A general en/es → pt music vocabulary (the entries are written in Portuguese).
  record: ['gravacao', 'gravar'],
  recording: ['gravacao', 'gravar'],
  grabar: ['gravacao', 'gravar'],
  grabacion: ['gravacao', 'gravar'],
  voz: ['voz', 'vocal'],
  home: ['casa', 'home'],
  casa: ['casa', 'home'],
  reference: ['referencia'],
  references: ['referencia'],
  referencia: ['referencia'],
  track: ['faixa'],
  tracks: ['faixa'],
  pista: ['faixa'],
  pistas: ['faixa'],
  layer: ['camada'],
  layers: ['camada'],
  layering: ['camada'],
  capas: ['camada'],
  sound: ['som', 'timbre'],
  sounds: ['som', 'timbre'],
  sonido: ['som', 'timbre'],
  sonidos: ['som', 'timbre'],
  drum: ['bateria'],
  drums: ['bateria'],
  bateria: ['bateria'],
  pattern: ['padrao'],
  patterns: ['padrao'],
  patron: ['padrao'],
  snare: ['caixa'],
  caja: ['caixa'],
  loud: ['loudness', 'volume'],
  streaming: ['streaming', 'plataforma'],
  tuning: ['afinacao', 'afinar'],
  tune: ['afinacao', 'afinar'],
  afinar: ['afinacao', 'afinar'],
  sample: ['sample', 'sampling'],
  samples: ['sample', 'sampling'],
  chopping: ['chopping'],
  chop: ['chopping'],
  synthesis: ['sintese'],
  sintesis: ['sintese'],
  sintetizador: ['sintetizador', 'sintese'],
  subtractive: ['subtrativa'],
  sustractiva: ['subtrativa'],
  distortion: ['distorcao'],
  distorsion: ['distorcao'],
  automation: ['automacao'],
  automatizacion: ['automacao'],
  release: ['lancamento', 'lancar'],
  lanzar: ['lancamento', 'lancar'],
  lanzamiento: ['lancamento', 'lancar'],
  sell: ['vender', 'venda'],
  selling: ['vender', 'venda'],
  vender: ['vender', 'venda'],
  swing: ['swing', 'groove'],
  width: ['largura', 'estereo'],
  wide: ['largura', 'estereo'],
  wider: ['largura', 'estereo'],
  stereo: ['estereo'],
  panning: ['panoramica'],
  latency: ['latencia'],
  latencia: ['latencia'],
  buffer: ['buffer', 'latencia'],
  acoustics: ['acustica', 'tratamento'],
  monitors: ['monitor'],
  monitores: ['monitor'],
  speakers: ['monitor'],
  altavoces: ['monitor'],
  room: ['sala', 'quarto'],
  sala: ['sala', 'quarto'],
  habitacion: ['sala', 'quarto'],
  dynamics: ['dinamica'],
  dinamica: ['dinamica'],
  tension: ['tensao'],
  drop: ['drop'],
  energy: ['energia'],
  productive: ['produtividade'],
  productivity: ['produtividade'],
  productivo: ['produtividade'],
  workflow: ['fluxo', 'produtividade'],
  sad: ['triste', 'menor'],
  happy: ['alegre', 'maior'],
  minor: ['menor'],
  major: ['maior'],
  menor: ['menor'],
  mayor: ['maior'],
  seventh: ['setima'],
  ninth: ['nona'],
  song: ['musica'],
  songs: ['musica'],
  cancion: ['musica'],
  verse: ['verso'],
  chorus: ['refrao'],
  estribillo: ['refrao'],
  bpm: ['bpm', 'andamento'],
  groove: ['groove', 'swing'],
  hihat: ['hi-hat', 'chimbal'],
  hats: ['hi-hat', 'chimbal'],
  autotune: ['autotune', 'afinacao'],
  backing: ['backing'],
  doubles: ['dobra'],
  graves: ['grave', 'baixo'],
  low: ['grave'],
  lows: ['grave'],
  end: ['grave'],
  high: ['agudo'],
  ecualizar: ['equalizacao', 'eq'],
  equalizar: ['equalizacao', 'eq'],
  eq: ['equalizacao', 'eq'],
  mezclas: ['mixagem'],
  mix: ['mixagem'],
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
  /**
   * How much of the question the entry covers, 0..1: the idf-weighted share of the question's words
   * (or their synonyms) the entry contains. A word the base never uses weighs as much as its rarest
   * word, so "Quanto custa o plano PRO?" covers little of any entry, however high its BM25 score.
   */
  confidence: number;
}

const maxIdf = Math.log(1 + (index.docs.length + 0.5) / 0.5);
const idfOf = (token: string) => {
  const df = index.df.get(token);
  return df === undefined ? maxIdf : Math.log(1 + (index.docs.length - df + 0.5) / (df + 0.5));
};

/** The question's words, each with the tokens that stand for it (its stem and its synonyms' stems). */
function queryWords(text: string): string[][] {
  const words = foldAccents(text)
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 1 && !STOP_WORDS.has(w) && !QUESTION_WORDS.has(w));
  return [...new Set(words)].map((word) => [
    ...new Set([stem(word), ...(SYNONYMS[word] ?? []).flatMap((synonym) => tokenize(synonym))]),
  ]);
}

/** Words of a language family share their first letters (afinado/afinar, mezcla/mezclar). */
const PREFIX = 5;
const sharesPrefix = (token: string, other: string) =>
  token.length < PREFIX ? token === other : other.startsWith(token.slice(0, PREFIX));

function coverage(words: string[][], tf: Map<string, number>): number {
  let total = 0;
  let covered = 0;
  for (const variants of words) {
    const weight = Math.min(...variants.map(idfOf));
    total += weight;
    if (variants.some((token) => tf.has(token) || [...tf.keys()].some((t) => sharesPrefix(token, t))))
      covered += weight;
  }
  return total === 0 ? 0 : covered / total;
}

/** Every entry that shares a word with the question, best first, with its BM25 score and confidence. */
export function rankKnowledge(query: string): RetrievedEntry[] {
  const tokens = expandQuery(query);
  if (tokens.length === 0) return [];
  const words = queryWords(query);
  const tfById = new Map(index.docs.map((doc) => [doc.id, doc.tf]));
  return bm25Scores(index, tokens)
    .filter((r) => r.score > 0)
    .map((r) => ({ entry: byId.get(r.id)!, score: r.score, confidence: coverage(words, tfById.get(r.id)!) }));
}

export function searchKnowledge(query: string, limit = 3): RetrievedEntry[] {
  const ranked = rankKnowledge(query);
  const best = ranked[0]?.score ?? 0;
  // Entries far below the best one are noise, not a second opinion.
  return ranked.filter((r) => r.score >= best * 0.45).slice(0, limit);
}
