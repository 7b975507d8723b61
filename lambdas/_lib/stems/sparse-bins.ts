/**
 * Above a frequency the full band's mask model runs on every other bin and the bins between take the
 * mean of their two neighbours' values. Masks change slowly across the top octaves, where cymbals and
 * breath are broadband and partials are few, and half of a 4096-point window's bins lie above 11 kHz: the
 * cues and passes there cost a third of the separation (docs/audio.md, Fewer bins at the top).
 */

/** Whether bin k is skipped: at or above `from`, an odd step from it, and not the last of `count`. */
const skipped = (k: number, count: number, from: number) =>
  k >= from && (k - from) % 2 === 1 && k < count - 1;

/** The bins of [0, count) the model evaluates: all below `from`, then every other one and the last. */
export function evaluatedBins(count: number, from: number): Int32Array {
  const bins: number[] = [];
  for (let k = 0; k < count; k++) if (!skipped(k, count, from)) bins.push(k);
  return Int32Array.from(bins);
}

/**
 * Fills each skipped bin of [0, count) in `values` (`width` values a bin, bin-major) with the mean of the
 * bins on either side, which `evaluatedBins` keeps.
 */
export function fillSkipped(values: Float32Array, width: number, count: number, from: number): void {
  const start = from + 1;
  for (let k = start; k < count - 1; k += 2) {
    const at = k * width;
    for (let c = 0; c < width; c++)
      values[at + c] = 0.5 * (values[at - width + c]! + values[at + width + c]!);
  }
}
