import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { APP_ROUTES, isAppPage, routeTitle } from '../../web/src/route-paths';

/**
 * The page paths of web/src/router.tsx, read from its source (the root tsconfig compiles no JSX): every
 * route there sits directly under the shell, so `path: 'x'` is '/x' and the index route is '/'.
 */
function routerPaths(): string[] {
  const source = readFileSync(new URL('../../web/src/router.tsx', import.meta.url), 'utf8');
  const paths = [...source.matchAll(/\bpath: '([^']+)'/g)].map((match) => match[1]!).filter((p) => p !== '*');
  const index = /\bindex: true\b/.test(source) ? ['/'] : [];
  return [...index, ...paths.map((p) => `/${p}`)];
}

describe('the list of app pages (title, 404 status)', () => {
  it('names exactly the pages the router has', () => {
    expect(routerPaths().sort()).toEqual(APP_ROUTES.map((route) => route.path).sort());
  });

  it('matches parameters as one path segment and ignores a trailing slash', () => {
    expect(routeTitle('/beat/seed-beat-01')).toBe('beat');
    expect(routeTitle('/marketplace/')).toBe('marketplace');
    expect(routeTitle('/')).toBe('home');
    expect(routeTitle('/beat')).toBe('notFound');
    expect(routeTitle('/beat/a/b')).toBe('notFound');
    expect(isAppPage('/esta-pagina-nao-existe')).toBe(false);
    expect(isAppPage('/ai-studio/stem-splitter')).toBe(true);
  });
});
