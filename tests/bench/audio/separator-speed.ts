/**
 * Separator speed alone (no scoring): real-time factor per CPU second and per wall second on material
 * mixes, optionally beside another version of the separator in the same process, the two interleaved
 * (alternating which goes first) so that a loaded machine slows both alike. Prints numbers; asserts nothing.
 *
 *   nice -n 19 npx tsx tests/bench/audio/separator-speed.ts [--pieces dev-13,dev-14] [--rounds 2]
 *                                                           [--compare <dir>]
 *   --compare <dir>  a copy of another commit's sources, e.g.
 *                    git archive eb4c92b lambdas/_lib shared | tar -x -C /tmp/before
 * A CPU profile of the same run: node --cpu-prof --import tsx tests/bench/audio/separator-speed.ts …
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { DspSeparator } from '../../../lambdas/_lib/stems/dsp-separator';
import { DEFAULT_OUT } from './material';

interface Contender {
  name: string;
  make: () => DspSeparator;
  audio: number;
  cpu: number;
  wall: number;
}

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const ids = (arg('pieces') ?? 'dev-13,dev-14').split(',');
const rounds = Number(arg('rounds') ?? 2);

async function contender(name: string, root: string): Promise<Contender> {
  const url = pathToFileURL(join(root, 'lambdas/_lib/stems/dsp-separator.ts')).href;
  // Another commit's class has the same shape (separateSync on a WAV), not the same identity.
  const module = (await import(url)) as { DspSeparator: new () => DspSeparator };
  return { name, make: () => new module.DspSeparator(), audio: 0, cpu: 0, wall: 0 };
}

const contenders = [
  await contender('this checkout', resolve(dirname(fileURLToPath(import.meta.url)), '../../..')),
];
const other = arg('compare');
if (other) contenders.unshift(await contender(`--compare ${other}`, resolve(other)));

for (let round = 0; round < rounds; round++) {
  for (const id of ids) {
    const split = id.startsWith('dev') ? 'dev' : 'heldout';
    const wav = new Uint8Array(readFileSync(join(DEFAULT_OUT, split, id, 'mix.wav')));
    const view = new DataView(wav.buffer, wav.byteOffset);
    // Canonical 44-byte header: byte rate at offset 28.
    const seconds = (wav.length - 44) / view.getUint32(28, true);
    const order = round % 2 === 0 ? contenders : [...contenders].reverse();
    for (const c of order) {
      const separator = c.make();
      const cpu0 = process.cpuUsage();
      const wall0 = performance.now();
      separator.separateSync(wav);
      const cpu = process.cpuUsage(cpu0);
      c.cpu += (cpu.user + cpu.system) / 1e6;
      c.wall += (performance.now() - wall0) / 1000;
      c.audio += seconds;
    }
  }
}
for (const c of contenders)
  console.log(
    `${c.name}: ${c.audio.toFixed(0)} s of audio (${ids.join(', ')} × ${rounds}), ${(c.audio / c.cpu).toFixed(1)}× real time per CPU second, ${(c.audio / c.wall).toFixed(1)}× per wall second`,
  );
