import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { musicProviderFromConfig } from '../../lambdas/_lib/music/from-config';
import { HttpMusicProvider } from '../../lambdas/_lib/music/http-provider';
import { ProviderError } from '../../lambdas/_lib/music/provider';
import { planTrack, renderTrack, SynthesizerProvider } from '../../lambdas/_lib/music/synthesizer';
import {
  describeTraits,
  DURATIONS_SECONDS,
  MUSIC_STYLES,
  type DurationSeconds,
  type MusicStyle,
} from '../../shared/audio/styles';
import { readWavInfo } from '../../shared/audio/wav';

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const request = (
  over: Partial<{
    description: string;
    style: MusicStyle;
    durationSeconds: DurationSeconds;
    seed: number;
  }> = {},
) => ({
  description: 'night drive',
  style: 'Techno' as MusicStyle,
  durationSeconds: 30 as DurationSeconds,
  seed: 42,
  ...over,
});

function samples(wav: Uint8Array): Int16Array {
  return new Int16Array(wav.buffer, wav.byteOffset + 44, (wav.length - 44) / 2);
}

describe('built-in synthesizer', { timeout: 60_000 }, () => {
  it.each(DURATIONS_SECONDS)(
    'renders exactly %i s of 44.1 kHz stereo 16-bit audio, stems included',
    async (durationSeconds) => {
      const track = await new SynthesizerProvider().generate(request({ durationSeconds }));
      for (const wav of [track.wav, ...Object.values(track.stems)]) {
        const info = readWavInfo(wav);
        expect(info).toMatchObject({ sampleRate: 44100, channels: 2, bitsPerSample: 16, format: 1 });
        expect(info.frames).toBe(durationSeconds * 44100);
      }
      expect(Object.keys(track.stems).sort()).toEqual(['bass', 'chords', 'drums', 'lead']);
      expect(track.durationSeconds).toBe(durationSeconds);
    },
  );

  it('makes a sounding, unclipped track in every style', () => {
    for (const style of MUSIC_STYLES) {
      const mix = samples(renderTrack(request({ style })).mix);
      let peak = 0;
      let energy = 0;
      for (const v of mix) {
        peak = Math.max(peak, Math.abs(v));
        energy += v * v;
      }
      const rms = Math.sqrt(energy / mix.length) / 32768;
      expect(rms, style).toBeGreaterThan(0.05);
      expect(peak, style).toBeLessThan(32767);
    }
  });

  it('gives identical bytes for the same request and seed, different ones for another seed or style', () => {
    const a = renderTrack(request());
    const b = renderTrack(request());
    expect(sha(a.mix)).toBe(sha(b.mix));
    expect(sha(a.stems.drums)).toBe(sha(b.stems.drums));
    expect(sha(renderTrack(request({ seed: 43 })).mix)).not.toBe(sha(a.mix));
    expect(sha(renderTrack(request({ style: 'House' })).mix)).not.toBe(sha(a.mix));
  });

  it('writes a mix that is exactly the sum of its stems', () => {
    for (const style of ['Trap', 'Rock', 'Ambient'] as MusicStyle[]) {
      const track = renderTrack(request({ style }));
      const mix = samples(track.mix);
      const stems = Object.values(track.stems).map(samples);
      let worst = 0;
      for (let i = 0; i < mix.length; i++) {
        let sum = 0;
        for (const s of stems) sum += s[i]!;
        worst = Math.max(worst, Math.abs(sum - mix[i]!));
      }
      expect(worst, style).toBeLessThanOrEqual(1);
    }
  });

  it('keeps each style in its tempo range', () => {
    const ranges: Record<MusicStyle, [number, number]> = {
      Techno: [125, 135],
      House: [120, 126],
      Trap: [130, 150],
      'Hip-Hop': [84, 96],
      Pop: [100, 120],
      Rock: [110, 140],
      Ambient: [60, 80],
      'Drum & Bass': [170, 176],
    };
    for (const style of MUSIC_STYLES) {
      for (const seed of [1, 2, 3]) {
        const { bpm } = planTrack({ description: 'a track', style, seed });
        expect(bpm, style).toBeGreaterThanOrEqual(ranges[style][0]);
        expect(bpm, style).toBeLessThanOrEqual(ranges[style][1]);
      }
    }
  });

  it('reads tempo words in Portuguese, English and Spanish', () => {
    for (const seed of [1, 2, 3, 4]) {
      const neutral = planTrack({ description: 'uma faixa', style: 'House', seed }).bpm;
      for (const fast of ['rápido e intenso', 'fast and energetic', 'muy rápido']) {
        expect(planTrack({ description: fast, style: 'House', seed }).bpm).toBeGreaterThan(neutral);
      }
      for (const slow of ['calmo', 'chill vibes', 'tranquilo y relajante']) {
        expect(planTrack({ description: slow, style: 'House', seed }).bpm).toBeLessThan(neutral);
      }
    }
  });

  it('reads mood words into the key: dark/sombrio → minor, happy/feliz → major', () => {
    expect(planTrack({ description: 'algo sombrio', style: 'Pop', seed: 5 }).key).toMatch(/minor$/);
    expect(planTrack({ description: 'dark and moody', style: 'Rock', seed: 5 }).key).toMatch(/minor$/);
    expect(planTrack({ description: 'una canción oscura', style: 'Pop', seed: 5 }).key).toMatch(/minor$/);
    expect(planTrack({ description: 'um som feliz', style: 'Techno', seed: 5 }).key).toMatch(/major$/);
    expect(planTrack({ description: 'happy summer', style: 'Trap', seed: 5 }).key).toMatch(/major$/);
    expect(describeTraits('SOMBRÍO').mode).toBe('minor');
    expect(describeTraits('piano triste').chordTimbre).toBe('piano');
    expect(describeTraits('violão').chordTimbre).toBe('guitar');
  });

  it('changes the audio when the description changes the mood', () => {
    const happy = renderTrack(request({ description: 'feliz' }));
    const dark = renderTrack(request({ description: 'sombrio' }));
    expect(sha(happy.mix)).not.toBe(sha(dark.mix));
  });

  it('refuses an unknown style or duration with BAD_REQUEST', () => {
    expect(() => renderTrack({ ...request(), durationSeconds: 45 as DurationSeconds })).toThrow(
      ProviderError,
    );
    try {
      renderTrack({ ...request(), style: 'Polka' as MusicStyle });
    } catch (error) {
      expect(error).toMatchObject({ code: 'BAD_REQUEST', retryable: false });
    }
  });
});

describe('musicProviderFromConfig', () => {
  it('uses the synthesizer unless MUSIC_PROVIDER_URL is set', () => {
    expect(musicProviderFromConfig({})).toBeInstanceOf(SynthesizerProvider);
    expect(musicProviderFromConfig({ MUSIC_PROVIDER_URL: '' })).toBeInstanceOf(SynthesizerProvider);
    expect(
      musicProviderFromConfig({ MUSIC_PROVIDER_URL: 'http://127.0.0.1:9/api', MUSIC_PROVIDER_KEY: 'k' }),
    ).toBeInstanceOf(HttpMusicProvider);
  });
});
