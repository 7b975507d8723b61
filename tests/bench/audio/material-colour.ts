/**
 * Random tone colour for one round of dev pieces: a model fitted on three sound fonts learns their
 * timbres, and the held-out half plays two others. Each stem of a coloured piece goes through its own
 * random equaliser (a low shelf, a high shelf and two peaks, RBJ cookbook biquads) and, for the pitched
 * instruments, sometimes a soft saturation, so the same programs reach the fit with other spectra and
 * other overtones. Bench material only.
 */
import { SAMPLE_RATE } from './material-voice';

type Stereo = [Float32Array, Float32Array];

/** One biquad's normalised coefficients (a0 = 1). */
interface Biquad {
  b0: number;
  b1: number;
  b2: number;
  a1: number;
  a2: number;
}

/** RBJ Audio EQ Cookbook: peaking, low shelf and high shelf (shelf slope 1). */
function biquad(kind: 'peak' | 'low' | 'high', hz: number, gainDb: number, q = Math.SQRT1_2): Biquad {
  const a = Math.pow(10, gainDb / 40);
  const w = (2 * Math.PI * hz) / SAMPLE_RATE;
  const cos = Math.cos(w);
  const alpha = Math.sin(w) / (2 * q);
  let c: [number, number, number, number, number, number];
  if (kind === 'peak') {
    c = [1 + alpha * a, -2 * cos, 1 - alpha * a, 1 + alpha / a, -2 * cos, 1 - alpha / a];
  } else {
    const s = 2 * Math.sqrt(a) * alpha;
    const sign = kind === 'low' ? 1 : -1;
    c = [
      a * (a + 1 - sign * (a - 1) * cos + s),
      sign * 2 * a * (a - 1 - sign * (a + 1) * cos),
      a * (a + 1 - sign * (a - 1) * cos - s),
      a + 1 + sign * (a - 1) * cos + s,
      -sign * 2 * (a - 1 + sign * (a + 1) * cos),
      a + 1 + sign * (a - 1) * cos - s,
    ];
  }
  const [b0, b1, b2, a0, a1, a2] = c;
  return { b0: b0 / a0, b1: b1 / a0, b2: b2 / a0, a1: a1 / a0, a2: a2 / a0 };
}

/** Filters `x` in place (direct form I). */
function run(x: Float32Array, f: Biquad): void {
  let x1 = 0;
  let x2 = 0;
  let y1 = 0;
  let y2 = 0;
  for (let i = 0; i < x.length; i++) {
    const v = x[i]!;
    const y = f.b0 * v + f.b1 * x1 + f.b2 * x2 - f.a1 * y1 - f.a2 * y2;
    x2 = x1;
    x1 = v;
    y2 = y1;
    y1 = y;
    x[i] = y;
  }
}

const between = (lo: number, hi: number, rand: () => number) => lo + (hi - lo) * rand();
/** Log-uniform, for frequencies. */
const hzBetween = (lo: number, hi: number, rand: () => number) => lo * Math.pow(hi / lo, rand());

/**
 * Colours one stem in place. `pitched` allows the saturation (a drum kit's transients would only get
 * louder). The same filters go on both channels, so the stem's stereo image is kept.
 */
export function colourStem(stem: Stereo, pitched: boolean, rand: () => number): void {
  const filters = [
    biquad('low', hzBetween(80, 300, rand), between(-6, 6, rand)),
    biquad('high', hzBetween(2500, 8000, rand), between(-8, 6, rand)),
    biquad('peak', hzBetween(200, 1200, rand), between(-8, 8, rand), between(0.7, 2.5, rand)),
    biquad('peak', hzBetween(1200, 6000, rand), between(-8, 8, rand), between(0.7, 2.5, rand)),
  ];
  const drive = pitched && rand() < 0.35 ? between(1.5, 4, rand) : 0;
  for (const channel of stem) {
    for (const f of filters) run(channel, f);
    if (drive) saturate(channel, drive);
  }
}

/** tanh saturation at `drive`× the channel's peak-normalised level, its peak restored after. */
function saturate(x: Float32Array, drive: number): void {
  let peak = 0;
  for (const v of x) peak = Math.max(peak, Math.abs(v));
  if (peak < 1e-9) return;
  const scale = drive / peak;
  const back = peak / Math.tanh(drive);
  for (let i = 0; i < x.length; i++) x[i] = Math.tanh(x[i]! * scale) * back;
}
