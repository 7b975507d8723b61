/**
 * Histograms of a catalogue cell (the whole catalogue, a genre, a key, a BPM band), kept by the catalogue
 * indexer and read by the search (issue 16): the exact number of beats of a cell, and how many fall in
 * a BPM, price, duration, rating or downloads bin. The search uses them to count results and to choose
 * how to read a page (which index, which cells) without reading the beats.
 */
import type { Range } from '../schemas/catalogue';

export type HistogramDimension = 'bpm' | 'price' | 'duration' | 'rating' | 'downloads';

/** The fields of a beat the histograms count. */
export interface CountedBeat {
  bpm: number;
  price: number;
  duration_seconds: number;
  rating: number;
  downloads: number;
  created_at: string;
}

const PREFIX: Record<HistogramDimension, string> = {
  bpm: 'hb_',
  price: 'hp_',
  duration: 'hd_',
  rating: 'hr_',
  downloads: 'hl_',
};

/**
 * Bin of a value and the values a bin covers ([low, high)). BPM in 5s (the slider's step), prices in R$ 5
 * up to 100 then 50s, durations in 15 s (the slider's step), ratings in halves, downloads in powers of 2.
 */
export function binOf(dimension: HistogramDimension, value: number): number {
  const v = Number.isFinite(value) ? Math.max(0, value) : 0;
  switch (dimension) {
    case 'bpm':
      return Math.floor(v / 5);
    case 'price':
      return v < 100 ? Math.floor(v / 5) : v < 1000 ? 20 + Math.floor((v - 100) / 50) : 38;
    case 'duration':
      return Math.min(Math.floor(v / 15), 240);
    case 'rating':
      return Math.floor(v * 2);
    case 'downloads':
      return Math.floor(Math.log2(v + 1));
  }
}

export function binBounds(dimension: HistogramDimension, bin: number): [number, number] {
  switch (dimension) {
    case 'bpm':
      return [bin * 5, bin * 5 + 5];
    case 'price':
      if (bin < 20) return [bin * 5, bin * 5 + 5];
      if (bin < 38) return [100 + (bin - 20) * 50, 150 + (bin - 20) * 50];
      return [1000, Number.POSITIVE_INFINITY];
    case 'duration':
      return bin >= 240 ? [3600, Number.POSITIVE_INFINITY] : [bin * 15, bin * 15 + 15];
    case 'rating':
      return [bin / 2, bin / 2 + 0.5];
    case 'downloads':
      return [2 ** bin - 1, 2 ** (bin + 1) - 1];
  }
}

/** The attribute of a dimension's bin on a stats item (`hb_28` = beats at 140–144 BPM). */
export function binAttribute(dimension: HistogramDimension, bin: number): string {
  return `${PREFIX[dimension]}${bin}`;
}

/** The day attribute counting beats published that day (`day_20260314`): 'new this week'. */
export function dayAttribute(createdAt: string): string | undefined {
  const day = createdAt.slice(0, 10).replace(/-/g, '');
  return /^\d{8}$/.test(day) ? `day_${day}` : undefined;
}

/** What one beat adds to its cells' stats items (negated when it leaves them). */
export function statsContribution(beat: CountedBeat): Record<string, number> {
  const out: Record<string, number> = { n: 1, rating_sum: beat.rating };
  out[binAttribute('bpm', binOf('bpm', beat.bpm))] = 1;
  out[binAttribute('price', binOf('price', beat.price))] = 1;
  out[binAttribute('duration', binOf('duration', beat.duration_seconds))] = 1;
  out[binAttribute('rating', binOf('rating', beat.rating))] = 1;
  out[binAttribute('downloads', binOf('downloads', beat.downloads))] = 1;
  const day = dayAttribute(beat.created_at);
  if (day) out[day] = 1;
  return out;
}

/** A stats item as the search reads it. */
export type CellStats = Readonly<Record<string, number>>;

export function cellCount(stats: CellStats | undefined): number {
  return Math.max(0, stats?.n ?? 0);
}

/**
 * The share of a cell's beats inside `range` (0..1), from its histogram: whole bins count fully, a bin
 * cut by the range counts in proportion to the part of it the range covers.
 */
export function rangeShare(
  stats: CellStats | undefined,
  dimension: HistogramDimension,
  range: Range,
): number {
  const total = cellCount(stats);
  if (!stats || total === 0) return 0;
  const min = range.min ?? Number.NEGATIVE_INFINITY;
  const max = range.max ?? Number.POSITIVE_INFINITY;
  let inside = 0;
  for (const [name, count] of Object.entries(stats)) {
    if (!name.startsWith(PREFIX[dimension]) || count <= 0) continue;
    const [low, high] = binBounds(dimension, Number(name.slice(PREFIX[dimension].length)));
    // Values are whole numbers for BPM/duration/downloads: [low, high) holds low..high-1.
    const top = Number.isFinite(high) ? high : Math.max(low + 1, max);
    const overlap =
      Math.min(top, max + (dimension === 'price' || dimension === 'rating' ? 0 : 1)) - Math.max(low, min);
    if (overlap <= 0) continue;
    inside += count * Math.min(1, overlap / (top - low));
  }
  return Math.min(1, inside / total);
}

/** Whether every bin the range touches lies wholly inside it (then rangeShare is exact, not an estimate). */
export function rangeAlignedToBins(dimension: HistogramDimension, range: Range): boolean {
  const aligned = (value: number | undefined, side: 'min' | 'max') => {
    if (value === undefined) return true;
    const bin = binOf(dimension, value);
    const [low, high] = binBounds(dimension, bin);
    if (side === 'min') return value === low;
    // Integer-valued dimensions: max = high - 1 closes the bin; prices and ratings are continuous.
    return dimension === 'price' || dimension === 'rating' ? false : value === high - 1;
  };
  return aligned(range.min, 'min') && aligned(range.max, 'max');
}

/** Beats published in the 7 days before `now` (whole days, UTC). */
export function newThisWeek(stats: CellStats | undefined, now: Date): number {
  if (!stats) return 0;
  let count = 0;
  for (let days = 0; days < 7; days += 1) {
    const day = dayAttribute(new Date(now.getTime() - days * 86_400_000).toISOString());
    if (day) count += Math.max(0, stats[day] ?? 0);
  }
  return count;
}

export function averageRating(stats: CellStats | undefined): number | null {
  const total = cellCount(stats);
  if (!stats || total === 0) return null;
  return Math.round(((stats.rating_sum ?? 0) / total) * 10) / 10;
}
