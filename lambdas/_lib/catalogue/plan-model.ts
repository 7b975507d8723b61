import type { CellStats } from '../../../shared/marketplace/catalogue-stats';
import type { Range } from '../../../shared/schemas/catalogue';
import type { Condition } from './conditions';
import type { Cell } from './entries';

/**
 * What a catalogue plan is made of (issue 16): the streams it reads, the choice that rebuilds it from a
 * cursor, and the evidence (stats, word counts) the planner weighs. lambdas/_lib/catalogue/plan.ts makes
 * plans; lambdas/_lib/catalogue/search.ts reads them.
 */

export type Mode = 'walk' | 'collect';

/** One Query on one index partition. */
export interface Stream {
  index: string;
  partitionAttribute: string;
  partition: string;
  sortAttribute: string;
  /** Narrowed by the key condition (`BETWEEN`, `>=`, `<=`). */
  range?: Range;
}

export const SOURCES = [
  'all',
  'genre',
  'key',
  'creator',
  'genreKey',
  'band',
  'priceBand',
  'durationBand',
  'words',
  'genreWords',
] as const;
export type Source = (typeof SOURCES)[number];

/** Sources read from word tokens (a word, or a word within each asked genre). */
export const isTextSource = (source: Source) => source === 'words' || source === 'genreWords';

/**
 * What the planner chose, carried in the cursor so every page of a query is read the same way even if
 * the stats move between two requests.
 */
export interface Choice {
  source: Source;
  mode: Mode;
  /** collect: the field whose range the index narrows (none: the source is read whole). */
  rangeField?: 'bpm' | 'price';
  /** words: the vocabulary words whose token streams are read. */
  words?: string[];
  /** words: true when they are the completions of the word being typed (else one whole query word). */
  completes?: boolean;
}

export interface Plan {
  choice: Choice;
  mode: Mode;
  streams: Stream[];
  /** The order the streams are read in. */
  readAttribute: string;
  readDescending: boolean;
  /** The order of the answer. */
  sortAttribute: string;
  sortDescending: boolean;
  residual: Condition[];
  /** Estimated matches (exact when `totalExact`). */
  total: number;
  totalExact: boolean;
}

export interface Evidence {
  /** Stats of the cells with stats (the whole catalogue, genres, keys, BPM bands). */
  stats: ReadonlyMap<Cell, CellStats>;
  /** Estimated beats per vocabulary word (whole words of the query and completions of its prefix). */
  wordCounts: ReadonlyMap<string, number>;
  /** Completions of the prefix being typed, most used first. */
  completions: readonly string[];
}

/** Reading every candidate and sorting here is worth it up to this many. */
export const COLLECT_MAX = 400;
/** A text search in another order than popularity sorts at most this many of its most popular matches. */
export const TEXT_SORT_MAX = 300;
/** Reads of a collect plan before it gives up sorting everything (estimates can be wrong). */
export const COLLECT_HARD_MAX = COLLECT_MAX * 2;
