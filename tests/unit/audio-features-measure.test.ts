import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { bytesSource, decodePrefix } from '../../lambdas/_lib/audio/decode';
import { measureAudio as measureServer } from '../../shared/audio/music/analyse';
import { headerSampleRate, measureAudio } from '../../web/src/lib/audio-features';

const RATE = 44100;

function sine(hz: number, seconds: number, amplitude = 0.5): Float32Array {
  const samples = new Float32Array(Math.round(seconds * RATE));
  for (let i = 0; i < samples.length; i++) samples[i] = amplitude * Math.sin((2 * Math.PI * hz * i) / RATE);
  return samples;
}

/** Short decaying noise bursts every beat: a click track at `bpm`. */
function clickTrack(bpm: number, seconds: number): Float32Array {
  const samples = new Float32Array(Math.round(seconds * RATE));
  const period = (60 / bpm) * RATE;
  let seed = 7;
  for (let beat = 0; beat * period < samples.length; beat++) {
    const start = Math.round(beat * period);
    for (let i = 0; i < 2000 && start + i < samples.length; i++) {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      samples[start + i] = ((seed / 2 ** 31) * 2 - 1) * Math.exp(-i / 300) * 0.8;
    }
  }
  return samples;
}

describe('audio features measured from samples', () => {
  it('reports the level, duration and centroid of a 1 kHz tone', () => {
    const features = measureAudio([sine(1000, 2)], RATE);
    expect(features.duration).toBe(2);
    expect(features.sampleRate).toBe(RATE);
    expect(features.peak).toBeCloseTo(0.5, 2);
    expect(features.rms).toBeCloseTo(0.5 / Math.SQRT2, 2);
    expect(features.rmsDb).toBeCloseTo(-9, 0);
    expect(features.crestFactorDb).toBeCloseTo(3, 0);
    expect(Math.abs(features.spectralCentroid - 1000)).toBeLessThan(60);
    expect(features.clippingRatio).toBe(0);
  });

  it('finds a brighter centroid for a higher tone', () => {
    const low = measureAudio([sine(200, 1)], RATE).spectralCentroid;
    const high = measureAudio([sine(4000, 1)], RATE).spectralCentroid;
    expect(high).toBeGreaterThan(low * 5);
  });

  it.each([90, 120, 140])('estimates %i BPM from a click track, clearly', (bpm) => {
    const features = measureAudio([clickTrack(bpm, 12)], RATE);
    expect(features.estimatedBpm).not.toBeNull();
    expect(Math.abs(features.estimatedBpm! - bpm)).toBeLessThan(1.5);
    expect(features.tempoClear).toBe(true);
  });

  it('gives no tempo and no key for silence', () => {
    const features = measureAudio([new Float32Array(RATE * 2)], RATE);
    expect(features.estimatedBpm).toBeNull();
    expect(features.estimatedKey).toBeNull();
    expect(features.peakDb).toBe(-120);
  });

  it('names the key of a C–E–G piano file C major (not E minor), as the chat analysis does', async () => {
    const bytes = new Uint8Array(readFileSync(new URL('../fixtures/audio/c-e-g.flac', import.meta.url)));
    const decoded = await decodePrefix(bytesSource(bytes, 'c-e-g.flac'), 180);
    const inBrowser = measureAudio(decoded.audio.channels, decoded.audio.sampleRate);
    const onServer = measureServer(decoded.audio);
    expect(inBrowser.estimatedKey).toBe('C major');
    expect(inBrowser.keyClear).toBe(true);
    expect(onServer.key).toBe(inBrowser.estimatedKey);
    expect(onServer.bpm).toBe(inBrowser.estimatedBpm);
  });

  it('mixes stereo channels and counts clipped samples', () => {
    const left = new Float32Array(RATE).fill(1);
    const right = new Float32Array(RATE).fill(0);
    const features = measureAudio([left, right], RATE);
    expect(features.channels).toBe(2);
    expect(features.peak).toBe(1);
    // RMS over every sample of every channel, as the server's analysis measures it.
    expect(features.rms).toBeCloseTo(Math.SQRT1_2, 2);
    expect(features.clippingRatio).toBeCloseTo(0.5, 3);
  });

  it('reads the sample rate a WAV header declares', () => {
    const header = new Uint8Array(44);
    const view = new DataView(header.buffer);
    header.set(
      [...'RIFF'].map((c) => c.charCodeAt(0)),
      0,
    );
    header.set(
      [...'WAVE'].map((c) => c.charCodeAt(0)),
      8,
    );
    header.set(
      [...'fmt '].map((c) => c.charCodeAt(0)),
      12,
    );
    view.setUint32(16, 16, true);
    view.setUint32(24, 48000, true);
    expect(headerSampleRate(header)).toBe(48000);
    expect(headerSampleRate(new Uint8Array(10))).toBeUndefined();
  });
});

describe('band energy', () => {
  it('puts a 100 Hz tone in the low band and a 8 kHz tone in the high band', () => {
    const low = measureAudio([sine(100, 1)], RATE);
    const high = measureAudio([sine(8000, 1)], RATE);
    expect(low.lowEnergy).toBeGreaterThan(0.95);
    expect(high.highEnergy).toBeGreaterThan(0.95);
    expect(low.lowEnergy + low.midEnergy + low.highEnergy).toBeCloseTo(1, 3);
  });
});
