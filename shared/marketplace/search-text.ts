/**
 * The catalogue's text rules (issue 16), shared by the indexer that writes the word index and the search
 * that reads it: words are lower-case and without accents (pt/es/en: "Canção" = "cancao", "Niño" =
 * "nino"), split on anything that is not a letter or digit, and the small words of the three languages
 * are not indexed. A query matches a beat when every query word is a word of its title, creator or tags,
 * the last one as a prefix while the visitor types.
 */

/** Words too common in titles and tags to narrow anything down (pt, es, en). */
const STOP_WORDS = new Set(
  [
    'a o as os e de da do das dos em no na nos nas um uma com por para pra que se ao aos', // pt
    'el la los las y del en un una con al', // es
    'the an and of in on to for with by at or', // en
  ]
    .join(' ')
    .split(' '),
);

/** Longest word kept: longer runs are cut (a word index partition key stays short). */
export const MAX_WORD_LENGTH = 24;
/** Words indexed per beat: a title, a creator name and a few tags fit well within it. */
export const MAX_INDEXED_WORDS = 24;
/** Query words used; more than this narrows nothing a visitor would notice. */
export const MAX_QUERY_WORDS = 5;
/** A prefix shorter than this matches whole words only (two letters would match half the vocabulary). */
export const MIN_PREFIX_LENGTH = 2;

/** Lower-case, accents removed, every run of other characters a single space. */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The distinct words of a text, in order of first appearance, small words dropped. */
export function textWords(text: string): string[] {
  const seen = new Set<string>();
  for (const raw of foldText(text).split(' ')) {
    const word = raw.slice(0, MAX_WORD_LENGTH);
    if (word === '' || STOP_WORDS.has(word) || seen.has(word)) continue;
    seen.add(word);
  }
  return [...seen];
}

export interface SearchableBeat {
  title: string;
  creator: string;
  tags: readonly string[];
}

/**
 * A beat's words by field: the title's first (they rank higher), then the creator's and the tags' that
 * are not already in the title. At most MAX_INDEXED_WORDS in all.
 */
export function beatWords(beat: SearchableBeat): { title: string[]; other: string[] } {
  const title = textWords(beat.title).slice(0, MAX_INDEXED_WORDS);
  const seen = new Set(title);
  const other: string[] = [];
  for (const word of textWords([beat.creator, ...beat.tags].join(' '))) {
    if (seen.has(word) || title.length + other.length >= MAX_INDEXED_WORDS) continue;
    seen.add(word);
    other.push(word);
  }
  return { title, other };
}

/**
 * Every word of the beat (not only the indexed ones) between spaces: ` noite paulista kaio beats `. A
 * query's further words are checked against it (`contains(txt, ' pauli')` = a word starting with pauli).
 */
export function searchableText(beat: SearchableBeat): string {
  return ` ${textWords([beat.title, beat.creator, ...beat.tags].join(' ')).join(' ')} `;
}

export interface ParsedQuery {
  /** Whole words (every word typed before the last one, or all of them after a trailing space). */
  words: string[];
  /** The last word while it is being typed; matched as a prefix. */
  prefix: string | null;
}

/** The words of a query; the last is a prefix unless the query ends with a space or is too short. */
export function parseSearch(query: string): ParsedQuery {
  const folded = foldText(query);
  if (folded === '') return { words: [], prefix: null };
  const parts = folded
    .split(' ')
    .map((word) => word.slice(0, MAX_WORD_LENGTH))
    .filter((word) => word !== '');
  const typing = !/[^\p{L}\p{N}]$/u.test(query.normalize('NFD').replace(/\p{M}+/gu, ''));
  const last = typing ? parts.pop() : undefined;
  const words = [...new Set(parts.filter((word) => !STOP_WORDS.has(word)))];
  let prefix: string | null = null;
  if (last !== undefined) {
    if (last.length >= MIN_PREFIX_LENGTH) prefix = last;
    else if (!STOP_WORDS.has(last) && !words.includes(last)) words.push(last);
  }
  if (prefix !== null && words.includes(prefix)) prefix = null;
  // Keep the query's first words and its prefix: the prefix is what the visitor is typing.
  const room = MAX_QUERY_WORDS - (prefix === null ? 0 : 1);
  return { words: words.slice(0, room), prefix };
}

/**
 * The word index slot of a word: each indexed word of a beat sits in one of WORD_SLOTS index partition
 * attributes chosen by a hash of the word, so a search for a word reads exactly one index.
 */
export function wordSlot(word: string, slots: number): number {
  // FNV-1a, 32 bit: stable across runtimes and releases (the slot of a stored word must never change).
  let hash = 0x811c9dc5;
  for (let i = 0; i < word.length; i += 1) {
    hash ^= word.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % slots;
}
