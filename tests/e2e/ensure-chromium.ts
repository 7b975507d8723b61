import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * Run by `npm run test:e2e` before vitest: the journeys drive Debian's Chromium through playwright-core.
 * Installs it when missing and we can (root with apt-get); otherwise stops with one line saying how.
 */
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function canInstallWithApt(): boolean {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  return isRoot && existsSync('/usr/bin/apt-get');
}

function run(command: string, args: string[]): boolean {
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return result.status === 0;
}

if (!existsSync(chromiumPath)) {
  if (!canInstallWithApt()) {
    console.error(
      `Chromium not found at ${chromiumPath}: install Debian's chromium (sudo apt-get install -y chromium) or set CHROMIUM_PATH.`,
    );
    process.exit(1);
  }
  console.log(`Chromium not found at ${chromiumPath}; installing Debian's chromium with apt-get...`);
  const installed = run('apt-get', ['update']) && run('apt-get', ['install', '-y', 'chromium']);
  if (!installed || !existsSync(chromiumPath)) {
    console.error(
      `Could not install Chromium at ${chromiumPath}: install Debian's chromium (apt-get install -y chromium) and retry.`,
    );
    process.exit(1);
  }
}
