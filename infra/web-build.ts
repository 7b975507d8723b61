import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import * as path from 'node:path';

/**
 * `cdk synth` needs the web app it deploys: when web/dist has no index.html it runs `npm run build:web`
 * itself (offline, about a minute), and if that fails it stops with the command to run. A stale build is
 * deployed as it is: run `npm run build:web` before `cdk deploy` after changing web/.
 */
export function ensureWebBuild(repoRoot: string): string {
  const dist = path.join(repoRoot, 'web/dist');
  if (existsSync(path.join(dist, 'index.html'))) return dist;
  console.error('web/dist is missing: building it (npm run build:web)…');
  const result = spawnSync('npm', ['run', 'build:web'], { cwd: repoRoot, stdio: ['ignore', 2, 2] });
  if (result.status !== 0 || !existsSync(path.join(dist, 'index.html')))
    throw new Error('web/dist is missing and building it failed: run npm run build:web first.');
  return dist;
}
