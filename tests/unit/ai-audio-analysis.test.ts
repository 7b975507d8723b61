import { describe, expect, it } from 'vitest';
import { decodeWav, encodeWav } from '../../shared/audio/wav';
import { analyseMusic, integratedLoudness, measureAudio } from '../../shared/audio/music/analyse';
import { estimateMusicalKey } from '../../shared/audio/music/key';
import { estimateTempo } from '../../shared/audio/music/tempo';
import { bytesSource, decodePrefix } from '../../lambdas/_lib/audio/decode';
import { analyzeFile, docxText } from '../../lambdas/_lib/analysis/file';
import { renderTrack } from '../../lambdas/_lib/music/synthesizer';
import { singText } from '../../lambdas/_lib/ai/formant-voice';
import { mixDown } from '../../shared/audio/music/dsp';
import { MUSIC_STYLES } from '../../shared/audio/styles';

const SR = 44100;

/** Decaying noise bursts on every beat: a click track of known tempo. */
function clickTrack(bpm: number, seconds: number): Float32Array {
  const out = new Float32Array(seconds * SR);
  const period = (60 / bpm) * SR;
  let seed = 1;
  const noise = () => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 2 - 1;
  for (let beat = 0; beat * period < out.length; beat++) {
    const start = Math.round(beat * period);
    for (let i = 0; i < 2000 && start + i < out.length; i++)
      out[start + i] = noise() * Math.exp(-i / 300) * 0.8;
  }
  return out;
}

/** Sustained triads of a cadence in the key (I–IV–V–I), sine partials. */
function cadence(rootMidi: number, minor: boolean, seconds = 8): Float32Array {
  const out = new Float32Array(seconds * SR);
  const third = minor ? 3 : 4;
  const chords = [
    [0, third, 7],
    [5, 5 + (minor ? 3 : 4), 12],
    [7, 11, 14],
    [0, third, 7],
  ];
  const chordLength = out.length / chords.length;
  chords.forEach((chord, c) => {
    for (const interval of [...chord, -12]) {
      const f = 440 * 2 ** ((rootMidi + (interval === -12 ? -12 : interval) - 69) / 12);
      for (let i = Math.floor(c * chordLength); i < (c + 1) * chordLength; i++)
        out[i]! += 0.15 * Math.sin((2 * Math.PI * f * i) / SR);
    }
  });
  return out;
}

interface SynthCase {
  style: string;
  plan: { bpm: number; key: string };
  found: { bpm: number | null; key: string | null };
}
let rendered: SynthCase[] | undefined;

/** Every style of the built-in synthesizer, seeds 1 and 2, rendered and measured once for this file. */
function synthTracks(): SynthCase[] {
  rendered ??= MUSIC_STYLES.flatMap((style) =>
    [1, 2].map((seed) => {
      const track = renderTrack({ description: 'teste', style, durationSeconds: 30, seed });
      const audio = decodeWav(track.mix);
      const mono = mixDown(audio.channels);
      return {
        style,
        plan: { bpm: track.plan.bpm, key: track.plan.key },
        found: (({ bpm, key }) => ({ bpm, key }))(analyseMusic(mono, audio.sampleRate)),
      };
    }),
  );
  return rendered;
}

describe('tempo estimation', { timeout: 180_000 }, () => {
  it.each([90, 120, 128, 140, 174])('finds %i BPM in a click track', (bpm) => {
    expect(estimateTempo(clickTrack(bpm, 20), SR).bpm).toBeGreaterThanOrEqual(bpm - 1);
    expect(estimateTempo(clickTrack(bpm, 20), SR).bpm).toBeLessThanOrEqual(bpm + 1);
  });

  it('finds the tempo of synthesizer tracks up to the octave ambiguity of beat trackers', () => {
    for (const track of synthTracks()) {
      const ratio = track.found.bpm! / track.plan.bpm;
      const octave = Math.min(Math.abs(ratio - 1), Math.abs(ratio - 2), Math.abs(ratio - 0.5));
      expect(octave, `${track.style}: ${track.found.bpm} vs ${track.plan.bpm}`).toBeLessThan(0.02);
    }
  });
});

describe('key estimation', { timeout: 180_000 }, () => {
  it.each([
    [60, false, 'C major'],
    [57, true, 'A minor'],
    [67, false, 'G major'],
    [64, true, 'E minor'],
  ] as const)('finds the key of a cadence on MIDI %i (minor %s)', (root, minor, expected) => {
    expect(estimateMusicalKey(cadence(root, minor), SR).key).toBe(expected);
  });

  it('finds the exact key of most synthesizer tracks (relative major/minor is the usual miss)', () => {
    const tracks = synthTracks();
    const exact = tracks.filter((t) => t.found.key === t.plan.key).length;
    // Measured: 10 of these 16 tracks exactly; Krumhansl profiles confuse relative keys on sparse mixes.
    expect(exact / tracks.length).toBeGreaterThanOrEqual(0.6);
  });
});

describe('levels', () => {
  it('measures a full-scale 997 Hz sine in one channel as -3.01 LUFS (BS.1770 reference)', () => {
    const sine = new Float32Array(SR * 5).map((_, i) => Math.sin((2 * Math.PI * 997 * i) / SR));
    expect(integratedLoudness([sine], SR)).toBeCloseTo(-3.01, 1);
    expect(integratedLoudness([sine, sine], SR)).toBeCloseTo(0, 1);
  });

  it('reports peak, RMS and crest factor in dBFS', () => {
    const sine = new Float32Array(SR * 4).map((_, i) => 0.5 * Math.sin((2 * Math.PI * 440 * i) / SR));
    const m = measureAudio({ sampleRate: SR, channels: [sine] });
    expect(m.peakDbfs).toBeCloseTo(-6.0, 1);
    expect(m.rmsDbfs).toBeCloseTo(-9.0, 1);
    expect(m.crestFactorDb).toBeCloseTo(3.0, 1);
    expect(m.spectrum.midShare).toBeGreaterThan(0.95);
    expect(m.durationSeconds).toBe(4);
  });
});

describe('file analysis', () => {
  it('measures a decoded WAV with duration, loudness, tempo and key', async () => {
    const audio = clickTrack(120, 12);
    const wav = encodeWav({ sampleRate: SR, channels: [audio, audio] });
    const decoded = await decodePrefix(bytesSource(wav, 'beat.wav'), 180);
    expect(decoded).toMatchObject({ format: 'wav', durationSeconds: 12, complete: true });
    expect(measureAudio(decoded.audio)).toMatchObject({
      sampleRate: SR,
      channels: 2,
      durationSeconds: 12,
      bpm: 120,
      tempoClear: true,
    });
  });

  it('counts JSON keys and depth, XML root and elements', () => {
    const json = new TextEncoder().encode(
      JSON.stringify({ song: { bpm: 120, tracks: [{ name: 'a' }] }, v: 1 }),
    );
    expect(analyzeFile('p.json', 'application/json', json.length, json)).toMatchObject({
      format: 'json',
      structure: { valid: true, rootType: 'object', topLevelKeys: ['song', 'v'], depth: 4 },
    });
    const xml = new TextEncoder().encode(
      '<?xml version="1.0"?>\n<project><track id="1"/><track id="2"/></project>',
    );
    expect(analyzeFile('p.xml', 'application/xml', xml.length, xml)).toMatchObject({
      format: 'xml',
      lines: 2,
      structure: { root: 'project', elements: 3 },
    });
    const text = new TextEncoder().encode('uma linha\noutra linha aqui');
    expect(analyzeFile('a.txt', 'text/plain', text.length, text)).toMatchObject({ lines: 2, words: 5 });
  });

  it('counts PDF pages from the page tree', () => {
    const pdf = new TextEncoder().encode(
      '%PDF-1.4\n1 0 obj<</Type /Pages /Kids [2 0 R 3 0 R] /Count 2>>endobj\n2 0 obj<</Type /Page>>endobj\n3 0 obj<</Type /Page>>endobj\n%%EOF',
    );
    expect(analyzeFile('doc.pdf', 'application/pdf', pdf.length, pdf)).toMatchObject({
      format: 'pdf',
      structure: { version: '1.4', pages: 2 },
    });
  });

  it('reads DOCX paragraphs from the zip', async () => {
    const { deflateRawSync } = await import('node:zlib');
    const xml = Buffer.from(
      '<w:document><w:body><w:p><w:r><w:t>Letra da música</w:t></w:r></w:p><w:p><w:r><w:t>Refrão</w:t></w:r></w:p></w:body></w:document>',
    );
    const data = deflateRawSync(xml);
    const name = Buffer.from('word/document.xml');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(xml.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(xml.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(0, 42);
    const cdOffset = local.length + name.length + data.length;
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(1, 8);
    end.writeUInt16LE(1, 10);
    end.writeUInt32LE(central.length + name.length, 12);
    end.writeUInt32LE(cdOffset, 16);
    const zip = new Uint8Array(Buffer.concat([local, name, data, central, name, end]));
    expect(docxText(zip)).toContain('Refrão');
    expect(analyzeFile('letra.docx', '', zip.length, zip)).toMatchObject({
      format: 'docx',
      words: 4,
      structure: { paragraphs: 2 },
    });
  });

  it('leaves audio it does not decode (AAC/M4A) with a note that names the formats it measures', () => {
    const m4a = new Uint8Array(64);
    m4a.set(new TextEncoder().encode('\0\0\0\x20ftypM4A '), 0);
    expect(analyzeFile('voz.m4a', 'audio/mp4', m4a.length, m4a)).toMatchObject({
      kind: 'audio',
      format: 'm4a',
      note: expect.stringContaining('WAV, MP3, FLAC ou OGG') as unknown,
    });
  });
});

describe('formant voice', () => {
  it('sings one note per syllable as a real WAV with vowel formants', () => {
    const voice = singText('la la lu');
    expect(voice.syllables).toEqual(['la', 'la', 'lu']);
    const audio = decodeWav(voice.wav);
    expect(audio.channels[0]!.length).toBeGreaterThan(audio.sampleRate);
    const m = measureAudio(audio);
    expect(m.peakDbfs).toBeGreaterThan(-3);
    expect(m.rmsDbfs).toBeGreaterThan(-30);
  });
});
