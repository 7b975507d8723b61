/**
 * Medians for the separator's median filters. Time: each bin keeps its last K values sorted and swaps the
 * value leaving for the one entering (`replaceSorted`; magnitudes change little from frame to frame, so
 * the swap moves few entries). Frequency: a sliding sorted window, with the same swap. Elsewhere: quickselect.
 */

/** Median of `count` values of `src` starting at `from`, using `scratch` (quickselect). */
export function median(src: Float32Array, from: number, count: number, scratch: Float32Array): number {
  for (let i = 0; i < count; i++) scratch[i] = src[from + i]!;
  const k = count >> 1;
  let lo = 0;
  let hi = count - 1;
  while (lo < hi) {
    const pivot = scratch[(lo + hi) >> 1]!;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (scratch[i]! < pivot) i++;
      while (scratch[j]! > pivot) j--;
      if (i <= j) {
        const t = scratch[i]!;
        scratch[i] = scratch[j]!;
        scratch[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else break;
  }
  return scratch[k]!;
}

/** Index of the first element of sorted[0..size) not below `value`. */
function lowerBound(sorted: Float32Array, size: number, value: number): number {
  let lo = 0;
  let hi = size;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Inserts `value` into the sorted run sorted[0..size); returns the new size. */
function insertSorted(sorted: Float32Array, size: number, value: number): number {
  const at = lowerBound(sorted, size, value);
  for (let j = size; j > at; j--) sorted[j] = sorted[j - 1]!;
  sorted[at] = value;
  return size + 1;
}

/**
 * out[k] = median of src over [k − half, k + half] ∩ [0, count) for k < `upTo` (the upper median for
 * even sizes, as `median` picks), by keeping the window sorted while it slides: one swap per bin (a
 * removal or an insertion alone at the edges).
 */
export function slidingMedian(
  src: Float32Array,
  count: number,
  half: number,
  sorted: Float32Array,
  out: Float32Array,
  upTo = count,
): void {
  // Without closures or copyWithin: this runs for every bin of every frame, and the window is short
  // (tens of values).
  let size = 0;
  for (let i = 0; i <= half && i < count; i++) size = insertSorted(sorted, size, src[i]!);
  for (let k = 0; k < upTo; k++) {
    out[k] = sorted[size >> 1]!;
    const leaving = k - half;
    const entering = k + half + 1;
    if (leaving >= 0 && entering < count) {
      // Inside the spectrum one value leaves as one enters: a swap moves only the entries between them.
      replaceSorted(sorted, 0, size, src[leaving]!, src[entering]!);
      continue;
    }
    if (leaving >= 0) {
      const at = lowerBound(sorted, size, src[leaving]!);
      for (let j = at; j < size - 1; j++) sorted[j] = sorted[j + 1]!;
      size--;
    }
    if (entering < count) size = insertSorted(sorted, size, src[entering]!);
  }
}

/**
 * `slidingMedian`'s output at the ascending bins `bins` only: out[k] = median of src over
 * [k − half, k + half] ∩ [0, count). From one bin to the next within `half`, inside the spectrum, the
 * sorted window slides by swaps; otherwise it is sorted anew.
 */
export function mediansAt(
  src: Float32Array,
  count: number,
  half: number,
  bins: ArrayLike<number>,
  sorted: Float32Array,
  out: Float32Array,
): void {
  let size = 0;
  let previous = -1;
  for (let i = 0; i < bins.length; i++) {
    const k = bins[i]!;
    const from = k - half;
    const to = k + half + 1;
    // Both windows whole (inside the spectrum), and near enough that swapping beats sorting anew.
    if (previous - half >= 0 && k - previous <= half && to <= count) {
      for (let j = previous + 1; j <= k; j++)
        replaceSorted(sorted, 0, size, src[j - half - 1]!, src[j + half]!);
    } else {
      size = 0;
      for (let j = Math.max(0, from); j < Math.min(count, to); j++)
        size = insertSorted(sorted, size, src[j]!);
    }
    out[k] = sorted[size >> 1]!;
    previous = k;
  }
}

/**
 * In the sorted run sorted[from .. from + count), replaces one entry equal to `leaving` by `entering`
 * and keeps the run sorted: the entries between the two positions move by one.
 */
export function replaceSorted(
  sorted: Float32Array,
  from: number,
  count: number,
  leaving: number,
  entering: number,
): void {
  let lo = from;
  let hi = from + count - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < leaving) lo = mid + 1;
    else hi = mid;
  }
  let at = lo;
  const last = from + count - 1;
  if (entering > leaving) {
    while (at < last && sorted[at + 1]! < entering) {
      sorted[at] = sorted[at + 1]!;
      at++;
    }
  } else {
    while (at > from && sorted[at - 1]! > entering) {
      sorted[at] = sorted[at - 1]!;
      at--;
    }
  }
  sorted[at] = entering;
}

/**
 * The median of v[0..9) by a fixed network of 19 compare-exchanges (Paeth's; as in Devillard's
 * `opt_med9`): REPET's background takes it for every bin of every frame.
 */
export function median9(v: Float32Array): number {
  // On locals, written out (a helper closure per call costs more than the network); an exchange whose
  // larger or smaller value is not read again keeps only the other.
  let p0 = v[0]!;
  let p1 = v[1]!;
  let p2 = v[2]!;
  let p3 = v[3]!;
  let p4 = v[4]!;
  let p5 = v[5]!;
  let p6 = v[6]!;
  let p7 = v[7]!;
  let p8 = v[8]!;
  if (p1 > p2) [p1, p2] = [p2, p1];
  if (p4 > p5) [p4, p5] = [p5, p4];
  if (p7 > p8) [p7, p8] = [p8, p7];
  if (p0 > p1) [p0, p1] = [p1, p0];
  if (p3 > p4) [p3, p4] = [p4, p3];
  if (p6 > p7) [p6, p7] = [p7, p6];
  if (p1 > p2) [p1, p2] = [p2, p1];
  if (p4 > p5) [p4, p5] = [p5, p4];
  if (p7 > p8) [p7, p8] = [p8, p7];
  if (p0 > p3) p3 = p0;
  if (p5 > p8) p5 = p8;
  if (p4 > p7) [p4, p7] = [p7, p4];
  if (p3 > p6) p6 = p3;
  if (p1 > p4) p4 = p1;
  if (p2 > p5) p2 = p5;
  if (p4 > p7) p4 = p7;
  if (p4 > p2) [p4, p2] = [p2, p4];
  if (p6 > p4) p4 = p6;
  if (p4 > p2) p4 = p2;
  return p4;
}
