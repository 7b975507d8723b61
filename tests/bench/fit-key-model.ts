/**
 * Refits the key model of shared/audio/music/key.ts (KEY_MODEL) — not a benchmark: it renders
 * generated tracks of known key (8 styles × seeds × six descriptions, 30 s), reads their key features at the
 * detected tempo, fits a multinomial logistic regression over the 24 keys (one weight per chroma bin seen
 * from the candidate tonic, per mode and feature block; L2 3·10⁻⁴, plain gradient descent), prints the
 * accuracy on held-out seeds, and the weights to paste into KEY_MODEL. The benchmark
 * (tests/bench/key-bpm-detection.ts, seeds 1–5) uses seeds it never fits on.
 *   npx tsx tests/bench/fit-key-model.ts            (fit: seeds 101–108, held out: 201–204; ~10 min)
 *   npx tsx tests/bench/fit-key-model.ts --final    (fit on all twelve seeds, as KEY_MODEL was)
 */
import { estimateTempo } from '../../shared/audio/music/tempo';
import { mixDown } from '../../shared/audio/music/dsp';
import {
  KEY_FEATURE_BLOCKS,
  KEY_MODES,
  keyFeatures,
  keyScores,
  type KeyFeatures,
  type KeyModel,
} from '../../shared/audio/music/key';
import { renderTrack } from '../../lambdas/_lib/music/synthesizer';
import { MUSIC_STYLES } from '../../shared/audio/styles';
import { decodeWav } from '../../shared/audio/wav';

const FIT_SEEDS = [101, 102, 103, 104, 105, 106, 107, 108];
const HELD_OUT_SEEDS = [201, 202, 203, 204];
const DESCRIPTIONS = [
  'trap sombrio com 808',
  'pop alegre para o verão',
  'lofi chill at night',
  'música triste lenta',
  'fast aggressive drill',
  'beat para testar',
];
const L2 = 3e-4;
const LEARNING_RATE = 5;
const EPOCHS = 8000;

interface Example {
  features: KeyFeatures;
  /** Index of the true key in keyScores' order. */
  label: number;
}

function examples(seeds: number[]): Example[] {
  const out: Example[] = [];
  for (const style of MUSIC_STYLES) {
    for (const seed of seeds) {
      for (const description of DESCRIPTIONS) {
        const track = renderTrack({ description, style, durationSeconds: 30, seed });
        const audio = decodeWav(track.mix);
        const mono = mixDown(audio.channels);
        const read = keyFeatures(mono, audio.sampleRate, estimateTempo(mono, audio.sampleRate).bpm);
        if (!read) continue;
        out.push({
          features: read.features,
          label: KEY_MODES.indexOf(track.plan.mode) * 12 + track.plan.root,
        });
      }
    }
  }
  return out;
}

const emptyModel = (): Record<(typeof KEY_MODES)[number], Record<keyof KeyFeatures, number[]>> => ({
  major: { notes: Array(12).fill(0), bass: Array(12).fill(0), opening: Array(12).fill(0) },
  minor: { notes: Array(12).fill(0), bass: Array(12).fill(0), opening: Array(12).fill(0) },
});

function fit(data: Example[]): KeyModel {
  const model = emptyModel();
  for (let epoch = 0; epoch < EPOCHS; epoch++) {
    const gradient = emptyModel();
    for (const { features, label } of data) {
      const scores = keyScores(features, model, 0);
      const top = Math.max(...scores);
      const exps = scores.map((s) => Math.exp(s - top));
      const sum = exps.reduce((a, b) => a + b, 0);
      exps.forEach((e, k) => {
        const error = e / sum - (k === label ? 1 : 0);
        const mode = KEY_MODES[Math.floor(k / 12)]!;
        const tonic = k % 12;
        for (const block of KEY_FEATURE_BLOCKS) {
          for (let i = 0; i < 12; i++)
            gradient[mode][block][i]! += error * features[block][(tonic + i) % 12]!;
        }
      });
    }
    for (const mode of KEY_MODES) {
      for (const block of KEY_FEATURE_BLOCKS) {
        for (let i = 0; i < 12; i++) {
          const w = model[mode][block][i]!;
          model[mode][block][i] = w - LEARNING_RATE * (gradient[mode][block][i]! / data.length + L2 * w);
        }
      }
    }
  }
  return model;
}

function accuracy(model: KeyModel, data: Example[]): number {
  const right = data.filter(({ features, label }) => {
    const scores = keyScores(features, model, 0);
    return scores.indexOf(Math.max(...scores)) === label;
  }).length;
  return right / Math.max(1, data.length);
}

const final = process.argv.includes('--final');
const started = performance.now();
const fitData = examples(final ? [...FIT_SEEDS, ...HELD_OUT_SEEDS] : FIT_SEEDS);
const heldOut = final ? [] : examples(HELD_OUT_SEEDS);
console.log(
  `Features of ${fitData.length + heldOut.length} tracks in ${((performance.now() - started) / 1000).toFixed(0)} s`,
);
const model = fit(fitData);
const pct = (value: number) => `${(100 * value).toFixed(1)}%`;
console.log(`Exact key, fitted tracks: ${pct(accuracy(model, fitData))}`);
if (!final)
  console.log(`Exact key, held-out seeds ${HELD_OUT_SEEDS.join(', ')}: ${pct(accuracy(model, heldOut))}`);
console.log('\nconst KEY_MODEL: KeyModel = {');
for (const mode of KEY_MODES) {
  console.log(`  ${mode}: {`);
  for (const block of KEY_FEATURE_BLOCKS) {
    console.log(`    ${block}: [${model[mode][block].map((w) => Number(w.toFixed(2))).join(', ')}],`);
  }
  console.log('  },');
}
console.log('};');
