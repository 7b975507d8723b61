import { describe, expect, it } from 'vitest';
import { resumeKey } from '../../web/src/lib/multipart-uploader';
import { stemsOf } from '../../web/src/routes/stem-splitter/api/split-stems';
import { parseResumeKey } from '../../web/src/routes/stem-splitter/hooks/useInterruptedUploads';
import { computePeaks } from '../../web/src/routes/generate/peaks';
import { sniffFile, splitterAccepts } from '../../web/src/routes/stem-splitter/format-check';
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
          { name: 'drums', url: 'https://s3/drums.wav', mp3Url: 'https://s3/drums.mp3' },
          { name: 'vocals', signedUrl: 'https://s3/vocals.wav' },
          { name: 'bass', url: null },
        ],
      },
    });
    expect(stems).toEqual([
      { name: 'vocals', url: 'https://s3/vocals.wav', mp3Url: null },
      { name: 'drums', url: 'https://s3/drums.wav', mp3Url: 'https://s3/drums.mp3' },
      { name: 'bass', url: null, mp3Url: null },
      { name: 'other', url: null, mp3Url: null },
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

describe('stem splitter: format check before the upload', () => {
  const bytes = (text: string) => new TextEncoder().encode(text);
  it('takes WAV, MP3, FLAC and Ogg Vorbis headers', async () => {
    expect(await splitterAccepts(new Blob([wavHeader(8000, 2, 44100), new Uint8Array(64)]))).toBe(true);
    expect(
      await splitterAccepts(
        new Blob([bytes('ID3\u0004\u0000\u0000\u0000\u0000\u0000\u0000\u00ff\u00fb\u0090\u0000')]),
      ),
    ).toBe(true);
    expect(await splitterAccepts(new Blob([bytes('fLaC\u0000\u0000\u0000\u0022')]))).toBe(true);
    const ogg = new Uint8Array(64);
    ogg.set(bytes('OggS'), 0);
    ogg[26] = 1;
    ogg.set(bytes('\u0001vorbis'), 28);
    expect(await splitterAccepts(new Blob([ogg]))).toBe(true);
  });

  it('refuses M4A, AIFF and what is not audio at once', async () => {
    expect(await sniffFile(new Blob([bytes('\u0000\u0000\u0000\u0020ftypM4A ')]))).toBe('m4a');
    expect(await splitterAccepts(new Blob([bytes('\u0000\u0000\u0000\u0020ftypM4A ')]))).toBe(false);
    expect(await splitterAccepts(new Blob([bytes('FORM\u0000\u0000\u0000\u0000AIFF')]))).toBe(false);
    expect(await splitterAccepts(new Blob([bytes('%PDF-1.7')]))).toBe(false);
  });
});
