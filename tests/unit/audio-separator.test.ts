import { describe, expect, it } from 'vitest';
import { AppError } from '../../lambdas/_lib/errors';
import { renderTrack } from '../../lambdas/_lib/music/synthesizer';
import { DspSeparator, StemSplitStream, type StemBlock } from '../../lambdas/_lib/stems/dsp-separator';
import { STEM_NAMES, type SeparatedStems, type StemName } from '../../lambdas/_lib/stems/separator';
import { Fft, joinPair, splitPair } from '../../shared/audio/fft';
import { Prng } from '../../shared/audio/prng';
import { MUSIC_STYLES } from '../../shared/audio/styles';
import { decodeWav, encodeWav, readWavInfo, type PcmAudio } from '../../shared/audio/wav';

const SR = 44100;
const separator = new DspSeparator();

function samples(wav: Uint8Array): Int16Array {
  return new Int16Array(wav.buffer, wav.byteOffset + 44, (wav.length - 44) / 2);
}

function energy(wav: Uint8Array): number {
  let e = 0;
  for (const v of samples(wav)) e += v * v;
  return e;
}

function share(stems: SeparatedStems): Record<string, number> {
  const total = STEM_NAMES.reduce((sum, name) => sum + energy(stems[name]), 0);
  return Object.fromEntries(STEM_NAMES.map((name) => [name, energy(stems[name]) / total]));
}

/** Kick/snare/hat-like hits: short decaying noise and a pitched thump, four to the beat at 120 bpm. */
function drumLoop(seconds: number): PcmAudio {
  const rng = new Prng(9);
  const frames = seconds * SR;
  const l = new Float32Array(frames);
  for (let hit = 0; hit * SR * 0.25 < frames; hit++) {
    const at = Math.round(hit * SR * 0.25);
    for (let i = 0; i < 4000 && at + i < frames; i++) {
      const t = i / SR;
      const noise = rng.bipolar() * Math.exp(-t / 0.015) * 0.5;
      const thump =
        hit % 2 === 0
          ? Math.sin(2 * Math.PI * (60 + 200 * Math.exp(-t / 0.01)) * t) * Math.exp(-t / 0.03) * 0.5
          : 0;
      l[at + i]! += noise + thump;
    }
  }
  return { sampleRate: SR, channels: [l, l.slice()] };
}

describe('FFT', () => {
  it('inverts itself and splits two real signals packed as one complex one', () => {
    const n = 256;
    const fft = new Fft(n);
    const x = Float64Array.from({ length: n }, (_, i) => Math.sin(i * 0.3) + (i % 7) / 7);
    const y = Float64Array.from({ length: n }, (_, i) => Math.cos(i * 0.11) - (i % 5) / 5);
    const signal = fft.complexArray();
    x.forEach((v, t) => {
      signal[2 * t] = v;
      signal[2 * t + 1] = y[t]!;
    });
    const spectrum = fft.complexArray();
    fft.transform(signal, spectrum);
    const half = n / 2 + 1;
    const [xr, xi, yr, yi] = [0, 0, 0, 0].map(() => new Float64Array(half)) as [
      Float64Array,
      Float64Array,
      Float64Array,
      Float64Array,
    ];
    splitPair(spectrum, xr, xi, yr, yi);
    // Bin 0 of x is its sum; the DFT at bin 3 matches a direct sum.
    expect(xr[0]).toBeCloseTo(
      x.reduce((a, b) => a + b, 0),
      9,
    );
    let dr = 0;
    let di = 0;
    for (let t = 0; t < n; t++) {
      dr += y[t]! * Math.cos((2 * Math.PI * 3 * t) / n);
      di -= y[t]! * Math.sin((2 * Math.PI * 3 * t) / n);
    }
    expect(yr[3]).toBeCloseTo(dr, 9);
    expect(yi[3]).toBeCloseTo(di, 9);
    const joined = fft.complexArray();
    joinPair(xr, xi, yr, yi, joined);
    fft.inverseTransform(joined, signal);
    for (let t = 0; t < n; t++) {
      expect(signal[2 * t]).toBeCloseTo(x[t]!, 9);
      expect(signal[2 * t + 1]).toBeCloseTo(y[t]!, 9);
    }
  });
});

// Each 30 s separation takes a few CPU seconds, far longer on a loaded machine.
describe('DSP stem separator', { timeout: 180_000 }, () => {
  it('returns four WAVs of the input length, rate and channels, summing back to the input', async () => {
    const track = renderTrack({ description: 'test', style: 'Pop', durationSeconds: 30, seed: 1 });
    const stems = await separator.separate(track.mix);
    const input = samples(track.mix);
    const outs = STEM_NAMES.map((name) => samples(stems[name]));
    for (const name of STEM_NAMES) {
      expect(readWavInfo(stems[name])).toMatchObject({ sampleRate: SR, channels: 2, frames: 30 * SR });
    }
    let worst = 0;
    for (let i = 0; i < input.length; i++) {
      worst = Math.max(
        worst,
        Math.abs(outs[0]![i]! + outs[1]![i]! + outs[2]![i]! + outs[3]![i]! - input[i]!),
      );
    }
    expect(worst).toBeLessThanOrEqual(2);
    // Every stem carries something in a full mix.
    for (const name of STEM_NAMES) expect(energy(stems[name]), name).toBeGreaterThan(0);
  });

  it('keeps mono input mono and odd lengths exact', async () => {
    const frames = 12345;
    const mono: PcmAudio = {
      sampleRate: 22050,
      channels: [Float32Array.from({ length: frames }, (_, i) => Math.sin(i / 10) * 0.5)],
    };
    const stems = await separator.separate(encodeWav(mono));
    for (const name of STEM_NAMES) {
      expect(readWavInfo(stems[name])).toMatchObject({ sampleRate: 22050, channels: 1, frames });
    }
  });

  it('splits a stereo file with identical channels as its masks say: the spatial filters change nothing', async () => {
    // Every stem then sits in the centre, and the multichannel Wiener filters reduce to the masks (within
    // their diagonal loading, 10⁻³ of the power).
    const drums = drumLoop(3).channels[0]!;
    const mix = drums.map((v, i) => v + 0.3 * Math.sin((2 * Math.PI * 55 * i) / SR));
    const wav = encodeWav({ sampleRate: SR, channels: [mix, mix.slice()] });
    const filtered = await separator.separate(wav);
    const plain = await new DspSeparator({ spatialWiener: false, lowBand: { spatialFrames: 0 } }).separate(
      wav,
    );
    const total = STEM_NAMES.reduce((sum, name) => sum + energy(plain[name]), 0);
    for (const name of STEM_NAMES) {
      const a = samples(filtered[name]);
      const b = samples(plain[name]);
      let diff = 0;
      for (let i = 0; i < a.length; i++) diff += (a[i]! - b[i]!) ** 2;
      // Under −40 dB of the mix.
      expect(diff, name).toBeLessThan(1e-4 * total);
    }
  });

  it('puts most of a pure drum loop into the drums stem', async () => {
    const stems = await separator.separate(encodeWav(drumLoop(4)));
    expect(share(stems).drums).toBeGreaterThan(0.9);
  });

  it('puts most of a steady low sine into the bass stem', async () => {
    const l = Float32Array.from({ length: 4 * SR }, (_, i) => 0.5 * Math.sin((2 * Math.PI * 55 * i) / SR));
    const stems = await separator.separate(encodeWav({ sampleRate: SR, channels: [l, l.slice()] }));
    expect(share(stems).bass).toBeGreaterThan(0.9);
  });

  it('puts a panned sung (vibrato) tone into vocals, more of a centred one than of the same tone held steady, and that steady tone into other', async () => {
    // A voice-like tone: six harmonics, 5.5 Hz vibrato of ±½ semitone (as the evaluation's singers); the
    // steady one is the same six harmonics without the vibrato, like an organ.
    const tone = (vibratoSemitones: number) => {
      let phase = 0;
      return Float32Array.from({ length: 3 * SR }, (_, i) => {
        const f = 440 * Math.pow(2, (vibratoSemitones * Math.sin((2 * Math.PI * 5.5 * i) / SR)) / 12);
        phase += (2 * Math.PI * f) / SR;
        let v = 0;
        for (let h = 1; h <= 6; h++) v += Math.sin(h * phase) / h;
        return 0.2 * v;
      });
    };
    const sung = tone(0.5);
    const silent = new Float32Array(3 * SR);
    const centredVoice = share(
      await separator.separate(encodeWav({ sampleRate: SR, channels: [sung, sung] })),
    );
    const pannedVoice = share(
      await separator.separate(encodeWav({ sampleRate: SR, channels: [sung, silent] })),
    );
    expect(pannedVoice.vocals, JSON.stringify(pannedVoice)).toBeGreaterThan(
      Math.max(pannedVoice.drums!, pannedVoice.bass!, pannedVoice.other!),
    );
    const steady = tone(0);
    const organ = share(await separator.separate(encodeWav({ sampleRate: SR, channels: [steady, steady] })));
    // Mostly other, and less of it in vocals than of the sung tone: only the vibrato tells them apart.
    // (A lone pure sine, with no partials to compare, is ambiguous to the second pass: about half vocals.)
    expect(organ.other, JSON.stringify(organ)).toBeGreaterThan(Math.max(0.6, 4 * organ.vocals!));
    // The centred tone alone (a mono input, so the mono models) went 77 % to vocals with the 2048-point
    // window, 25 % with the first 4096-point models and 76 % with the transience cue (docs/audio.md,
    // Transience): mostly vocals, and well more than the steady tone.
    expect(centredVoice.vocals, JSON.stringify(centredVoice)).toBeGreaterThan(
      Math.max(centredVoice.drums!, centredVoice.bass!, centredVoice.other!),
    );
    expect(centredVoice.vocals! - organ.vocals!, JSON.stringify(centredVoice)).toBeGreaterThan(0.15);
  });

  // Two 30 s separations: slow on a loaded machine.
  it(
    'streams in blocks of any size with the same result as the whole-file separation',
    { timeout: 240_000 },
    async () => {
      const track = renderTrack({ description: 'stream', style: 'Trap', durationSeconds: 30, seed: 4 });
      const whole = await separator.separate(track.mix);
      const audio = decodeWav(track.mix);
      const frames = audio.channels[0]!.length;
      const stream = new StemSplitStream(SR, 2);
      const got: Record<string, Int16Array[]> = { vocals: [], drums: [], bass: [], other: [] };
      const keep = (block: StemBlock) => {
        for (const name of STEM_NAMES) got[name]!.push(block.stems[name].slice());
      };
      const rng = new Prng(1);
      for (let at = 0; at < frames;) {
        const count = Math.min(frames - at, 1 + rng.int(20000));
        keep(stream.push(audio.channels.map((c) => c.subarray(at, at + count))));
        at += count;
      }
      keep(stream.end());
      for (const name of STEM_NAMES) {
        const joined = Int16Array.from(got[name]!.flatMap((part) => Array.from(part)));
        expect(joined.length, name).toBe(frames * 2);
        expect(
          Buffer.from(joined.buffer).equals(Buffer.from(samples(whole[name]).slice().buffer)),
          name,
        ).toBe(true);
      }
      expect(() => stream.push(audio.channels)).toThrow(/after end/);
    },
  );

  it(
    'separates generated mixes whose true stems are known: mean SDR ≥ 2.5 dB',
    { timeout: 360_000 },
    async () => {
      // As tests/bench/separator.ts measures it (SDR = 10·log10(‖s‖² / ‖s − ŝ‖²) over both channels),
      // on another seed than the bench's and the first three styles; 30 s is the synthesizer's shortest.
      const sdr = (truth: Uint8Array, estimate: Uint8Array) => {
        const s = samples(truth);
        const e = samples(estimate);
        let signal = 0;
        let error = 0;
        for (let i = 0; i < s.length; i++) {
          signal += s[i]! * s[i]!;
          error += (s[i]! - e[i]!) ** 2;
        }
        return 10 * Math.log10(signal / Math.max(error, 1e-12));
      };
      const truthOf: Record<StemName, 'lead' | 'drums' | 'bass' | 'chords'> = {
        vocals: 'lead',
        drums: 'drums',
        bass: 'bass',
        other: 'chords',
      };
      const values: Record<StemName, number[]> = { vocals: [], drums: [], bass: [], other: [] };
      for (const style of MUSIC_STYLES.slice(0, 3)) {
        const track = renderTrack({ description: 'sdr test', style, durationSeconds: 30, seed: 5 });
        const stems = await separator.separate(track.mix);
        for (const name of STEM_NAMES) values[name].push(sdr(track.stems[truthOf[name]], stems[name]));
      }
      const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
      const perStem = STEM_NAMES.map((name) => mean(values[name]));
      // The mask model is fitted on sampled instruments and sung voices (the evaluation's dev half), not on
      // the synthesizer: its steady synth lead is not a voice to it, so these mixes score lower than they did
      // under the earlier hand-set masks (≥ 6 dB), which in turn scored 1.3 dB on music the platform did not
      // make (docs/audio.md). This guards against the separator breaking on the platform's own tracks.
      expect(mean(perStem), JSON.stringify(values)).toBeGreaterThanOrEqual(2.5);
      // The kick/bass split of the low band is what the full-band stage alone got wrong (on these mixes it
      // gave a mean of 5.7 dB, drums 4.6 dB, bass 1.4 dB). The low band's fitted model (sampled kits and
      // basses) splits the synthesizer's kick and sine bass less well than the hand-set rules did (drums
      // 6.9 → 5.3 dB, bass 3.5 → 2.0 dB; docs/audio.md), but still better than the full band alone. The
      // 4096-point full band gives this synthesizer's bass 1.5 dB (2.1 with 2048 points), while the bass of
      // the held-out sampled pieces rose 2.71 → 2.85 dB (docs/audio.md, The longer window shipped); with the
      // transience cue 1.45 dB. The floor is the full band alone's 1.4: the low band must still beat it.
      expect(mean(values.drums), JSON.stringify(values.drums)).toBeGreaterThan(5);
      expect(mean(values.bass), JSON.stringify(values.bass)).toBeGreaterThan(1.4);
    },
  );

  it('answers a non-WAV upload with a 400 error', async () => {
    const error = await separator
      .separate(new TextEncoder().encode('fLaC not a wav'))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ status: 400 });
  });
});
