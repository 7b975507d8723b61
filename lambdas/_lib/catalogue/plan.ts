import {
  CATALOGUE_ORDERS,
  TOKEN_ORDER_ATTRIBUTE,
  catalogueCellAttribute,
  catalogueIndexName,
  type CatalogueOrder,
} from '../../../shared/marketplace/catalogue-index';
import { rangeAlignedToBins, type CellStats } from '../../../shared/marketplace/catalogue-stats';
import { parseSearch, type ParsedQuery } from '../../../shared/marketplace/search-text';
import type { CatalogueQuery, Range } from '../../../shared/schemas/catalogue';
import { MAX_GENRE_WORD_STREAMS, sourceSets, tokenStream } from './candidate-sources';
import { ALL_CELL, genreWordToken } from './entries';
import { estimateSource, genreShare, keptShare, keyRangeShare, rangesShare, wordsCount } from './estimates';
import {
  COLLECT_MAX,
  isTextSource,
  TEXT_SORT_MAX,
  type Choice,
  type Evidence,
  type Plan,
  type Stream,
} from './plan-model';
import {
  COVERS_NOTHING,
  fieldRanges,
  keyRangeFor,
  NO_WORDS,
  residualOf,
  sortOf,
  wordsCovered,
  type Covers,
  type CoveredWords,
  type KeyRange,
} from './query-terms';

/**
 * How a catalogue query is read (issue 16), decided without touching the table: which index partitions
 * ("streams") hold the candidates, in which order they are read, which range the index key itself
 * narrows, and which conditions are left to a FilterExpression. Every stream is one Query on one index
 * partition; several streams are merged in the requested order.
 *
 * Candidate sources: the whole catalogue, genres or keys (cell indexes, every order); creators, genre ×
 * key pairs, BPM bands, words and words within a genre (the token index, popularity order); see
 * lambdas/_lib/catalogue/candidate-sources.ts. For each, the planner considers:
 * - walk: read in the requested order, a page at a time (the normal case);
 * - collect: read every candidate and sort them here — a narrow BPM/price range read from the index
 *   ordered by that field, a small token set asked in another order than popularity, or a text search
 *   sorted otherwise (its most popular matches);
 * and picks the plan with the fewest expected reads among those whose FilterExpression keeps at least a
 * third of what it reads (histograms of the cells and the vocabulary's word counts are the evidence,
 * lambdas/_lib/catalogue/estimates.ts).
 */

/**
 * A FilterExpression expected to keep less than this share of what it reads is avoided when another plan
 * can. Every Query is held to reading at most 3× what it returns; the estimates assume independent
 * dimensions and a page's reads vary, so the planner keeps a margin over 1/3.
 */
export const MIN_RESIDUAL_SHARE = 1 / 2;

interface Candidate {
  choice: Choice;
  reads: number;
  kept: number;
}

/** Expected reads: enough to keep `needed` (at most all `available`), plus one Query per stream. */
const expectedReads = (available: number, needed: number, kept: number, streams: number) =>
  Math.min(available, needed / Math.max(kept, 1e-6)) + streams;

/** The word streams a text query can read: its rarest whole word, or the completions of its prefix. */
function wordOptions(parsed: ParsedQuery, evidence: Evidence) {
  const options = parsed.words.map((word) => ({ words: [word], completes: false }));
  if (parsed.prefix !== null) options.push({ words: [...evidence.completions], completes: true });
  return options.map((option) => ({ ...option, count: wordsCount(option.words, evidence) }));
}

/** The cheapest way to read the query's first page (see the module comment). */
export function choosePlan(query: CatalogueQuery, evidence: Evidence): Choice {
  const parsed = parseSearch(query.text);
  const sort = sortOf(query.sort);
  const wanted = query.limit + 1;
  const candidates: Candidate[] = [];
  /** Share of a source's beats its residual conditions keep. */
  const kept = (covers: Covers, keyField: KeyRange['field'], covered: CoveredWords, stats: CellStats) =>
    keptShare(residualOf(query, covers, keyField, parsed, covered), stats, evidence).value;

  for (const set of sourceSets(query)) {
    const estimate = estimateSource(set, query, evidence);
    const ordered = set.family !== 'token' || sort.order === 'pop';
    if (ordered) {
      const keyRange = keyRangeFor(query, sort.order);
      const inRange = keyRangeShare(estimate.stats, keyRange);
      const share = kept(set.covers, keyRange.field, NO_WORDS, estimate.stats);
      candidates.push({
        choice: { source: set.source, mode: 'walk' },
        reads: expectedReads(estimate.size * inRange, wanted, share, set.partitions.length),
        kept: share,
      });
    } else if (estimate.size <= COLLECT_MAX) {
      candidates.push({
        choice: { source: set.source, mode: 'collect' },
        reads: estimate.size + set.partitions.length,
        kept: kept(set.covers, undefined, NO_WORDS, estimate.stats),
      });
    }
    if (set.family === 'token') continue;
    for (const field of ['bpm', 'price'] as const) {
      const ranges = fieldRanges(query, field);
      if (ranges.length === 0 || (sort.order === field && ranges.length === 1)) continue;
      const collected = rangesShare(estimate.stats, field, ranges) * estimate.size;
      if (collected > COLLECT_MAX) continue;
      candidates.push({
        choice: { source: set.source, mode: 'collect', rangeField: field },
        reads: collected + set.partitions.length,
        kept: kept(set.covers, field, NO_WORDS, estimate.stats),
      });
    }
  }

  const options = wordOptions(parsed, evidence).sort((a, b) => a.count - b.count);
  const best = options[0];
  if (best) {
    const covered = wordsCovered(best.words, best.completes);
    const all = evidence.stats.get(ALL_CELL) ?? {};
    const collect = sort.order !== 'pop';
    const mode = collect ? 'collect' : 'walk';
    const needed = collect ? TEXT_SORT_MAX : wanted;
    const text = { words: best.words, completes: best.completes };
    const share = kept(COVERS_NOTHING, undefined, covered, all);
    candidates.push({
      choice: { source: 'words', mode, ...text },
      reads: expectedReads(best.count, needed, share, best.words.length),
      kept: share,
    });
    // Under genre chips: the word's tokens within each genre, so the genre is no filter.
    const streams = query.genres.length * best.words.length;
    if (query.genres.length > 0 && streams <= MAX_GENRE_WORD_STREAMS) {
      const inGenres = best.count * genreShare(query, evidence);
      const keptInGenres = kept({ ...COVERS_NOTHING, genres: true }, undefined, covered, all);
      candidates.push({
        choice: { source: 'genreWords', mode, ...text },
        reads: expectedReads(inGenres, needed, keptInGenres, streams),
        kept: keptInGenres,
      });
    }
  }

  const penalty = (candidate: Candidate) => (candidate.kept < MIN_RESIDUAL_SHARE ? 1 : 0);
  candidates.sort((a, b) => penalty(a) - penalty(b) || a.reads - b.reads);
  return candidates[0]?.choice ?? { source: 'all', mode: 'walk' };
}

/** The plan of a choice: deterministic, so a cursor's choice rebuilds the same streams (or none). */
export function buildPlan(query: CatalogueQuery, choice: Choice, evidence?: Evidence): Plan | undefined {
  return isTextSource(choice.source)
    ? buildTextPlan(query, choice, evidence)
    : buildSourcePlan(query, choice, evidence);
}

/** A plan reading word tokens (whole or within the asked genres). */
function buildTextPlan(query: CatalogueQuery, choice: Choice, evidence?: Evidence): Plan | undefined {
  const parsed = parseSearch(query.text);
  const sort = sortOf(query.sort);
  const words = choice.words ?? [];
  // A cursor's words must be what this query's words lead to: a whole word, or its prefix's completions.
  if (words.length > 8) return undefined;
  if (choice.completes) {
    if (parsed.prefix === null || words.some((word) => !word.startsWith(parsed.prefix!))) return undefined;
  } else if (words.length !== 1 || !parsed.words.includes(words[0]!)) return undefined;
  if ((choice.mode === 'walk') !== (sort.order === 'pop')) return undefined;
  const inGenres = choice.source === 'genreWords';
  if (inGenres && (query.genres.length === 0 || query.genres.length * words.length > MAX_GENRE_WORD_STREAMS))
    return undefined;
  const covered = wordsCovered(words, choice.completes);
  const residual = residualOf(query, { ...COVERS_NOTHING, genres: inGenres }, undefined, parsed, covered);
  const count = evidence ? wordsCount(words, evidence) : 0;
  const share = inGenres && evidence ? genreShare(query, evidence) : 1;
  const kept = evidence ? keptShare(residual, evidence.stats.get(ALL_CELL) ?? {}, evidence).value : 1;
  const tokens = inGenres
    ? query.genres.flatMap((genre) => words.map((word) => genreWordToken(genre, word)))
    : words;
  return {
    choice,
    mode: choice.mode,
    streams: tokens.map(tokenStream),
    readAttribute: TOKEN_ORDER_ATTRIBUTE,
    readDescending: true,
    sortAttribute: sort.attribute,
    sortDescending: sort.descending,
    residual,
    total: Math.round(count * share * kept),
    totalExact: false,
  };
}

/** A plan reading one of the candidate sources (cells, or tokens that are not words). */
function buildSourcePlan(query: CatalogueQuery, choice: Choice, evidence?: Evidence): Plan | undefined {
  const parsed = parseSearch(query.text);
  const sort = sortOf(query.sort);
  const set = sourceSets(query).find((candidate) => candidate.source === choice.source);
  if (!set) return undefined;
  let readOrder: CatalogueOrder = sort.order;
  let readDescending = sort.descending;
  let keyRange: KeyRange = {};
  let ranges: Range[] | undefined;
  if (choice.mode === 'collect' && choice.rangeField) {
    ranges = fieldRanges(query, choice.rangeField);
    if (set.family === 'token' || ranges.length === 0) return undefined;
    readOrder = choice.rangeField;
    readDescending = false;
    keyRange = { field: choice.rangeField, range: ranges[0] };
  } else if (choice.mode === 'collect') {
    if (set.family !== 'token') return undefined;
    readOrder = 'pop';
    readDescending = true;
  } else {
    if (set.family === 'token' && sort.order !== 'pop') return undefined;
    keyRange = keyRangeFor(query, sort.order);
  }
  const family = set.family;
  const streams: Stream[] =
    family === 'token'
      ? set.partitions.map(tokenStream)
      : set.partitions.flatMap((partition) =>
          (ranges ?? [keyRange.range]).map((range) => ({
            index: catalogueIndexName(family, readOrder),
            partitionAttribute: catalogueCellAttribute(family),
            partition,
            sortAttribute: CATALOGUE_ORDERS[readOrder].attribute,
            ...(range ? { range } : {}),
          })),
        );
  const residual = residualOf(query, set.covers, keyRange.field, parsed, NO_WORDS);
  const plan: Plan = {
    choice,
    mode: choice.mode,
    streams,
    readAttribute: CATALOGUE_ORDERS[readOrder].attribute,
    readDescending,
    sortAttribute: sort.attribute,
    sortDescending: sort.descending,
    residual,
    total: 0,
    totalExact: false,
  };
  if (evidence) {
    const estimate = estimateSource(set, query, evidence);
    const kept = keptShare(residual, estimate.stats, evidence);
    plan.total = Math.round(estimate.size * keyRangeShare(estimate.stats, keyRange) * kept.value);
    const aligned = !keyRange.field || !keyRange.range || rangeAlignedToBins(keyRange.field, keyRange.range);
    const restrictions = residual.length + (keyRange.range ? 1 : 0);
    // Exact: counted cells, and at most one range, following the histogram's bins.
    plan.totalExact =
      estimate.exact &&
      aligned &&
      kept.exact &&
      restrictions <= 1 &&
      residual.every((c) => c.kind === 'range');
  }
  return plan;
}
