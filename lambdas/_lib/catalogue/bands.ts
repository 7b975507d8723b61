import type { Range } from '../../../shared/schemas/catalogue';
import {
  BPM_BAND,
  bpmBand,
  DURATION_BAND,
  DURATION_BANDS_UP_TO,
  PRICE_BAND,
  PRICE_BANDS_UP_TO,
  priceBand,
} from './entries';
import { hasRange } from './query-terms';

/**
 * Which bands of the token index hold the beats of a range (issue 16): the entries file each beat under
 * its BPM, price and duration band (lambdas/_lib/catalogue/entries.ts); a range is read from the bands it
 * overlaps, using the same band rules.
 */

/** The filter's highest tempo (the query schema's bound). */
const TOP_BPM = 300;

/** Band starts from `low` to `high`, one band apart. */
function bandsBetween(low: number, high: number, band: number): number[] {
  const out: number[] = [];
  for (let start = low; start <= high; start += band) out.push(start);
  return out;
}

/** The BPM bands a range overlaps. */
export function bpmBandsCovering(range: Range): number[] {
  const low = Math.max(0, bpmBand(range.min ?? 0));
  const high = Math.min(TOP_BPM, bpmBand(range.max ?? TOP_BPM));
  return bandsBetween(low, high, BPM_BAND);
}

/** The price bands a range overlaps (the last band holds every price from R$ 100). */
export function priceBandsCovering(range: Range): number[] {
  const low = priceBand(range.min ?? 0);
  const high = range.max === undefined ? PRICE_BANDS_UP_TO : priceBand(range.max);
  return bandsBetween(low, high, PRICE_BAND);
}

/**
 * The duration bands holding exactly the beats of a range on the slider's steps: the bands from its
 * minimum up to its maximum's band, then the edge (beats of exactly the maximum). Other ranges: none.
 */
export function durationBandsCovering(range: Range): { bands: number[]; edge?: number } | undefined {
  if (!hasRange(range)) return undefined;
  const low = range.min ?? 0;
  const high = range.max;
  if (low % DURATION_BAND !== 0 || (high !== undefined && high % DURATION_BAND !== 0)) return undefined;
  if (high !== undefined && high < low) return undefined;
  const first = Math.min(low, DURATION_BANDS_UP_TO);
  if (high === undefined || high >= DURATION_BANDS_UP_TO)
    return { bands: bandsBetween(first, DURATION_BANDS_UP_TO, DURATION_BAND) };
  return { bands: bandsBetween(first, high - DURATION_BAND, DURATION_BAND), edge: high };
}
