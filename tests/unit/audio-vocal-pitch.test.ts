import { describe, expect, it } from 'vitest';
import { VocalPitch } from '../../lambdas/_lib/stems/vocal-pitch';

// The context pass's vocal-pitch inputs, on spectra of harmonic tones whose first-pass stems are known.

const BINS = 1025;
const BIN_HZ = 44100 / 2048;

/** Adds a harmonic tone at f0 (partials 1/h, each spread as a Hann window's main lobe) into `mag`. */
function addTone(mag: Float32Array, f0: number): void {
  for (let h = 1; h * f0 < 8000; h++) {
    const x = (h * f0) / BIN_HZ;
    for (let k = Math.floor(x) - 2; k <= Math.ceil(x) + 2; k++) {
      const d = k - x;
      if (Math.abs(d) < 2) mag[k]! += (0.5 + 0.5 * Math.cos((Math.PI * d) / 2)) / h;
    }
  }
}

/** First-pass log-odds (vocals, drums, bass against other): `vocal` bins vocals, the rest other. */
function firstPass(vocal: (k: number) => boolean): Float32Array {
  const own = new Float32Array(BINS * 3).fill(-4);
  for (let k = 0; k < BINS; k++) if (vocal(k)) own[k * 3] = 4;
  return own;
}

function inputs(own: Float32Array, mag: Float32Array): { bump: (hz: number) => number; confidence: number } {
  const context = new Float32Array(BINS * 2);
  new VocalPitch(BINS, BIN_HZ).fill(own, mag, context, 2, 0);
  const bin = (hz: number) => Math.round(hz / BIN_HZ);
  const confidence = Math.max(...Array.from({ length: BINS }, (_, k) => context[k * 2 + 1]!));
  return { bump: (hz) => context[bin(hz) * 2]! / confidence, confidence };
}

describe('vocal pitch inputs', () => {
  it.each([110, 220, 440])('marks the harmonics of a %d Hz voice and not the bins between them', (f0) => {
    const mag = new Float32Array(BINS);
    addTone(mag, f0);
    const { bump, confidence } = inputs(
      firstPass(() => true),
      mag,
    );
    expect(confidence).toBeGreaterThan(0.1);
    for (const h of [1, 3, 8]) {
      expect(bump(h * f0)).toBeGreaterThan(0.6);
      if (f0 >= 220) expect(bump((h + 0.5) * f0)).toBeLessThan(0.05);
    }
  });

  it("follows the voice's comb, not a louder instrument's the first pass calls other", () => {
    const voice = new Float32Array(BINS);
    addTone(voice, 247);
    const mag = new Float32Array(BINS);
    addTone(mag, 165);
    for (let k = 0; k < BINS; k++) mag[k] = 2 * mag[k]! + voice[k]!;
    const { bump } = inputs(
      firstPass((k) => voice[k]! > 0.01),
      mag,
    );
    expect(bump(247 * 4)).toBeGreaterThan(0.6);
    expect(bump(165 * 5)).toBeLessThan(0.1);
  });

  it('gives no pitch for a silent frame', () => {
    const { confidence } = inputs(
      firstPass(() => true),
      new Float32Array(BINS),
    );
    expect(confidence).toBe(0);
  });
});
