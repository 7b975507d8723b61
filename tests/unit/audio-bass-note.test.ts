import { describe, expect, it } from 'vitest';
import { bassNoteBySum } from '../../lambdas/_lib/stems/bass-note';

const BIN_HZ = 44100 / 8192;
const SEARCH = { binHz: BIN_HZ, topHz: 800 };

/** A long window's harmonic magnitudes holding these notes (Hz, with each partial's magnitude). */
function spectrum(notes: { hz: number; partials: number[] }[]): Float32Array {
  const out = new Float32Array(4097).fill(1e-6);
  for (const { hz, partials } of notes)
    partials.forEach((magnitude, i) => {
      const at = ((i + 1) * hz) / BIN_HZ;
      // A Hann window's main lobe: ±2 bins.
      for (let k = Math.ceil(at - 2); k <= Math.floor(at + 2); k++)
        out[k] = Math.max(out[k]!, magnitude * Math.cos(((k - at) / 4) * Math.PI) ** 2);
    });
  return out;
}

const semitonesOff = (bins: number, hz: number) => Math.abs(12 * Math.log2((bins * BIN_HZ) / hz));

describe('bassNoteBySum', () => {
  it('finds a bass at its fundamental when its third partial is the loudest', () => {
    const bass = { hz: 55, partials: [0.2, 0.45, 1, 0.35, 0.3, 0.2, 0.15, 0.1] };
    expect(semitonesOff(bassNoteBySum(spectrum([bass]), SEARCH, 1e-9), 55)).toBeLessThan(0.5);
  });

  it('takes the bass under a louder chord, not the chord', () => {
    const bass = { hz: 82.4, partials: [0.5, 0.4, 0.3, 0.2, 0.15, 0.1] };
    const chord = [196, 246.9, 293.7].map((hz) => ({ hz, partials: [1, 0.5, 0.3] }));
    expect(semitonesOff(bassNoteBySum(spectrum([bass, ...chord]), SEARCH, 1e-9), 82.4)).toBeLessThan(0.5);
  });

  it('does not fall an octave under a note with a full series', () => {
    const bass = { hz: 110, partials: [1, 0.7, 0.5, 0.35, 0.25, 0.2, 0.15] };
    expect(semitonesOff(bassNoteBySum(spectrum([bass]), SEARCH, 1e-9), 110)).toBeLessThan(0.5);
  });

  it('tracks nothing, and returns, where no candidate has a peak at its fundamental', () => {
    // One lone peak above every candidate's range: no fundamental from 28 to 260 Hz has a peak.
    expect(bassNoteBySum(spectrum([{ hz: 700, partials: [1] }]), SEARCH, 1e-9)).toBe(0);
  });

  it('tracks nothing in silence', () => {
    expect(bassNoteBySum(new Float32Array(4097), SEARCH, 1e-9)).toBe(0);
  });
});
