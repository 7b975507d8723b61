/**
 * essentia.js (AGPL-3.0, a devDependency for benchmarks only; tests/unit/no-essentia-in-bundles.test.ts
 * keeps it out of every shipped bundle) as the public peer of our key and tempo estimates: KeyExtractor
 * and RhythmExtractor2013 with their default settings, on mono 44.1 kHz audio.
 */
import { createRequire } from 'node:module';

interface EssentiaVector {
  delete?: () => void;
}
interface EssentiaCore {
  arrayToVector(array: Float32Array): EssentiaVector;
  KeyExtractor(signal: EssentiaVector): { key: string; scale: string; strength: number };
  RhythmExtractor2013(signal: EssentiaVector): { bpm: number; confidence: number };
  shutdown?: () => void;
}

let instance: EssentiaCore | undefined;

function essentia(): EssentiaCore {
  if (instance) return instance;
  const require = createRequire(import.meta.url);
  // The UMD build: CommonJS, the wasm inlined.
  const { Essentia, EssentiaWASM } = require('essentia.js') as {
    Essentia: new (wasm: unknown) => EssentiaCore;
    EssentiaWASM: unknown;
  };
  instance = new Essentia(EssentiaWASM);
  return instance;
}

const ENHARMONIC: Record<string, string> = { Db: 'C#', Eb: 'D#', Gb: 'F#', Ab: 'G#', Bb: 'A#' };

/** essentia.js's key ('A minor', sharps) and tempo of mono audio at 44.1 kHz. */
export function essentiaKeyTempo(mono: Float32Array): { key: string | null; bpm: number | null } {
  const e = essentia();
  const vector = e.arrayToVector(mono);
  try {
    const key = e.KeyExtractor(vector);
    const rhythm = e.RhythmExtractor2013(vector);
    const tonic = ENHARMONIC[key.key] ?? key.key;
    return {
      key: key.key ? `${tonic} ${key.scale}` : null,
      bpm: Number.isFinite(rhythm.bpm) && rhythm.bpm > 0 ? rhythm.bpm : null,
    };
  } finally {
    vector.delete?.();
  }
}
