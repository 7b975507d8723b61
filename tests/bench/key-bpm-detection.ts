/**
 * Key/BPM detection benchmark (issue 8): renders tracks of known tempo and key with the built-in
 * synthesizer across every style, several seeds and tempo words, runs the beat detection used on uploads
 * (lambdas/_lib/licensing/detect.ts) and prints the accuracy. Tempo within ±1 BPM is right; half/double
 * tempo is counted separately (not as right). Key: exact key is right; the relative major/minor is
 * counted separately.
 *   npx tsx tests/bench/key-bpm-detection.ts [--quick]
 */
import { detectBeat } from '../../lambdas/_lib/licensing/detect';
import { renderTrack } from '../../lambdas/_lib/music/synthesizer';
import { compatibleKeys, normalizeKey } from '../../shared/licensing/key-bpm';
import { MUSIC_STYLES } from '../../shared/audio/styles';
import { decodeWav } from '../../shared/audio/wav';

const quick = process.argv.includes('--quick');
const seeds = quick ? [1, 2] : [1, 2, 3, 4, 5];
const descriptions = ['beat para testar', 'beat rápido e energético', 'beat calmo e relaxante'];

interface Row {
  style: string;
  seed: number;
  description: string;
  bpm: number;
  key: string;
  foundBpm: number | null;
  foundKey: string | null;
  tempo: 'right' | 'half/double' | 'wrong';
  keyResult: 'right' | 'relative' | 'wrong';
}

const rows: Row[] = [];
const started = performance.now();
let detectMs = 0;
let audioSeconds = 0;
for (const style of MUSIC_STYLES) {
  for (const seed of seeds) {
    for (const description of descriptions) {
      const track = renderTrack({ description, style, durationSeconds: 30, seed });
      const audio = decodeWav(track.mix);
      const detectStart = performance.now();
      const found = detectBeat(audio);
      detectMs += performance.now() - detectStart;
      audioSeconds += (audio.channels[0]?.length ?? 0) / audio.sampleRate;
      const bpm = track.plan.bpm;
      const tempo =
        found.bpm !== null && Math.abs(found.bpm - bpm) <= 1
          ? 'right'
          : found.bpm !== null && (Math.abs(found.bpm - 2 * bpm) <= 2 || Math.abs(found.bpm - bpm / 2) <= 1)
            ? 'half/double'
            : 'wrong';
      const key = normalizeKey(track.plan.key)!;
      const foundKey = normalizeKey(found.key) ?? null;
      const keyResult =
        foundKey === key ? 'right' : foundKey && compatibleKeys(key)[1] === foundKey ? 'relative' : 'wrong';
      rows.push({ style, seed, description, bpm, key, foundBpm: found.bpm, foundKey, tempo, keyResult });
    }
  }
}
const seconds = (performance.now() - started) / 1000;

const pct = (n: number) => `${((100 * n) / rows.length).toFixed(1)}%`;
const count = (f: (r: Row) => boolean) => rows.filter(f).length;
console.log(
  `Key/BPM detection on ${rows.length} synthesized 30 s tracks (${MUSIC_STYLES.length} styles × ${seeds.length} seeds × ${descriptions.length} tempo words), ${seconds.toFixed(1)} s`,
);
console.log(`Detection time: ${((60 * detectMs) / audioSeconds).toFixed(0)} ms per minute of audio`);
console.log('');
console.log('style         | tempo right | half/double | key right | relative key');
for (const style of MUSIC_STYLES) {
  const of = rows.filter((r) => r.style === style);
  const n = (f: (r: Row) => boolean) => `${of.filter(f).length}/${of.length}`.padEnd(11);
  console.log(
    `${style.padEnd(13)} | ${n((r) => r.tempo === 'right')} | ${n((r) => r.tempo === 'half/double')} | ${n((r) => r.keyResult === 'right')}| ${n((r) => r.keyResult === 'relative')}`,
  );
}
console.log('');
console.log(`BPM right (±1):            ${pct(count((r) => r.tempo === 'right'))}`);
console.log(`BPM half/double (separate): ${pct(count((r) => r.tempo === 'half/double'))}`);
console.log(`Key right (exact):         ${pct(count((r) => r.keyResult === 'right'))}`);
console.log(`Key relative maj/min:      ${pct(count((r) => r.keyResult === 'relative'))}`);
const both = count((r) => r.tempo === 'right' && r.keyResult === 'right');
console.log(`BPM and key both right:    ${pct(both)}  (target ≥ 90%)`);
const misses = rows.filter((r) => r.tempo !== 'right' || r.keyResult !== 'right');
if (misses.length) {
  console.log('\nMisses:');
  for (const r of misses.slice(0, 40))
    console.log(
      `  ${r.style} seed ${r.seed} "${r.description}": ${r.bpm} BPM ${r.key} → ${r.foundBpm} BPM ${r.foundKey}`,
    );
}
