import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import {
  LAMBDA_HANDLER,
  lambdaBuildEnvironment,
  lambdaBuildFromContext,
  lambdaCode,
  METAFILE,
} from '../../../infra/bundling';
import { repoRoot } from '../../../infra/constructs/app-function';
import { routes } from '../../../infra/routes';
import { buildPlatform, settingsFromContext } from '../../../infra/stacks/platform';
import { fixtureWebDist } from '../../infra/synth';

/**
 * The bundles `cdk deploy` would upload, made by CDK itself: the platform's Api and Auth stacks are
 * synthesized with bundling on (the same esbuild options from infra/bundling.ts), plus one stack
 * holding the bare reference handler built with those very options. Each function is then found in the
 * templates with its asset folder and the environment its Lambda gets.
 */

export const BARE = '(bare handler)';

export interface Bundle {
  name: string;
  /** API-facing (routed by the HTTP API) or background (state machine task, async job, trigger...). */
  kind: 'api' | 'background' | 'reference';
  /** Folder holding the bundle, copied out of the cloud assembly. */
  dir: string;
  /** Variables of the function's Lambda environment that are plain strings in the template. */
  environment: Record<string, string>;
  memoryMb: number;
}

const BENCH_STACK = 'ColdStartBench';

interface TemplateFunction {
  Type: string;
  Metadata?: Record<string, unknown>;
  Properties?: { Environment?: { Variables?: Record<string, unknown> }; MemorySize?: number };
}

/**
 * Synthesizes the bare handler's stack into `outdir`, and the platform beside it unless the platform's
 * assembly is reused (one made earlier, e.g. by `npx cdk synth`).
 */
export function synthesize(outdir: string, context: Record<string, string>, withPlatform: boolean): void {
  const cdkJson = JSON.parse(readFileSync(path.join(repoRoot, 'cdk.json'), 'utf8')) as {
    context: Record<string, unknown>;
  };
  const app = new App({
    outdir,
    context: {
      ...cdkJson.context,
      ...context,
      // What the CDK CLI turns on: the templates name each resource's construct path and asset folder.
      'aws:cdk:enable-path-metadata': true,
      'aws:cdk:enable-asset-metadata': true,
      // Only the stacks holding functions pay for bundling.
      'aws:cdk:bundling-stacks': ['*-Api', '*-Auth', BENCH_STACK],
    },
  });
  // Only the functions are measured: the Web stack gets the infra tests' stand-in for web/dist.
  if (withPlatform) buildPlatform(app, settingsFromContext(app), undefined, { webDist: fixtureWebDist });
  const bench = new Stack(app, BENCH_STACK);
  const build = lambdaBuildFromContext(bench.node);
  new lambda.Function(bench, 'Bare', {
    code: lambdaCode('tests/bench/cold-start/bare-handler.ts', build),
    handler: LAMBDA_HANDLER,
    runtime: lambda.Runtime.NODEJS_24_X,
    architecture: lambda.Architecture.ARM_64,
    environment: lambdaBuildEnvironment(build),
  });
  app.synth();
}

/** Every catalogue function (and the bare handler) of the assemblies, copied under `stage/`. */
export function collectBundles(outdirs: string[], stage: string): Bundle[] {
  const routed = new Set(routes.map((route) => route.functionName as string));
  const bundles: Bundle[] = [];
  for (const [outdir, file] of outdirs.flatMap((dir) =>
    readdirSync(dir)
      .filter((name) => name.endsWith('.template.json'))
      .map((name) => [dir, name] as const),
  )) {
    const template = JSON.parse(readFileSync(path.join(outdir, file), 'utf8')) as {
      Resources?: Record<string, TemplateFunction>;
    };
    for (const resource of Object.values(template.Resources ?? {})) {
      if (resource.Type !== 'AWS::Lambda::Function') continue;
      const cdkPath = String(resource.Metadata?.['aws:cdk:path'] ?? '');
      const asset = resource.Metadata?.['aws:asset:path'];
      const name = /\/Fn-([^/]+)\/Function\/Resource$/.exec(cdkPath)?.[1];
      const isBare = cdkPath === `${BENCH_STACK}/Bare/Resource`;
      if ((!name && !isBare) || typeof asset !== 'string') continue;
      // A reused assembly may hold an earlier bare handler: the reference is the one built in this run.
      if (isBare && outdir !== outdirs[outdirs.length - 1]) continue;
      const dir = path.join(stage, name ?? 'bare');
      mkdirSync(dir, { recursive: true });
      cpSync(path.join(outdir, asset), dir, { recursive: true });
      const environment: Record<string, string> = {};
      for (const [key, value] of Object.entries(resource.Properties?.Environment?.Variables ?? {}))
        environment[key] = typeof value === 'string' ? value : `bench-${key.toLowerCase()}`;
      bundles.push({
        name: name ?? BARE,
        kind: isBare ? 'reference' : routed.has(name!) ? 'api' : 'background',
        dir,
        environment,
        memoryMb: resource.Properties?.MemorySize ?? 128,
      });
    }
  }
  if (!bundles.some((bundle) => bundle.kind === 'reference'))
    throw new Error('no bare reference handler was synthesized');
  return bundles.sort((a, b) => a.name.localeCompare(b.name));
}

export interface BundleSize {
  /** index.mjs and the chunks it imports statically: what a cold start reads and parses. */
  startBytes: number;
  /** Chunks reached only through `await import()`: read when a request needs them. */
  lazyBytes: number;
  mapBytes: number;
  /** Bytes loaded at start per package, largest first (from the metafile). */
  weights: [string, number][];
}

interface Metafile {
  outputs: Record<
    string,
    {
      bytes: number;
      imports: { path: string; kind: string }[];
      inputs: Record<string, { bytesInOutput: number }>;
    }
  >;
}

/** Where an input file comes from: its npm package, or the app's own code. */
export function packageOf(input: string): string {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input);
  if (match) return match[1]!;
  return input.startsWith('shared/') ? 'shared/' : input.startsWith('lambdas/') ? 'lambdas/' : input;
}

export function sizeOf(dir: string): BundleSize {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  const bytesOf = (name: string) => statSync(path.join(dir, name)).size;
  const mapBytes = files.filter((f) => f.name.endsWith('.map')).reduce((sum, f) => sum + bytesOf(f.name), 0);
  const code = files.filter((f) => f.name.endsWith('.mjs') || f.name.endsWith('.js')).map((f) => f.name);
  const metaPath = path.join(dir, METAFILE);
  if (!existsSync(metaPath)) {
    const all = code.reduce((sum, name) => sum + bytesOf(name), 0);
    return { startBytes: all, lazyBytes: 0, mapBytes, weights: [] };
  }
  // Output paths in the metafile are relative to the build's working directory; all sit in `dir`.
  const meta = JSON.parse(readFileSync(metaPath, 'utf8')) as Metafile;
  const outputs = new Map(
    Object.entries(meta.outputs).map(([file, output]) => [path.basename(file), output]),
  );
  const atStart = new Set<string>();
  const visit = (name: string) => {
    if (atStart.has(name) || !outputs.has(name)) return;
    atStart.add(name);
    for (const imported of outputs.get(name)!.imports)
      if (imported.kind === 'import-statement') visit(path.basename(imported.path));
  };
  visit('index.mjs');
  const weights = new Map<string, number>();
  for (const name of atStart)
    for (const [input, { bytesInOutput }] of Object.entries(outputs.get(name)!.inputs))
      weights.set(packageOf(input), (weights.get(packageOf(input)) ?? 0) + bytesInOutput);
  const startBytes = [...atStart].reduce((sum, name) => sum + bytesOf(name), 0);
  return {
    startBytes,
    lazyBytes: code.reduce((sum, name) => sum + bytesOf(name), 0) - startBytes,
    mapBytes,
    weights: [...weights.entries()].sort((a, b) => b[1] - a[1]),
  };
}
