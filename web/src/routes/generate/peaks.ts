/** One max-absolute value per bucket across channels, normalised to 1 (the waveform's bars). */
export function computePeaks(channels: Float32Array[], buckets: number): Float32Array {
  const peaks = new Float32Array(buckets);
  const length = channels[0]?.length ?? 0;
  if (length === 0 || buckets === 0) return peaks;
  const size = length / buckets;
  for (let b = 0; b < buckets; b++) {
    const start = Math.floor(b * size);
    const end = Math.min(length, Math.max(start + 1, Math.floor((b + 1) * size)));
    let max = 0;
    for (const data of channels) {
      for (let i = start; i < end; i++) {
        const value = Math.abs(data[i]!);
        if (value > max) max = value;
      }
    }
    peaks[b] = max;
  }
  // Normalise so quiet tracks still draw a readable shape.
  let top = 0;
  for (const peak of peaks) top = Math.max(top, peak);
  if (top > 0) for (let b = 0; b < buckets; b++) peaks[b]! /= top;
  return peaks;
}
