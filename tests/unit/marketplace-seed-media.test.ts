import { describe, expect, it } from 'vitest';
import { coverSvg, pcmToWav, synthLoop } from '../../infra/local/seed-data/media';
import { seedBeats, seedCreators, seedOffers } from '../../infra/local/seed-data/marketplace';
import { planSong, SEED_SONG_SECONDS, synthSong } from '../../infra/local/seed-data/song';
import { PRODUCT_GENRES } from '../../shared/schemas/marketplace';

describe('seed media', () => {
  it('writes a valid 16-bit mono PCM WAV header around the samples', () => {
    const wav = pcmToWav(new Float32Array([0, 1, -1, 0.5]), 8000);
    expect(wav.subarray(0, 4).toString('ascii')).toBe('RIFF');
    expect(wav.readUInt32LE(4)).toBe(wav.length - 8);
    expect(wav.subarray(8, 16).toString('ascii')).toBe('WAVEfmt ');
    expect(wav.readUInt16LE(20)).toBe(1);
    expect(wav.readUInt16LE(22)).toBe(1);
    expect(wav.readUInt32LE(24)).toBe(8000);
    expect(wav.readUInt16LE(34)).toBe(16);
    expect(wav.readUInt32LE(40)).toBe(8);
    expect([0, 1, 2, 3].map((i) => wav.readInt16LE(44 + i * 2))).toEqual([0, 32767, -32767, 16384]);
  });

  it('renders whole bars of at least 3 s, audible and without clipping, different per beat', () => {
    const a = synthLoop(1, 140);
    const b = synthLoop(2, 140);
    const seconds = a.length / 22_050;
    expect(seconds).toBeGreaterThanOrEqual(3);
    const bar = (60 / 140) * 4;
    expect(Math.abs(seconds / bar - Math.round(seconds / bar))).toBeLessThan(0.01);
    const peak = a.reduce((max, v) => Math.max(max, Math.abs(v)), 0);
    expect(peak).toBeGreaterThan(0.2);
    expect(peak).toBeLessThanOrEqual(0.9);
    expect(a.some((v, i) => v !== b[i])).toBe(true);
    expect(synthLoop(1, 140)).toEqual(a); // deterministic
  });

  it('renders sample beats as whole songs in sections, not one bar repeated (issue 18)', () => {
    for (const bpm of [60, 92, 140, 200]) {
      const plan = planSong(7, bpm);
      const seconds = (plan.phrases.length * 4 * plan.barFrames) / 22_050;
      expect(seconds).toBeGreaterThanOrEqual(SEED_SONG_SECONDS);
      expect(seconds).toBeLessThan(SEED_SONG_SECONDS + 4 * ((4 * 60) / bpm) + 0.1);
      expect(plan.phrases[0]).toBe('intro');
      expect(plan.phrases.at(-1)).toBe('outro');
      expect(new Set(plan.phrases)).toEqual(new Set(['intro', 'verse', 'hook', 'break', 'outro']));
    }
    const { pcm, plan } = synthSong(3, 120);
    expect(pcm.length).toBe(plan.phrases.length * 4 * plan.barFrames);
    const rms = (from: number, frames: number) => {
      let sum = 0;
      for (let i = from; i < from + frames; i += 1) sum += pcm[i]! ** 2;
      return Math.sqrt(sum / frames);
    };
    const phrase = 4 * plan.barFrames;
    const at = (name: string) => plan.phrases.indexOf(name as never) * phrase;
    // The intro and the break have no drums, the hook is the loudest, the outro fades to silence.
    expect(rms(at('hook'), phrase)).toBeGreaterThan(rms(at('intro'), phrase) * 1.5);
    expect(rms(at('hook'), phrase)).toBeGreaterThan(rms(at('break'), phrase) * 1.5);
    expect(rms(pcm.length - plan.barFrames, plan.barFrames)).toBeLessThan(rms(at('hook'), phrase) / 4);
    // Bars inside a phrase differ (the chords move), so no single bar is the whole song.
    const bar = (n: number) =>
      pcm.subarray(at('hook') + n * plan.barFrames, at('hook') + (n + 1) * plan.barFrames);
    expect(bar(0).some((v, i) => v !== bar(1)[i])).toBe(true);
    let peak = 0;
    for (const v of pcm) peak = Math.max(peak, Math.abs(v));
    expect(peak).toBeGreaterThan(0.2);
    expect(peak).toBeLessThanOrEqual(0.9);
    const bytes = (samples: Float32Array) =>
      Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength);
    const short = synthSong(3, 120, 20).pcm;
    expect(bytes(synthSong(3, 120, 20).pcm).equals(bytes(short))).toBe(true); // deterministic
    expect(bytes(synthSong(4, 120, 20).pcm).equals(bytes(short))).toBe(false);
    // Two minutes of audio rendered and measured: a few hundred ms, more on a busy machine.
  }, 30_000);

  it('escapes titles in SVG covers', () => {
    const svg = coverSvg(3, 'R&B <Noite>', 'R&B');
    expect(svg).toContain('R&amp;B &lt;Noite&gt;');
    expect(svg.startsWith('<svg')).toBe(true);
  });
});

describe('seed catalogue', () => {
  it('spans every product genre with prices 5–100, bpm 60–200 and valid creators', () => {
    expect(seedBeats.length).toBeGreaterThanOrEqual(40);
    expect(new Set(seedBeats.map((b) => b.genre))).toEqual(new Set(PRODUCT_GENRES));
    for (const beat of seedBeats) {
      expect(beat.price).toBeGreaterThanOrEqual(5);
      expect(beat.price).toBeLessThanOrEqual(100);
      expect(beat.bpm).toBeGreaterThanOrEqual(60);
      expect(beat.bpm).toBeLessThanOrEqual(200);
      expect(seedCreators[beat.creator]).toBeDefined();
    }
    expect(new Set(seedBeats.map((b) => b.title)).size).toBe(seedBeats.length);
  });

  it('has drops inside the 72 h window and ones that must stay hidden', () => {
    const inside = seedOffers.filter(
      (o) => o.is_active && o.slots_remaining > 0 && o.expiresInHours > 0 && o.expiresInHours <= 72,
    );
    expect(inside.length).toBeGreaterThanOrEqual(3);
    expect(seedOffers.some((o) => o.expiresInHours > 72)).toBe(true);
    expect(seedOffers.some((o) => o.slots_remaining === 0)).toBe(true);
  });
});
