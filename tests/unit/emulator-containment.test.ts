import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * infra/local/containment.ts: an error inside an emulator request (sync throw, rejected promise,
 * unlistened stream error) becomes a 500 in the emulator's error format, and the process keeps serving;
 * an error outside any request still ends the process, as Node does. The emulator runs in a child
 * process (tests/support/contained-server-fixture.ts) so a failure cannot take the test runner down.
 */
const root = path.resolve(import.meta.dirname, '../..');
let child: ChildProcess;
let base = '';
let stderr = '';

beforeAll(async () => {
  child = spawn(path.join(root, 'node_modules/.bin/tsx'), ['tests/support/contained-server-fixture.ts'], {
    cwd: root,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  base = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      const port = /^PORT (\d+)$/.exec(line)?.[1];
      if (port) resolve(`http://127.0.0.1:${port}`);
    });
    child.once('exit', (code) => reject(new Error(`fixture exited ${code}: ${stderr}`)));
  });
}, 60_000);
afterAll(() => {
  if (child.exitCode === null) child.kill();
});

describe('emulator containment', () => {
  it.each(['/stream-error', '/rejection', '/throw'])(
    '%s answers 500 in the AWS error format and the emulator keeps serving',
    async (route) => {
      const failed = await fetch(base + route);
      expect(failed.status).toBe(500);
      expect(failed.headers.get('x-amzn-errortype')).toBe('InternalFailure');
      expect(await failed.json()).toMatchObject({ __type: 'InternalFailure' });
      const ok = await fetch(`${base}/ok`);
      expect(await ok.text()).toBe('ok');
      expect(stderr).toContain(`[fixture] GET ${route}: contained an error inside the emulator`);
    },
  );

  it('counts what it contained, and an error outside any request still ends the process', async () => {
    expect(await (await fetch(`${base}/contained`)).text()).toBe('3');
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.stdin!.write('crash\n');
    expect(await exited).toBe(1);
    expect(stderr).toContain('a bug outside any emulator request');
  });
});
