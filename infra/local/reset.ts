import { rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { repoRoot } from './handlers';

/**
 * `npm run reset`: wipes the local twin's state (`.local/`, or LOCAL_DATA_DIR). Refuses while something
 * listens on PORT (default 3000), i.e. while `npm start` is running.
 */
const port = Number(process.env.PORT ?? 3000);

function inUse(): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

if (await inUse()) {
  console.error(`Something is listening on port ${port}: stop \`npm start\` first (Ctrl-C), then reset.`);
  process.exit(1);
}
const dir = path.resolve(repoRoot, process.env.LOCAL_DATA_DIR ?? '.local');
rmSync(dir, { recursive: true, force: true });
console.log(`Removed ${dir}; the next \`npm start\` creates fresh data and seeds it again.`);
