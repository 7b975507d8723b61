import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** start.ts uses PORT for the app and PORT+1…PORT+5 for the emulators. */
const PORTS_PER_PLATFORM = 6;

function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * The kernel hands out ports in this range to outgoing connections (Linux: 32768–60999). start.ts binds
 * the app port only after seeding, during which its own SDK calls open hundreds of such connections, so a
 * block picked inside the range can be taken by then (CI once failed on "Port 37364 is in use").
 */
function ephemeralPortRange(): [number, number] {
  try {
    const [low, high] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
      .trim()
      .split(/\s+/)
      .map(Number);
    if (low && high) return [low, high];
  } catch {
    // not Linux: assume the IANA dynamic range
  }
  return [49152, 65535];
}

async function findFreePortBlock(): Promise<number> {
  const [ephemeralLow, ephemeralHigh] = ephemeralPortRange();
  const candidates: number[] = [];
  for (let base = 10_000; base + PORTS_PER_PLATFORM < 65_000; base += PORTS_PER_PLATFORM) {
    const overlaps = base + PORTS_PER_PLATFORM > ephemeralLow && base <= ephemeralHigh;
    if (!overlaps) candidates.push(base);
  }
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = candidates[Math.floor(Math.random() * candidates.length)] ?? 10_000;
    const checks = await Promise.all(
      Array.from({ length: PORTS_PER_PLATFORM }, (_, i) => isPortFree(base + i)),
    );
    if (checks.every(Boolean)) return base;
  }
  throw new Error('No block of free ports found for the local platform');
}

export interface RunningPlatform {
  /** e.g. http://localhost:34567 */
  readonly url: string;
  /** Everything the server printed so far (stdout + stderr). */
  output(): string;
  /**
   * Waits until `npm start` has printed at least `count` confirmation codes for this e-mail (a resend
   * prints another) and returns the newest.
   */
  confirmationCode(email: string, count?: number): Promise<string>;
  stop(): Promise<void>;
}

/** Every 6-digit code printed on a line that mentions the e-mail (oldest first), whatever the wording. */
export function findConfirmationCodes(output: string, email: string): string[] {
  const codes: string[] = [];
  for (const line of output.split('\n')) {
    const at = line.toLowerCase().indexOf(email.toLowerCase());
    if (at === -1) continue;
    const rest = line.slice(0, at) + ' ' + line.slice(at + email.length);
    const match = rest.match(/(?<!\d)(\d{6})(?!\d)/);
    if (match?.[1]) codes.push(match[1]);
  }
  return codes;
}

async function waitFor<T>(
  what: string,
  timeoutMs: number,
  probe: () => Promise<T | null> | T | null,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** start.ts exited because a port was taken after we checked it. */
class PortTakenError extends Error {}

/**
 * Starts the real `npm start` server (infra/local/start.ts) as a child process on free ports with its
 * state in a temporary directory, and waits until the app and /config.json answer.
 */
export async function startPlatform(): Promise<RunningPlatform> {
  // Another process may still take a port between our check and start.ts's bind: try a new block.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startPlatformOnce();
    } catch (error) {
      const portTaken = error instanceof PortTakenError;
      if (!portTaken || attempt >= 3) throw error;
    }
  }
}

async function startPlatformOnce(): Promise<RunningPlatform> {
  const port = await findFreePortBlock();
  const dataDir = mkdtempSync(path.join(tmpdir(), '5d-e2e-'));
  const child: ChildProcess = spawn('npx', ['tsx', 'infra/local/start.ts'], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), LOCAL_DATA_DIR: dataDir, HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // own process group, so stop() ends npx, tsx and the server together
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let exited = false;
  child.once('exit', () => (exited = true));

  const url = `http://localhost:${port}`;

  async function stop(): Promise<void> {
    if (!exited && child.pid !== undefined) {
      const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
      const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 10_000));
      if ((await Promise.race([gone, timeout])) === 'timeout') {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
    }
    rmSync(dataDir, { recursive: true, force: true });
  }

  try {
    // It serves once the sample data is written: on a checkout's first twin that includes analysing the
    // 40 seeded beats (minutes on a busy machine; infra/local/seed-analysis.ts), later twins read a cache.
    await waitFor('the local platform to serve /config.json', 420_000, async () => {
      if (exited) {
        const message = `infra/local/start.ts exited early:\n${output}`;
        throw /is in use \(set PORT/.test(output) ? new PortTakenError(message) : new Error(message);
      }
      try {
        const response = await fetch(`http://127.0.0.1:${port}/config.json`);
        return response.ok ? true : null;
      } catch {
        return null;
      }
    });
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    url,
    output: () => output,
    confirmationCode: (email, count = 1) =>
      waitFor(`confirmation code #${count} for ${email}`, 15_000, () => {
        const codes = findConfirmationCodes(output, email);
        return codes.length >= count ? (codes[codes.length - 1] ?? null) : null;
      }),
    stop,
  };
}
