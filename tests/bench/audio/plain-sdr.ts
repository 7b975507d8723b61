import { decodeWav } from '../../../shared/audio/wav';

/** A WAV's mono mix, (L + R) / 2: the evaluation is mono. */
export function monoOf(bytes: Uint8Array): Float64Array {
  const { channels } = decodeWav(bytes);
  const l = channels[0]!;
  const r = channels[1] ?? l;
  return Float64Array.from(l, (v, i) => (v + r[i]!) / 2);
}

/** Plain SDR, 10·log10 ‖s‖² / ‖s − ŝ‖² (no distortion filter: lower than bss_eval's, and instant). */
export function plainSdr(ref: Float64Array, est: Float64Array): number {
  let s = 0;
  let e = 0;
  for (let i = 0; i < ref.length; i++) {
    s += ref[i]! ** 2;
    e += (ref[i]! - (est[i] ?? 0)) ** 2;
  }
  return 10 * Math.log10((s + 1e-12) / (e + 1e-12));
}
