import { describe, expect, it } from 'vitest';
import {
  decodeWav,
  encodeWav,
  encodeWavInt16,
  readWavInfo,
  toStereo,
  wavDurationSeconds,
  WavFormatError,
  type PcmAudio,
} from '../../shared/audio/wav';

const sine = (frames: number, channels: number): PcmAudio => ({
  sampleRate: 44100,
  channels: Array.from({ length: channels }, (_, c) =>
    Float32Array.from(
      { length: frames },
      (_, i) => 0.8 * Math.sin((2 * Math.PI * (440 + 110 * c) * i) / 44100),
    ),
  ),
});

const ascii = (bytes: Uint8Array, at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));

describe('WAV encoding', () => {
  it('writes a canonical 44-byte RIFF header with the right fields', () => {
    const wav = encodeWav(sine(1000, 2));
    const view = new DataView(wav.buffer);
    expect(ascii(wav, 0)).toBe('RIFF');
    expect(ascii(wav, 8)).toBe('WAVE');
    expect(ascii(wav, 12)).toBe('fmt ');
    expect(view.getUint16(20, true)).toBe(1); // PCM
    expect(view.getUint16(22, true)).toBe(2);
    expect(view.getUint32(24, true)).toBe(44100);
    expect(view.getUint32(28, true)).toBe(44100 * 4);
    expect(view.getUint16(32, true)).toBe(4);
    expect(view.getUint16(34, true)).toBe(16);
    expect(ascii(wav, 36)).toBe('data');
    expect(view.getUint32(40, true)).toBe(4000);
    expect(view.getUint32(4, true)).toBe(wav.length - 8);
  });

  it('round-trips 16-bit stereo within one step of quantisation', () => {
    const audio = sine(4410, 2);
    const back = decodeWav(encodeWav(audio));
    expect(back.sampleRate).toBe(44100);
    expect(back.channels).toHaveLength(2);
    for (let c = 0; c < 2; c++) {
      for (let i = 0; i < 4410; i++)
        expect(Math.abs(back.channels[c]![i]! - audio.channels[c]![i]!)).toBeLessThan(1 / 16000);
    }
  });

  it('round-trips 24-bit and 32-bit float with their precision', () => {
    const audio = sine(1000, 2);
    const b24 = decodeWav(encodeWav(audio, 'pcm24'));
    const b32 = decodeWav(encodeWav(audio, 'float32'));
    expect(readWavInfo(encodeWav(audio, 'pcm24')).bitsPerSample).toBe(24);
    expect(readWavInfo(encodeWav(audio, 'float32')).format).toBe(3);
    for (let i = 0; i < 1000; i++) {
      expect(Math.abs(b24.channels[1]![i]! - audio.channels[1]![i]!)).toBeLessThan(1e-6);
      expect(b32.channels[0]![i]!).toBe(audio.channels[0]![i]!);
    }
  });

  it('reads negative 24-bit samples with their sign', () => {
    const audio: PcmAudio = { sampleRate: 8000, channels: [Float32Array.from([-0.5, 0.25, -1])] };
    const back = decodeWav(encodeWav(audio, 'pcm24'));
    expect(back.channels[0]![0]).toBeCloseTo(-0.5, 5);
    expect(back.channels[0]![2]).toBeCloseTo(-1, 5);
  });

  it('handles mono, odd frame counts and pads an odd data chunk', () => {
    const audio: PcmAudio = { sampleRate: 22050, channels: [Float32Array.from([0.1, -0.2, 0.3])] };
    const pcm24 = encodeWav(audio, 'pcm24'); // 9 data bytes → one pad byte
    expect(pcm24.length).toBe(44 + 9 + 1);
    expect(decodeWav(pcm24).channels[0]).toHaveLength(3);
    const mono = decodeWav(encodeWav(audio));
    expect(mono.channels).toHaveLength(1);
    expect(mono.sampleRate).toBe(22050);
    expect(toStereo(mono).channels).toHaveLength(2);
    expect(wavDurationSeconds(encodeWav(audio))).toBeCloseTo(3 / 22050, 9);
  });

  it('skips unknown chunks before the data and reads a truncated data chunk', () => {
    const plain = encodeWav(sine(100, 1));
    const extra = new Uint8Array([0x4c, 0x49, 0x53, 0x54, 3, 0, 0, 0, 1, 2, 3, 0]); // 'LIST', odd size + pad
    const withList = new Uint8Array(plain.length + extra.length);
    withList.set(plain.subarray(0, 36), 0);
    withList.set(extra, 36);
    withList.set(plain.subarray(36), 36 + extra.length);
    expect(readWavInfo(withList).frames).toBe(100);
    expect(readWavInfo(plain.subarray(0, 44 + 51)).frames).toBe(25);
  });

  it('encodes interleaved Int16 samples byte for byte', () => {
    const wav = encodeWavInt16(Int16Array.from([1, -1, 32767, -32768]), 2, 48000);
    const info = readWavInfo(wav);
    expect(info).toMatchObject({ channels: 2, sampleRate: 48000, frames: 2, bitsPerSample: 16 });
    expect(new DataView(wav.buffer).getInt16(50, true)).toBe(-32768);
  });

  it('rejects data that is not WAV with a clear error', () => {
    expect(() => readWavInfo(new TextEncoder().encode('ID3\u0004 this is an mp3'))).toThrow(WavFormatError);
    expect(() => readWavInfo(new TextEncoder().encode('ID3\u0004 this is an mp3'))).toThrow(/Not a WAV file/);
    expect(() => readWavInfo(new Uint8Array(0))).toThrow(/Not a WAV file/);
    const noData = encodeWav(sine(10, 1)).subarray(0, 36);
    expect(() => readWavInfo(noData)).toThrow(/no data chunk/);
    const adpcm = encodeWav(sine(10, 1));
    new DataView(adpcm.buffer).setUint16(20, 2, true);
    expect(() => readWavInfo(adpcm)).toThrow(/format tag 2/);
  });
});
