import { describe, expect, it } from 'vitest';
import { resumeKey } from '../../web/src/lib/multipart-uploader';
import { stemsOf } from '../../web/src/routes/stem-splitter/api/split-stems';
import { parseResumeKey } from '../../web/src/routes/stem-splitter/hooks/useInterruptedUploads';
import { computePeaks } from '../../web/src/routes/generate/peaks';
import { isRiffWave, readsAsWav } from '../../web/src/routes/stem-splitter/wav-check';
import { wavHeader } from '../../shared/audio/wav';

describe('stem splitter view', () => {
  it("reads the uploader's own resume record, even for a name with colons", () => {
    const file = Object.assign(new Blob(['x'.repeat(42)]), { name: 'mix: final.wav', lastModified: 1234 });
    expect(parseResumeKey(resumeKey('stem-split', file))).toEqual({
      storageKey: resumeKey('stem-split', file),
      name: 'mix: final.wav',
      size: 42,
    });
    expect(parseResumeKey(resumeKey('chat-attachment', file))).toBeUndefined();
  });

  it('always lists vocals, drums, bass and other; a missing one has no link', () => {
    const stems = stemsOf({
      status: 'succeeded',
      track: {
        stems: [
          { name: 'drums', url: 'https://s3/drums.wav' },
          { name: 'vocals', signedUrl: 'https://s3/vocals.wav' },
          { name: 'bass', url: null },
        ],
      },
    });
    expect(stems).toEqual([
      { name: 'vocals', url: 'https://s3/vocals.wav' },
      { name: 'drums', url: 'https://s3/drums.wav' },
      { name: 'bass', url: null },
      { name: 'other', url: null },
    ]);
  });
});

describe('waveform peaks', () => {
  it('takes the loudest sample of each bucket across channels, normalised to 1', () => {
    const left = new Float32Array([0, 0.1, 0, 0.2, 0, 0.4, 0, 0]);
    const right = new Float32Array([0, -0.3, 0, 0, 0, 0, -0.1, 0]);
    expect(Array.from(computePeaks([left, right], 4))).toEqual([
      expect.closeTo(0.75, 5),
      expect.closeTo(0.5, 5),
      expect.closeTo(1, 5),
      expect.closeTo(0.25, 5),
    ]);
  });

  it('silence and empty audio give flat zero peaks', () => {
    expect(Array.from(computePeaks([new Float32Array(10)], 5))).toEqual([0, 0, 0, 0, 0]);
    expect(Array.from(computePeaks([], 3))).toEqual([0, 0, 0]);
  });
});

describe('stem splitter: WAV-only check before the upload', () => {
  it('accepts a RIFF/WAVE header and refuses MP3, FLAC and short files', async () => {
    expect(isRiffWave(wavHeader(8000, 1, 8000))).toBe(true);
    expect(await readsAsWav(new Blob([wavHeader(8000, 2, 44100), new Uint8Array(64)]))).toBe(true);
    expect(
      await readsAsWav(new Blob([new TextEncoder().encode('ID3\u0004\u0000\u0000\u0000\u0000\u0000')])),
    ).toBe(false);
    expect(await readsAsWav(new Blob([new TextEncoder().encode('fLaC\u0000\u0000\u0000\u0022')]))).toBe(
      false,
    );
    expect(await readsAsWav(new Blob([new TextEncoder().encode('RIFF')]))).toBe(false);
  });
});
