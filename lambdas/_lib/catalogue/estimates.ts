import {
  binBounds,
  cellCount,
  rangeAlignedToBins,
  rangeShare,
  type CellStats,
  type HistogramDimension,
} from '../../../shared/marketplace/catalogue-stats';
import type { CatalogueQuery, Range } from '../../../shared/schemas/catalogue';
import { priceBandsCovering } from './bands';
import type { SourceSet } from './candidate-sources';
import type { Condition } from './conditions';
import { ALL_CELL, genreCell, keyCell, PRICE_BAND, PRICE_BANDS_UP_TO, type Cell } from './entries';
import type { Evidence } from './plan-model';
import { queryKeys, type KeyRange } from './query-terms';

/**
 * How many beats a source holds and what share of them a plan keeps (issue 16), from the evidence the
 * planner has without touching the table: the cells' histograms and the vocabulary's word counts. The
 * dimensions are assumed independent.
 */

/** A creator's catalogue size when nothing better is known (creators have no stats). */
const CREATOR_GUESS = 150;

/** Beats in the whole catalogue (at least 1: it divides). */
const catalogueSize = (evidence: Evidence) => Math.max(1, cellCount(evidence.stats.get(ALL_CELL)));

/** Beats in the union of disjoint cells (several genres, or several keys). */
const beatsIn = (cells: readonly Cell[], evidence: Evidence) =>
  cells.reduce((sum, cell) => sum + cellCount(evidence.stats.get(cell)), 0);

/** Estimated beats holding any of the words (their vocabulary counts, summed). */
export const wordsCount = (words: readonly string[], evidence: Evidence) =>
  words.reduce((sum, word) => sum + (evidence.wordCounts.get(word) ?? 0), 0);

/** Share of a source's beats inside the range its index key narrows (all of them when none). */
export const keyRangeShare = (stats: CellStats, keyRange: KeyRange) =>
  keyRange.field && keyRange.range ? rangeShare(stats, keyRange.field, keyRange.range) : 1;

/** Share of a source's beats inside any of the ranges (disjoint or not: at most all of them). */
export const rangesShare = (stats: CellStats, dimension: HistogramDimension, ranges: readonly Range[]) =>
  Math.min(
    1,
    ranges.reduce((sum, range) => sum + rangeShare(stats, dimension, range), 0),
  );

/** A histogram restricted to the beats whose price (or duration) is in [low, high): its count becomes theirs. */
function onlyBins(stats: CellStats, dimension: 'price' | 'duration', low: number, high: number): CellStats {
  const prefix = dimension === 'price' ? 'hp_' : 'hd_';
  const out: Record<string, number> = {};
  let inside = 0;
  for (const [name, value] of Object.entries(stats)) {
    if (!name.startsWith(prefix)) {
      out[name] = value;
      continue;
    }
    const [from] = binBounds(dimension, Number(name.slice(3)));
    if (from >= low && from < high) {
      out[name] = value;
      inside += value;
    }
  }
  const share = inside / Math.max(1, cellCount(stats));
  // Other dimensions keep their shape, scaled to the beats inside (independence).
  for (const [name, value] of Object.entries(out))
    if (!name.startsWith(prefix) && name !== 'n') out[name] = value * share;
  out.n = inside;
  return out;
}

/** The sum of several cells' stats (a histogram of their union). */
export function mergeStats(stats: readonly CellStats[]): CellStats {
  const out: Record<string, number> = {};
  for (const s of stats) for (const [name, value] of Object.entries(s)) out[name] = (out[name] ?? 0) + value;
  return out;
}

export interface Estimate {
  /** Histogram describing the source's beats (its own stats, or a stand-in scaled to `size`). */
  stats: CellStats;
  size: number;
  exact: boolean;
}

export function estimateSource(set: SourceSet, query: CatalogueQuery, evidence: Evidence): Estimate {
  const merged = mergeStats(set.statsCells.map((cell) => evidence.stats.get(cell) ?? {}));
  const total = cellCount(evidence.stats.get(ALL_CELL));
  switch (set.source) {
    case 'creator':
      return { stats: merged, size: Math.min(total, CREATOR_GUESS * set.partitions.length), exact: false };
    case 'priceBand': {
      // The catalogue's histogram cut to the bands read (its price bins are the bands).
      const bands = priceBandsCovering(query.price);
      const low = Math.min(...bands);
      const high = Math.max(...bands);
      const stats = onlyBins(
        merged,
        'price',
        low,
        high >= PRICE_BANDS_UP_TO ? Number.POSITIVE_INFINITY : high + PRICE_BAND,
      );
      return { stats, size: cellCount(stats), exact: false };
    }
    case 'durationBand': {
      // The catalogue's histogram cut to the range (its duration bins are the bands).
      const low = query.duration.min ?? 0;
      const high = query.duration.max === undefined ? Number.POSITIVE_INFINITY : query.duration.max + 1;
      const stats = onlyBins(merged, 'duration', low, high);
      return { stats, size: cellCount(stats), exact: false };
    }
    case 'genreKey': {
      // Independence of genre and key.
      const keyShare = beatsIn(queryKeys(query).map(keyCell), evidence) / Math.max(1, total);
      return { stats: merged, size: cellCount(merged) * keyShare, exact: false };
    }
    default:
      return { stats: merged, size: cellCount(merged), exact: true };
  }
}

const DIMENSION: Record<Extract<Condition, { kind: 'range' }>['attribute'], HistogramDimension> = {
  bpm: 'bpm',
  s_price: 'price',
  duration_seconds: 'duration',
  rating: 'rating',
  downloads: 'downloads',
};

/** Share of a source's beats the conditions keep (independence assumed); exact for one aligned range. */
export function keptShare(
  conditions: readonly Condition[],
  stats: CellStats,
  evidence: Evidence,
): { value: number; exact: boolean } {
  const total = catalogueSize(evidence);
  let value = 1;
  let exact = conditions.length <= 1;
  for (const condition of conditions) {
    switch (condition.kind) {
      case 'in': {
        exact = false;
        if (condition.attribute === 'creator_id')
          value *= Math.min(1, (CREATOR_GUESS * condition.values.length) / total);
        else {
          const cell = condition.attribute === 'genre' ? genreCell : keyCell;
          value *= Math.min(1, beatsIn(condition.values.map(cell), evidence) / total);
        }
        break;
      }
      case 'range':
        value *= rangeShare(stats, DIMENSION[condition.attribute], condition.range);
        exact &&= rangeAlignedToBins(DIMENSION[condition.attribute], condition.range);
        break;
      case 'bpmAny':
        exact = false;
        value *= rangesShare(stats, 'bpm', condition.ranges);
        break;
      case 'words': {
        exact = false;
        const counts = condition.words.map((word) => evidence.wordCounts.get(word) ?? 0);
        if (condition.prefix !== null) counts.push(wordsCount(evidence.completions, evidence));
        value *= Math.min(1, Math.min(...counts) / total);
        break;
      }
    }
  }
  return { value, exact };
}

/** Share of the catalogue in the query's genres. */
export function genreShare(query: CatalogueQuery, evidence: Evidence): number {
  return Math.min(1, beatsIn(query.genres.map(genreCell), evidence) / catalogueSize(evidence));
}
