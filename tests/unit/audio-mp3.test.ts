import { describe, expect, it } from 'vitest';
import { wavToMp3 } from '../../shared/audio/mp3';
import { encodeWav, WavFormatError } from '../../shared/audio/wav';

/** A beat-like WAV: a tone per channel with a pulse every quarter second. */
function beatWav(seconds: number, sampleRate: number, channels: number, encoding?: 'pcm24'): Uint8Array {
  const frames = Math.round(seconds * sampleRate);
  return encodeWav(
    {
      sampleRate,
      channels: Array.from({ length: channels }, (_, c) =>
        Float32Array.from({ length: frames }, (_, i) => {
          const t = i / sampleRate;
          return 0.4 * Math.sin(2 * Math.PI * (110 + 55 * c) * t) + (t % 0.25 < 0.02 ? 0.3 : 0);
        }),
      ),
    },
    encoding,
  );
}

const BITRATES_MPEG1 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const RATES_MPEG1 = [44100, 48000, 32000];

interface Mp3Frames {
  frames: number;
  bitrates: Set<number>;
  sampleRate: number;
  stereo: boolean;
  seconds: number;
}

/** Walks the MPEG-1 Layer III frames from the first byte to the last, failing on anything else. */
function readFrames(mp3: Uint8Array): Mp3Frames {
  let at = 0;
  let frames = 0;
  let sampleRate = 0;
  let stereo = true;
  const bitrates = new Set<number>();
  while (at + 4 <= mp3.length) {
    const [b0, b1, b2, b3] = [mp3[at]!, mp3[at + 1]!, mp3[at + 2]!, mp3[at + 3]!];
    // 11 sync bits (0xFFE), MPEG-1 (11), Layer III (01).
    if (b0 !== 0xff || (b1 & 0xe0) !== 0xe0) throw new Error(`no frame sync at byte ${at}`);
    expect((b1 >> 3) & 0b11).toBe(0b11);
    expect((b1 >> 1) & 0b11).toBe(0b01);
    const kbps = BITRATES_MPEG1[b2 >> 4]!;
    sampleRate = RATES_MPEG1[(b2 >> 2) & 0b11]!;
    const padding = (b2 >> 1) & 1;
    stereo &&= b3 >> 6 !== 0b11;
    bitrates.add(kbps);
    at += Math.floor((144_000 * kbps) / sampleRate) + padding;
    frames++;
  }
  expect(at).toBe(mp3.length);
  return { frames, bitrates, sampleRate, stereo, seconds: (frames * 1152) / sampleRate };
}

// Encoding seconds of audio is CPU-bound: allow for a busy CI machine.
describe('WAV → MP3 (lamejs)', { timeout: 30_000 }, () => {
  it('a 44.1 kHz stereo WAV becomes a 320 kbps stereo MP3 of the same length', () => {
    const mp3 = wavToMp3(beatWav(3, 44100, 2), { kbps: 320 });
    expect([mp3[0], mp3[1]! & 0xf0]).toEqual([0xff, 0xf0]);
    const read = readFrames(mp3);
    expect(read).toMatchObject({ sampleRate: 44100, stereo: true, bitrates: new Set([320]) });
    // The encoder adds at most a couple of frames of delay and padding.
    expect(read.seconds).toBeGreaterThanOrEqual(3);
    expect(read.seconds).toBeLessThan(3.1);
    expect((mp3.length * 8) / read.seconds / 1000).toBeCloseTo(320, -1);
  });

  it('the 128 kbps preview is smaller by the bitrate ratio', () => {
    const wav = beatWav(2, 48000, 2, 'pcm24');
    const preview = wavToMp3(wav, { kbps: 128 });
    const full = wavToMp3(wav, { kbps: 320 });
    const read = readFrames(preview);
    expect(read).toMatchObject({ sampleRate: 48000, bitrates: new Set([128]) });
    expect(read.seconds).toBeCloseTo(2, 1);
    expect(preview.length / full.length).toBeCloseTo(128 / 320, 1);
  });

  it('a mono 22.05 kHz WAV is resampled to 44.1 kHz, so it still gets a stereo 320 kbps MP3', () => {
    const read = readFrames(wavToMp3(beatWav(1.5, 22050, 1), { kbps: 320 }));
    expect(read).toMatchObject({ sampleRate: 44100, stereo: true, bitrates: new Set([320]) });
    expect(read.seconds).toBeCloseTo(1.5, 1);
  });

  it('refuses bytes that are not a WAV', () => {
    expect(() => wavToMp3(new TextEncoder().encode('ID3 not a wav at all'), { kbps: 320 })).toThrow(
      WavFormatError,
    );
  });
});
