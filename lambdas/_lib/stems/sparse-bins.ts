/**
 * Above a frequency the full band's mask model runs on every other bin, and higher up on every fourth;
 * the bins between take values interpolated between the evaluated bins on either side. Masks change
 * slowly across the top octaves, where cymbals and breath are broadband and partials are few, and half of
 * a 4096-point window's bins lie above 11 kHz (docs/audio.md, Fewer bins at the top).
 */

/**
 * The bins of [0, count) the model evaluates: every bin below `second`, every second one from there,
 * every fourth from `fourth` (counted from where each step begins), and always the last.
 */
export function evaluatedBins(count: number, second: number, fourth = count): Int32Array {
  const bins: number[] = [];
  const top = Math.max(second, fourth);
  for (let k = 0; k < count; k += k < second ? 1 : k < top ? 2 : 4) bins.push(k);
  if (bins.at(-1) !== count - 1) bins.push(count - 1);
  return Int32Array.from(bins);
}

/**
 * Fills the bins between consecutive `evaluated` bins in `values` (`width` values a bin, bin-major) by
 * linear interpolation between the two, each of the `width` values alike.
 */
export function fillSkipped(values: Float32Array, width: number, evaluated: Int32Array): void {
  for (let i = 0; i + 1 < evaluated.length; i++) {
    const a = evaluated[i]!;
    const b = evaluated[i + 1]!;
    for (let k = a + 1; k < b; k++) {
      const f = (k - a) / (b - a);
      for (let c = 0; c < width; c++) {
        const va = values[a * width + c]!;
        values[k * width + c] = va + (values[b * width + c]! - va) * f;
      }
    }
  }
}
