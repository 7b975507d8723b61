/**
 * Quick comparison of separator settings on DEV pieces only (the tuning half; the held-out half is never
 * read here): plain mono SDR per stem (10·log10 ‖s‖² / ‖s − ŝ‖², no distortion filter, so lower than
 * bss_eval's SDR, but seconds instead of minutes a piece) and CPU speed, every setting in the same run.
 * Use it to choose; confirm the choice with bss_eval (separator.ts --split dev) before reporting it.
 *
 *   nice -n 15 npx tsx tests/bench/audio/separator-sweep.ts [--from 9] [--count 8] [--variants "a;b;{json options}"]
 * --from/--count pick dev pieces. The shipped models are fitted on every dev piece (material.ts FIT_ALL), so
 * they are in-sample here: to choose, fit both variants on 40 pieces (--count 16 --extra 8 --more 8
 * --coloured 8: dev-01 … dev-16, dev-25 … dev-32, dev-37 … dev-44, dev-49 … dev-56; written with --out) and
 * compare them on dev-17 … dev-24 (FluidR3_GM, --from 17 --count 8), dev-33 … dev-36 (other sound fonts,
 * --from 33 --count 4), dev-45 … dev-48 (other singers, --from 45 --count 4) and dev-57 … dev-60 (coloured,
 * --from 57 --count 4).
 * --mono scores their mono copies (material-mono.ts): the mono models against the stereo ones on every
 * frame ('{"mono":false}').
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ContextModel } from '../../../lambdas/_lib/stems/context-model';
import { DspSeparator, type DspSeparatorOptions } from '../../../lambdas/_lib/stems/dsp-separator';
import { monoOf, plainSdr } from './plain-sdr';
import { ensureMaterial, STEMS, type Stem } from './material';
import { monoPieces } from './material-mono';

export const SWEEP_VARIANTS: Record<string, DspSeparatorOptions> = {
  default: {},
  'sharpness 1': { maskSharpness: 1 },
  'sharpness 1.5': { maskSharpness: 1.5 },
  'sharpness 2': { maskSharpness: 2 },
};

/**
 * A variant given as JSON options on the command line, e.g. '{"maskSmoothing":0.2}'; a string `model` is
 * the path of a model written by fit-separator-model.ts --out, a string `context` that of a second pass
 * written by fit-separator-model.ts --context H --out (a list of paths: several passes), a string
 * `lowModel` that of a low-band model written by fit-low-band.ts --out; `mono` as {"model": path,
 * "context": path}.
 */
function adHoc(name: string): DspSeparatorOptions {
  if (!name.startsWith('{')) throw new Error(`unknown variant ${name}`);
  const options = JSON.parse(name) as DspSeparatorOptions & {
    model?: unknown;
    context?: unknown;
    lowModel?: unknown;
    mono?: unknown;
  };
  const read = <T>(file: string) => JSON.parse(readFileSync(file, 'utf8')) as T;
  if (options.mono && typeof options.mono === 'object') {
    const { model, context } = options.mono as unknown as { model: string; context?: string };
    options.mono = { model: read(model), context: context ? [read<ContextModel>(context)] : [] };
  }
  if (typeof options.model === 'string') options.model = read<DspSeparatorOptions['model']>(options.model);
  if (typeof options.lowModel === 'string')
    options.lowModel = read<DspSeparatorOptions['lowModel']>(options.lowModel);
  // One pass (written by fit-separator-model.ts --context … --out) or a list of passes.
  if (typeof options.context === 'string') options.context = [options.context];
  if (Array.isArray(options.context))
    options.context = options.context.map((pass: unknown) =>
      typeof pass === 'string' ? read<ContextModel>(pass) : (pass as ContextModel),
    );
  return options;
}

async function main(): Promise<void> {
  const arg = (name: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i >= 0 ? process.argv[i + 1] : undefined;
  };
  const from = Number(arg('from') ?? 9);
  const count = Number(arg('count') ?? 8);
  const names = arg('variants')?.split(';') ?? ['sharpness 1', 'sharpness 1.5', 'sharpness 2'];
  const dev = (await ensureMaterial({ split: 'dev', count: from - 1 + count })).slice(from - 1);
  const pieces = process.argv.includes('--mono') ? monoPieces(dev) : dev;
  const totals = new Map<string, { sdr: Record<Stem, number>; cpu: number }>();
  let audio = 0;
  for (const piece of pieces) {
    const mix = new Uint8Array(readFileSync(piece.files.mix));
    const refs = Object.fromEntries(
      STEMS.map((s) => [s, monoOf(new Uint8Array(readFileSync(piece.files[s])))]),
    ) as Record<Stem, Float64Array>;
    audio += piece.meta.seconds;
    const line: string[] = [];
    for (const name of names) {
      const options = SWEEP_VARIANTS[name] ?? adHoc(name);
      const cpu0 = process.cpuUsage();
      const stems = new DspSeparator(options).separateSync(mix);
      const cpu = process.cpuUsage(cpu0);
      const t = totals.get(name) ?? { sdr: { vocals: 0, drums: 0, bass: 0, other: 0 }, cpu: 0 };
      t.cpu += (cpu.user + cpu.system) / 1e6;
      const sdr = STEMS.map((s) => plainSdr(refs[s], monoOf(stems[s])));
      STEMS.forEach((s, i) => (t.sdr[s] += sdr[i]!));
      totals.set(name, t);
      line.push(`${name}: ${sdr.map((v) => v.toFixed(2)).join(' ')}`);
    }
    process.stderr.write(`${piece.meta.id}  ${line.join(' | ')}\n`);
  }
  console.log(
    `dev ${pieces[0]?.meta.id} … ${pieces.at(-1)?.meta.id} (${pieces.length} pieces): plain mono SDR, mean over pieces`,
  );
  console.log(`${'variant'.padEnd(22)} vocals   drums    bass   other    mean   ×RT/CPU-s`);
  for (const [name, t] of totals) {
    const per = STEMS.map((s) => t.sdr[s] / pieces.length);
    const mean = per.reduce((a, b) => a + b, 0) / per.length;
    console.log(
      `${name.padEnd(22)}${[...per, mean].map((v) => v.toFixed(2).padStart(7)).join(' ')} ${(audio / t.cpu).toFixed(1).padStart(8)}`,
    );
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
