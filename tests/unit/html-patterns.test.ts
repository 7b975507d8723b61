import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as studio from '../../shared/schemas/studio';

/**
 * Issue 18: the booking form's phone `pattern` was not a valid regular expression for browsers, which
 * compile `pattern` as `^(?:…)$` with the `v` flag and silently drop an invalid one (no validation at
 * all). Every pattern the web uses must compile that way.
 */
const asBrowserCompiles = (pattern: string) => new RegExp(`^(?:${pattern})$`, 'v');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(path.join(dir, entry.name))
      : entry.name.endsWith('.tsx')
        ? [path.join(dir, entry.name)]
        : [],
  );
}

describe('HTML input patterns', () => {
  it('shared patterns compile as a browser compiles a pattern attribute', () => {
    const patterns = Object.entries(studio).filter(([name]) => name.endsWith('_PATTERN'));
    expect(patterns.length).toBeGreaterThan(0);
    for (const [name, pattern] of patterns)
      expect(() => asBrowserCompiles(pattern as string), name).not.toThrow();
  });

  it('literal pattern attributes in the web app compile too', () => {
    const webSrc = path.resolve(import.meta.dirname, '../../web/src');
    for (const file of sourceFiles(webSrc)) {
      for (const [, pattern] of readFileSync(file, 'utf8').matchAll(/\bpattern="([^"]+)"/g)) {
        expect(() => asBrowserCompiles(pattern!), `${file}: ${pattern}`).not.toThrow();
      }
    }
  });

  it('the phone pattern takes the numbers people type and refuses letters', () => {
    const phone = asBrowserCompiles(studio.PHONE_PATTERN);
    for (const ok of ['+55 11 99999-0000', '(11) 3456-7890', '+1 415.555.0100'])
      expect(phone.test(ok), ok).toBe(true);
    for (const bad of ['abc', '12345', 'tel: 11 99999 0000']) expect(phone.test(bad), bad).toBe(false);
  });
});
