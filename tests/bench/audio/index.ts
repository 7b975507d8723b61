/**
 * Every audio table in one run (nice -n 10 npx tsx tests/bench/audio/index.ts [--quick]):
 *  1. key and tempo, ours beside essentia.js, held-out then dev (key-tempo.ts);
 *  2. the separator's table (separator.ts, the `separator` helper's bench), when present;
 *  3. WAV vs MP3/FLAC/OGG through the decode path: same key and tempo, SDR within 0.3 dB (formats.ts);
 *  4. decode speed and peak RSS per format, and the split function's peak RSS on a 10-minute
 *     48 kHz 24-bit stereo file (decode.ts).
 * --quick: 2 minutes instead of 10 for the long file, 4 pieces for the format table.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { decodeTable } from './decode';
import { formatsTable } from './formats';
import { keyTempoTables } from './key-tempo';

const here = path.dirname(fileURLToPath(import.meta.url));
const quick = process.argv.includes('--quick');

async function separatorTables(): Promise<string | undefined> {
  const file = path.join(here, 'separator.ts');
  if (!existsSync(file)) return undefined;
  const mod = (await import(file)) as Record<string, unknown>;
  const table = Object.entries(mod).find(
    ([name, value]) => /table/i.test(name) && typeof value === 'function',
  );
  if (!table) return undefined;
  return String(await (table[1] as () => Promise<unknown>)());
}

const started = performance.now();
const sections: string[] = [];
sections.push(await keyTempoTables(['heldout', 'dev']));
const separator = await separatorTables();
if (separator) sections.push(separator);
sections.push(await formatsTable('heldout', quick ? 4 : 8));
sections.push(await decodeTable(quick ? 120 : 600));
console.log(sections.join('\n\n'));
console.log(`\n(all audio tables in ${((performance.now() - started) / 1000).toFixed(0)} s)`);
