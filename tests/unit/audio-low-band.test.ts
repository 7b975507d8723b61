import { describe, expect, it } from 'vitest';
import { DspSeparator } from '../../lambdas/_lib/stems/dsp-separator';
import { bassPartialCloseness, DEFAULTS } from '../../lambdas/_lib/stems/full-band-stage';
import { COLUMN_COUNT, FEATURES } from '../../lambdas/_lib/stems/mask-model';
import { compileLowModel, LOW_BAND_EDGES, LOW_FEATURE_COUNT } from '../../lambdas/_lib/stems/low-band-model';
import { LOW_BAND_MODEL } from '../../lambdas/_lib/stems/low-band-model-weights';
import { decodeWav, encodeWav } from '../../shared/audio/wav';

const SR = 44100;
const SECONDS = 6;

/** A kick every half second (a 150 → 45 Hz glide falling by 40 dB in 0.3 s) and a held A1 bass (55 Hz, three partials). */
function kickAndBass(): { kick: Float32Array; bass: Float32Array } {
  const n = SECONDS * SR;
  const kick = new Float32Array(n);
  const bass = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const t = i / SR;
    const tk = t % 0.5;
    const phase = 2 * Math.PI * (45 * tk + ((150 - 45) / 30) * (1 - Math.exp(-30 * tk)));
    kick[i] = 0.5 * Math.exp(-15 * tk) * Math.sin(phase);
    bass[i] =
      0.2 *
      (Math.sin(2 * Math.PI * 55 * t) +
        0.5 * Math.sin(2 * Math.PI * 110 * t) +
        0.25 * Math.sin(2 * Math.PI * 165 * t));
  }
  return { kick, bass };
}

/** 10·log10(‖s‖² / ‖s − ŝ‖²) over the left channel, skipping the first and last half second. */
function sdr(truth: Float32Array, estimate: Float32Array): number {
  let signal = 0;
  let error = 0;
  for (let i = SR / 2; i < truth.length - SR / 2; i++) {
    signal += truth[i]! ** 2;
    error += (truth[i]! - estimate[i]!) ** 2;
  }
  return 10 * Math.log10(signal / error);
}

describe('the low band', { timeout: 120_000 }, () => {
  it('splits a kick from a held bass note under it: each stem far closer to its part than the mix is', async () => {
    const { kick, bass } = kickAndBass();
    const mix = kick.map((v, i) => v + bass[i]!);
    const wav = encodeWav({ sampleRate: SR, channels: [mix, mix.slice()] });
    const stems = await new DspSeparator().separate(wav);
    const drums = sdr(kick, decodeWav(stems.drums).channels[0]!);
    const bassSdr = sdr(bass, decodeWav(stems.bass).channels[0]!);
    // The mix as either estimate scores −5 dB (kick) and +5 dB (bass); the model gives ~3.9 and ~8.7
    // (the hand-set rules, `lowModel: false`, ~6.9 and ~11.8 on these pure tones: docs/audio.md).
    expect(drums, 'drums').toBeGreaterThan(sdr(kick, mix) + 6);
    expect(bassSdr, 'bass').toBeGreaterThan(sdr(bass, mix) + 3);
    const rules = await new DspSeparator({ lowModel: false }).separate(wav);
    expect(Buffer.from(rules.bass).equals(Buffer.from(stems.bass)), 'the rules are another split').toBe(
      false,
    );
  });

  it('refuses a low-band model of another shape than the cues it reads', () => {
    expect(compileLowModel(LOW_BAND_MODEL)).toHaveLength(LOW_BAND_EDGES.length);
    expect(() => compileLowModel({ weights: [[1, 2, 3]] })).toThrow(/one row per band/);
    const short = LOW_BAND_EDGES.map(() => new Array<number>(LOW_FEATURE_COUNT * 4).fill(0));
    expect(() => compileLowModel({ weights: short })).toThrow(/wrong size/);
  });
});

describe('the bass partials cue of the full band', { timeout: 60_000 }, () => {
  it('is 1 on a partial of the note, falls off between partials, and is 0 past the 16th', () => {
    const f0 = 10.25; // bins: a 110 Hz note in 10.77 Hz bins
    expect(bassPartialCloseness(41, f0)).toBeCloseTo(1, 6);
    expect(bassPartialCloseness(15, f0)).toBeLessThan(0.1);
    expect(bassPartialCloseness(20.5 + 5.1, f0)).toBeLessThan(bassPartialCloseness(20.5, f0));
    expect(bassPartialCloseness(17 * f0, f0)).toBe(0);
  });

  it("reads the long window's tracked note: high on its partials above the low band, low between them", () => {
    const n = 3 * SR;
    const note = new Float32Array(n);
    for (let i = 0; i < n; i++)
      for (let h = 1; h <= 8; h++) note[i]! += (0.2 / h) * Math.sin((2 * Math.PI * 110 * h * i) / SR);
    const at = FEATURES.indexOf('bassPartial');
    const binHz = SR / DEFAULTS.fftSize;
    const onPartial = Math.round(330 / binHz);
    const between = Math.round(385 / binHz);
    const seen: [number, number][] = [];
    new DspSeparator({
      tap: (frame) => {
        const cue = (k: number) => frame.features[k * COLUMN_COUNT + at]!;
        seen.push([cue(onPartial), cue(between)]);
      },
    }).separateSync(encodeWav({ sampleRate: SR, channels: [note, note.slice()] }));
    const middle = seen.slice(seen.length / 3, (2 * seen.length) / 3);
    expect(middle.length).toBeGreaterThan(20);
    for (const [on, off] of middle) {
      expect(on).toBeGreaterThan(0.8);
      expect(off).toBeLessThan(0.2);
    }
  });
});
