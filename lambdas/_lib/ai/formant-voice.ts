import { encodeWav } from '../../../shared/audio/wav';
import { foldAccents } from './retrieval';

/**
 * A formant synthesizer that sings the vowels of a text: each syllable is a glottal pulse train (with
 * vibrato) through three resonators at the vowel's formant frequencies, on a pentatonic melody. It is
 * a real rendering, not a natural voice; a speech provider would replace it.
 */
const FORMANTS: Record<string, [number, number, number]> = {
  a: [800, 1150, 2900],
  e: [450, 1800, 2600],
  i: [290, 2300, 3000],
  o: [480, 850, 2800],
  u: [330, 750, 2500],
};
const BANDWIDTHS: [number, number, number] = [80, 90, 120];
const GAINS: [number, number, number] = [1, 0.55, 0.3];
const PENTATONIC = [0, 2, 4, 7, 9, 12, 9, 7];

export const VOICE_SAMPLE_RATE = 22050;
export const MAX_SYLLABLES = 24;

export function syllables(text: string): string[] {
  const folded = foldAccents(text).replace(/y/g, 'i');
  return (folded.match(/[^aeiou\s\d]*[aeiou]+/g) ?? []).slice(0, MAX_SYLLABLES);
}

function resonator(freq: number, bandwidth: number, sr: number) {
  const r = Math.exp((-Math.PI * bandwidth) / sr);
  const a1 = 2 * r * Math.cos((2 * Math.PI * freq) / sr);
  const a2 = -r * r;
  const gain = 1 - r;
  let y1 = 0;
  let y2 = 0;
  return (x: number) => {
    const y = gain * x + a1 * y1 + a2 * y2;
    y2 = y1;
    y1 = y;
    return y;
  };
}

export interface SungVoice {
  wav: Uint8Array;
  syllables: string[];
  durationSeconds: number;
}

export function singText(text: string, options: { bpm?: number; rootHz?: number } = {}): SungVoice {
  const parts = syllables(text);
  const sr = VOICE_SAMPLE_RATE;
  const beat = 60 / (options.bpm ?? 100);
  const root = options.rootHz ?? 220;
  const noteSamples = Math.round(beat * sr);
  const out = new Float32Array(Math.max(1, parts.length) * noteSamples + sr / 2);
  parts.forEach((syllable, index) => {
    const vowel = syllable.match(/[aeiou]/g)!.pop()!;
    const formants = FORMANTS[vowel]!;
    const filters = formants.map((f, k) => resonator(f, BANDWIDTHS[k]!, sr));
    const f0 = root * 2 ** (PENTATONIC[index % PENTATONIC.length]! / 12);
    const consonantNoise = /[szfxc]/.test(syllable.replace(/[aeiou]+$/, ''));
    let phase = 0;
    const start = index * noteSamples;
    for (let i = 0; i < noteSamples; i++) {
      const t = i / sr;
      const vibrato = 1 + 0.012 * Math.sin(2 * Math.PI * 5.5 * t) * Math.min(1, t / 0.2);
      phase += (f0 * vibrato) / sr;
      if (phase >= 1) phase -= 1;
      // Rosenberg-like glottal pulse: rising then falling within the open phase.
      const glottal =
        phase < 0.4
          ? 0.5 * (1 - Math.cos((Math.PI * phase) / 0.4))
          : phase < 0.6
            ? Math.cos((Math.PI * (phase - 0.4)) / 0.4)
            : 0;
      let source = glottal - 0.3;
      if (consonantNoise && t < 0.07) source = (Math.random() * 2 - 1) * 0.6;
      let sample = 0;
      for (let k = 0; k < 3; k++) sample += GAINS[k]! * filters[k]!(source);
      const envelope = Math.min(1, t / 0.03) * Math.min(1, (noteSamples - i) / (0.05 * sr));
      out[start + i] = sample * envelope * 2.2;
    }
  });
  let peak = 0;
  for (const v of out) peak = Math.max(peak, Math.abs(v));
  if (peak > 0) for (let i = 0; i < out.length; i++) out[i] = (out[i]! / peak) * 0.8;
  return {
    wav: encodeWav({ sampleRate: sr, channels: [out] }),
    syllables: parts,
    durationSeconds: out.length / sr,
  };
}
