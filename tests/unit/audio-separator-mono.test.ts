import { describe, expect, it } from 'vitest';
import type { ContextModel } from '../../lambdas/_lib/stems/context-model';
import { CONTEXT_PASSES } from '../../lambdas/_lib/stems/context-model-weights';
import { DspSeparator } from '../../lambdas/_lib/stems/dsp-separator';
import type { MonoModels } from '../../lambdas/_lib/stems/full-band-stage';
import { SEPARATOR_MODEL } from '../../lambdas/_lib/stems/mask-model-weights';
import { STEM_NAMES, type SeparatedStems } from '../../lambdas/_lib/stems/separator';
import { Prng } from '../../shared/audio/prng';
import { encodeWav } from '../../shared/audio/wav';

const SR = 44100;

function energy(wav: Uint8Array): number {
  const samples = new Int16Array(wav.buffer, wav.byteOffset + 44, (wav.length - 44) / 2);
  let e = 0;
  for (const v of samples) e += v * v;
  return e;
}

function share(stems: SeparatedStems): Record<string, number> {
  const total = STEM_NAMES.reduce((sum, name) => sum + energy(stems[name]), 0);
  return Object.fromEntries(STEM_NAMES.map((name) => [name, energy(stems[name]) / total]));
}

/** A chord and a noisy hat: something every stem could claim. Each seed its own chord and hats. */
function music(seed: number): Float32Array {
  const rng = new Prng(seed);
  const root = 200 + 20 * seed;
  return Float32Array.from({ length: 2 * SR }, (_, i) => {
    const chord = [1, 1.26, 1.5].reduce((s, r) => s + Math.sin((2 * Math.PI * root * r * i) / SR), 0) / 6;
    return chord + (i % 11025 < 800 ? 0.3 * rng.bipolar() : 0);
  });
}

/** The shipped models, but the last pass's drums bias raised so far that it takes every bin. */
const allDrums: MonoModels = {
  model: SEPARATOR_MODEL,
  context: CONTEXT_PASSES.map((pass, i): ContextModel => {
    if (i < CONTEXT_PASSES.length - 1) return pass;
    return {
      ...pass,
      weights: pass.weights.map((row) => row.map((w, j) => (j === row.length - 3 ? w + 40 : w))),
    };
  }),
};

describe('the mono models', () => {
  it('mask the frames whose channels are the same (also a one-channel file), and no others', async () => {
    const doped = new DspSeparator({ mono: allDrums });
    const stereoOnly = new DspSeparator({ mono: false });
    const a = music(1);
    for (const channels of [[a, a.slice()], [a]]) {
      const wav = encodeWav({ sampleRate: SR, channels });
      expect(share(await doped.separate(wav)).drums).toBeGreaterThan(0.99);
      expect(share(await stereoOnly.separate(wav)).drums).toBeLessThan(0.5);
    }
    // A stereo file (the channels differ): the mono models change nothing, to the byte.
    const wide = encodeWav({ sampleRate: SR, channels: [a, music(2)] });
    const [dopedStems, stereoStems] = [await doped.separate(wide), await stereoOnly.separate(wide)];
    for (const name of STEM_NAMES)
      expect(Buffer.from(dopedStems[name]).equals(Buffer.from(stereoStems[name]))).toBe(true);
  });

  it('must read what the stereo models read', () => {
    const wrong: MonoModels = { model: SEPARATOR_MODEL, context: [] };
    expect(() =>
      new DspSeparator({ mono: wrong }).separateSync(encodeWav({ sampleRate: SR, channels: [music(1)] })),
    ).toThrow(/mono models differ/);
  });
});
