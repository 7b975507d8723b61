import {
  TOKEN_ORDER_ATTRIBUTE,
  TOKEN_SLOTS,
  tokenAttribute,
  tokenIndexName,
  type CatalogueFamily,
} from '../../../shared/marketplace/catalogue-index';
import { wordSlot } from '../../../shared/marketplace/search-text';
import type { CatalogueQuery } from '../../../shared/schemas/catalogue';
import { bpmBandsCovering, durationBandsCovering, priceBandsCovering } from './bands';
import {
  ALL_CELL,
  bpmBandCell,
  bpmBandToken,
  creatorToken,
  durationBandToken,
  durationEdgeToken,
  genreCell,
  genreKeyToken,
  keyCell,
  priceBandToken,
  type Cell,
} from './entries';
import type { Source, Stream } from './plan-model';
import { COVERS_NOTHING, hasRange, queryKeys, type Covers } from './query-terms';

/**
 * The index partitions that can hold a query's candidates (issue 16): the whole catalogue, genres or keys
 * (cell indexes, every order); creators, genre × key pairs, BPM, price and duration bands (the token
 * index, popularity order). Words are the planner's other sources (lambdas/_lib/catalogue/plan.ts).
 */

/** Duration bands merged at most (three minutes of the slider). */
const MAX_DURATION_STREAMS = 13;
/** Genre × key pairs merged at most. */
const MAX_GENRE_KEY_PAIRS = 8;
/** Genre × word streams merged at most (two genres × four completions of a prefix). */
export const MAX_GENRE_WORD_STREAMS = 8;

export interface SourceSet {
  source: Exclude<Source, 'words' | 'genreWords'>;
  /** A cell family (every order), or the token index (popularity only). */
  family: CatalogueFamily | 'token';
  partitions: string[];
  covers: Covers;
  /** The cells whose stats describe the source (estimates). */
  statsCells: Cell[];
}

/** The duration tokens holding exactly the beats of a range; none when merging them costs too much. */
function durationTokens(query: CatalogueQuery): string[] | undefined {
  const covering = durationBandsCovering(query.duration);
  if (!covering) return undefined;
  const tokens = covering.bands.map(durationBandToken);
  if (covering.edge !== undefined) tokens.push(durationEdgeToken(covering.edge));
  // A wide range keeps most of the catalogue: a filtered walk reads less than merging many bands.
  return tokens.length <= MAX_DURATION_STREAMS ? tokens : undefined;
}

/** The sources that hold every match of the query's equality filters (and of a BPM range). */
export function sourceSets(query: CatalogueQuery): SourceSet[] {
  const keys = queryKeys(query);
  const sets: SourceSet[] = [];
  if (query.creators.length > 0) {
    sets.push({
      source: 'creator',
      family: 'token',
      partitions: query.creators.map(creatorToken),
      covers: { ...COVERS_NOTHING, creators: true },
      statsCells: [ALL_CELL],
    });
  }
  if (
    query.genres.length > 0 &&
    keys.length > 0 &&
    query.genres.length * keys.length <= MAX_GENRE_KEY_PAIRS
  ) {
    sets.push({
      source: 'genreKey',
      family: 'token',
      partitions: query.genres.flatMap((genre) => keys.map((key) => genreKeyToken(genre, key))),
      covers: { ...COVERS_NOTHING, genres: true, keys: true },
      statsCells: query.genres.map(genreCell),
    });
  }
  if (keys.length > 0) {
    sets.push({
      source: 'key',
      family: 'a',
      partitions: keys.map(keyCell),
      covers: { ...COVERS_NOTHING, keys: true },
      statsCells: keys.map(keyCell),
    });
  }
  if (query.genres.length > 0) {
    sets.push({
      source: 'genre',
      family: 'b',
      partitions: query.genres.map(genreCell),
      covers: { ...COVERS_NOTHING, genres: true },
      statsCells: query.genres.map(genreCell),
    });
  }
  if (hasRange(query.bpm) && !query.halfDouble) {
    const bands = bpmBandsCovering(query.bpm);
    sets.push({
      source: 'band',
      family: 'token',
      partitions: bands.map(bpmBandToken),
      covers: COVERS_NOTHING,
      statsCells: bands.map(bpmBandCell),
    });
  }
  if (hasRange(query.price)) {
    sets.push({
      source: 'priceBand',
      family: 'token',
      partitions: priceBandsCovering(query.price).map(priceBandToken),
      covers: COVERS_NOTHING,
      statsCells: [ALL_CELL],
    });
  }
  const durations = durationTokens(query);
  if (durations) {
    sets.push({
      source: 'durationBand',
      family: 'token',
      partitions: durations,
      covers: COVERS_NOTHING,
      statsCells: [ALL_CELL],
    });
  }
  if (query.creators.length === 0 && query.genres.length === 0 && keys.length === 0)
    sets.push({
      source: 'all',
      family: 'a',
      partitions: [ALL_CELL],
      covers: COVERS_NOTHING,
      statsCells: [ALL_CELL],
    });
  return sets;
}

/** The stream of one token of the token index (in its slot's index, popularity order). */
export function tokenStream(token: string): Stream {
  const slot = wordSlot(token, TOKEN_SLOTS);
  return {
    index: tokenIndexName(slot),
    partitionAttribute: tokenAttribute(slot),
    partition: token,
    sortAttribute: TOKEN_ORDER_ATTRIBUTE,
  };
}

/** The cells whose stats a query's plans may use. */
export function statsCellsFor(query: CatalogueQuery): Cell[] {
  const cells = new Set<Cell>([ALL_CELL]);
  for (const set of sourceSets(query)) for (const cell of set.statsCells) cells.add(cell);
  for (const key of queryKeys(query)) cells.add(keyCell(key));
  for (const genre of query.genres) cells.add(genreCell(genre));
  return [...cells];
}
