/**
 * `npm test`: every kind of test, in the order that fails fastest. Each step is the same command a
 * developer can run alone (see package.json scripts).
 */
import { spawnSync } from 'node:child_process';

const steps: { name: string; command: string }[] = [
  { name: 'lint', command: 'npm run lint' },
  { name: 'typecheck', command: 'npm run typecheck' },
  {
    name: 'unit + integration + infra',
    command: 'npx vitest run --project unit --project integration --project infra',
  },
  { name: 'e2e (Chromium)', command: 'npm run test:e2e' },
];

const results: { name: string; ok: boolean; seconds: number }[] = [];
for (const step of steps) {
  const started = Date.now();
  console.log(`\n▶ ${step.name}: ${step.command}`);
  const run = spawnSync(step.command, { stdio: 'inherit', shell: true });
  const ok = run.status === 0;
  results.push({ name: step.name, ok, seconds: (Date.now() - started) / 1000 });
  if (!ok) break;
}

console.log('\nSummary');
for (const r of results) console.log(`  ${r.ok ? '✔' : '✘'} ${r.name} (${r.seconds.toFixed(1)} s)`);
const failed = results.some((r) => !r.ok) || results.length < steps.length;
process.exit(failed ? 1 : 0);
