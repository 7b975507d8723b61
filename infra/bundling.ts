import { writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AssetHashType, DockerImage } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import type { Node } from 'constructs';
import { buildSync, type BuildOptions } from 'esbuild';

/**
 * How every Lambda of the catalogue is built: the one place the esbuild options live. AppFunction gets
 * each function's code from `lambdaCode`, and tests/bench/cold-start builds its bare reference handler
 * with it too, so what the benchmark measures is what `cdk deploy` ships. docs/architecture.md
 * explains the choices.
 */
export interface LambdaBuild {
  /** `-c sourceMaps=true`: ship `.map` files and run with `--enable-source-maps` (off by default). */
  readonly sourceMaps: boolean;
  /** `-c lambdaMetafile=true`: esbuild's metafile beside each bundle (which module weighs what). */
  readonly metafile: boolean;
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The metafile's name in the bundle folder, with `-c lambdaMetafile=true`. */
export const METAFILE = 'index.meta.json';

function flag(node: Node, key: string): boolean {
  const value: unknown = node.tryGetContext(key);
  return value === true || value === 'true';
}

export function lambdaBuildFromContext(node: Node): LambdaBuild {
  return { sourceMaps: flag(node, 'sourceMaps'), metafile: flag(node, 'lambdaMetafile') };
}

/**
 * Credential sources the SDK's default chain only reaches when the environment holds no credentials,
 * which never happens in Lambda (the runtime sets AWS_ACCESS_KEY_ID/SECRET/SESSION_TOKEN). They are
 * dynamic imports in the SDK, so leaving them out costs nothing unless they are reached; bundled, their
 * code (and the STS/SSO clients they carry) would be built into every function. The environment and
 * container (HTTP) providers stay in.
 */
export const UNUSED_CREDENTIAL_PROVIDERS = [
  '@aws-sdk/credential-provider-ini',
  '@aws-sdk/credential-provider-login',
  '@aws-sdk/credential-provider-process',
  '@aws-sdk/credential-provider-sso',
  '@aws-sdk/credential-provider-web-identity',
  '@aws-sdk/nested-clients',
  '@aws-sdk/token-providers',
  '@smithy/credential-provider-imds',
];

/**
 * esbuild options for one function: `index.mjs` exporting `handler`, plus chunks.
 *  - Everything is bundled, the AWS SDK v3 clients included (ESM, minified, tree-shaken): one parse of
 *    what the function uses instead of resolving the runtime's CommonJS SDK file by file, and versions
 *    pinned by package-lock.json.
 *  - Code splitting: a module reached only through `await import()` (pdf-lib, Stripe's SDK, DSP…) goes
 *    to a chunk of its own, read from disk the first time a request needs it, never at cold start.
 *  - Source maps weigh ~4× the code and `--enable-source-maps` parses them on start: only on request.
 */
export function esbuildOptions(entry: string, outdir: string, build: LambdaBuild): BuildOptions {
  return {
    absWorkingDir: repoRoot,
    entryPoints: { index: path.resolve(repoRoot, entry) },
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node24',
    outExtension: { '.js': '.mjs' },
    chunkNames: '[name]-[hash]',
    mainFields: ['module', 'main'],
    minify: true,
    external: UNUSED_CREDENTIAL_PROVIDERS,
    sourcemap: build.sourceMaps,
    sourcesContent: false,
    metafile: build.metafile,
    // ESM bundles still meet CommonJS dependencies that call require(); give them one.
    banner: {
      js: "import { createRequire } from 'module'; const require = createRequire(import.meta.url);",
    },
    logLevel: 'warning',
  };
}

/** Builds one function into `outdir` (what CDK zips and uploads). */
export function bundleLambda(entry: string, outdir: string, build: LambdaBuild): void {
  const result = buildSync(esbuildOptions(entry, outdir, build));
  if (result.metafile) writeFileSync(path.join(outdir, METAFILE), JSON.stringify(result.metafile));
}

/**
 * The function's code asset, bundled on this machine by esbuild (a devDependency, so always present);
 * the asset hash is the bundle's, so a deploy uploads only functions whose code changed.
 */
export function lambdaCode(entry: string, build: LambdaBuild): lambda.Code {
  return lambda.Code.fromAsset(repoRoot, {
    assetHashType: AssetHashType.OUTPUT,
    bundling: {
      local: {
        tryBundle(outputDir) {
          bundleLambda(entry, outputDir, build);
          return true;
        },
      },
      // Never used: local bundling either succeeds or throws with esbuild's error.
      image: DockerImage.fromRegistry('local-esbuild-only'),
      // CDK reuses a bundle for assets whose source and bundling options are equal (the function above
      // is not part of that key): the entry and the build flags make each function's key its own.
      environment: {
        LAMBDA_ENTRY: entry,
        LAMBDA_SOURCE_MAPS: String(build.sourceMaps),
        LAMBDA_METAFILE: String(build.metafile),
      },
    },
  });
}

/** Handler setting for `lambdaCode` bundles. */
export const LAMBDA_HANDLER = 'index.handler';

/** Environment variables the bundle needs at run time. */
export function lambdaBuildEnvironment(build: LambdaBuild): Record<string, string> {
  return build.sourceMaps ? { NODE_OPTIONS: '--enable-source-maps' } : {};
}
