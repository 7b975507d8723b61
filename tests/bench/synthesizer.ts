/**
 * Synthesizer benchmark: seconds of audio rendered per CPU second (process.cpuUsage), per style, on one
 * core (rendering is synchronous). Prints numbers from one run; asserts nothing.
 *   npx tsx tests/bench/synthesizer.ts [durationSeconds=60]
 */
import { renderTrack } from '../../lambdas/_lib/music/synthesizer';
import { DURATIONS_SECONDS, MUSIC_STYLES, type DurationSeconds } from '../../shared/audio/styles';

const arg = Number(process.argv[2] ?? 60);
const durationSeconds = (DURATIONS_SECONDS as readonly number[]).includes(arg)
  ? (arg as DurationSeconds)
  : 60;

// Warm the JIT once so the first style is not charged for compilation.
renderTrack({ description: 'warm-up', style: 'Techno', durationSeconds: 30, seed: 0 });

let audio = 0;
let cpu = 0;
for (const style of MUSIC_STYLES) {
  const before = process.cpuUsage();
  const wallStart = performance.now();
  renderTrack({ description: 'benchmark track', style, durationSeconds, seed: 1 });
  const used = process.cpuUsage(before);
  const seconds = (used.user + used.system) / 1e6;
  const wall = (performance.now() - wallStart) / 1000;
  audio += durationSeconds;
  cpu += seconds;
  console.log(
    `${style.padEnd(12)} ${durationSeconds} s audio in ${seconds.toFixed(3)} s CPU (${wall.toFixed(3)} s wall) → ${(durationSeconds / seconds).toFixed(1)}× real time`,
  );
}
console.log(`all styles   ${(audio / cpu).toFixed(1)}× real time per CPU second (target ≥ 50×)`);
