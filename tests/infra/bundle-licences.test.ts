import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../infra/constructs/app-function';
import { functionEntry, functions } from '../../infra/functions';

/**
 * What ships must not carry a copyleft licence that would bind the product: essentia.js (AGPL-3.0) is a
 * devDependency for the key/tempo benchmark only, and GPL decoders (FAAD2's AAC) are not used. Every
 * Lambda is bundled here as the CDK bundles it (esbuild, ESM, node24, minified) and every package that
 * ends up inside is checked by its own licence field; the web build gets the same check in
 * tests/infra/web-build.test.ts. LGPL (codec-parser, lamejs) allows this kind of use and passes.
 */
const COPYLEFT = /\b(A?GPL)/i;

function packageOf(input: string): string | undefined {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input);
  return match?.[1];
}

function licenceOf(name: string): string {
  const file = path.join(repoRoot, 'node_modules', name, 'package.json');
  if (!existsSync(file)) return 'UNKNOWN';
  const pkg = JSON.parse(readFileSync(file, 'utf8')) as { license?: unknown; licenses?: { type?: string }[] };
  if (typeof pkg.license === 'string') return pkg.license;
  return pkg.licenses?.map((l) => l.type).join(' OR ') ?? 'UNKNOWN';
}

/** A licence string that is GPL or AGPL (not LGPL) with no permissive alternative. */
function isCopyleft(licence: string): boolean {
  if (/\bLGPL/i.test(licence) || /\b(MIT|BSD|Apache|ISC)\b/i.test(licence)) return false;
  return COPYLEFT.test(licence);
}

describe('shipped Lambda bundles', { timeout: 600_000 }, () => {
  it('hold no essentia.js and no GPL/AGPL package', async () => {
    const offenders: string[] = [];
    const packages = new Set<string>();
    for (const definition of functions) {
      const result = await build({
        entryPoints: [path.join(repoRoot, functionEntry(definition.name))],
        bundle: true,
        write: false,
        metafile: true,
        platform: 'node',
        format: 'esm',
        target: 'node24',
        minify: true,
        mainFields: ['module', 'main'],
        logLevel: 'silent',
      });
      for (const input of Object.keys(result.metafile.inputs)) {
        const name = packageOf(input);
        if (!name) continue;
        packages.add(name);
        if (name === 'essentia.js' || isCopyleft(licenceOf(name)))
          offenders.push(`${definition.name}: ${name} (${licenceOf(name)})`);
      }
    }
    expect(offenders).toEqual([]);
    // The decoders really are bundled (the check looks at what ships, not at an empty list).
    expect([...packages]).toEqual(expect.arrayContaining(['mpg123-decoder', '@wasm-audio-decoders/flac']));
  });

  it('would catch essentia.js and an AGPL package', () => {
    expect(licenceOf('essentia.js')).toBe('AGPL-3.0');
    expect(isCopyleft('AGPL-3.0')).toBe(true);
    expect(isCopyleft('GPL-2.0')).toBe(true);
    expect(isCopyleft('LGPL-3.0-or-later')).toBe(false);
    expect(isCopyleft('(MIT OR GPL-3.0)')).toBe(false);
  });
});
