import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { ViteDevServer } from 'vite';
import { repoRoot } from './handlers';
import { apiErrorAnswer, containEmulator } from './containment';
import { closeServer, listen } from './net';
import { answerUnknownPagesWith404 } from './page-status';
import { startLocalPlatform } from './platform';
import { startLocalPayments } from './stripe-sandbox';

/**
 * `npm start`: the whole platform on one origin. Emulators and the router from `startLocalPlatform`
 * (state under `.local/`), and one HTTP server on PORT (default 3000): `/api/*` and `/config.json` go to
 * the router, everything else to Vite in middleware mode. The emulators take the ports after PORT
 * (PORT+1 … PORT+5), so they stay stable across restarts (tokens in the browser keep their issuer).
 * LOCAL_DATA_DIR moves the state elsewhere (default `.local/`); LOCAL_VIEWER_COUNTRY sets the country
 * CloudFront would report (default BR).
 */
const started = performance.now();
process.chdir(repoRoot);
if (existsSync('.env')) process.loadEnvFile('.env');

const port = Number(process.env.PORT ?? 3000);
const dataDir = path.resolve(repoRoot, process.env.LOCAL_DATA_DIR ?? '.local');
const log = (line: string) => console.log(line);
const relativeDir = path.relative(repoRoot, dataDir);
const displayDir = relativeDir.startsWith('..') ? dataDir : relativeDir;

const platform = await startLocalPlatform({
  dataDir,
  ports: { dynamodb: port + 1, s3: port + 2, cognito: port + 3, cognitoProxy: port + 4, lambda: port + 5 },
  appOrigins: [`http://localhost:${port}`, `http://127.0.0.1:${port}`],
  onConfirmationCode: (email, code) => log(`  ✉  sign-up code for ${email}: ${code}`),
  // The API answers only requests the router forwards, as in AWS only CloudFront's (origin header).
  originVerifySecret: process.env.ORIGIN_VERIFY_SECRET || randomBytes(24).toString('base64url'),
}).catch((error: unknown) => {
  const message = (error as Error).message;
  console.error(`Could not start the local platform: ${message}`);
  if (/lock|EADDRINUSE/i.test(message)) {
    console.error(`Is another \`npm start\` running (ports ${port}-${port + 5}, data in ${dataDir})?`);
  }
  process.exit(1);
});

// Stripe: the local Checkout sandbox unless .env names a real test-mode key. Its settings reach the
// payment handlers through process.env, like every other local endpoint.
const appOrigin = `http://localhost:${port}`;
const payments = await startLocalPayments({
  appOrigin,
  dataDir: path.join(dataDir, 'stripe'),
  port: port + 6,
});
Object.assign(process.env, payments.env);

// From here on Ctrl-C stops everything cleanly, even while seeding or Vite are still starting.
const running: { server?: http.Server; vite?: ViteDevServer } = {};
let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  log(`\n${signal}: stopping…`);
  if (running.server) await closeServer(running.server);
  await running.vite?.close();
  await payments.stop();
  await platform.stop();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

// Sample data first, so the first page already shows it. Idempotent: later starts only refresh the
// time-bound samples (rare drops, this month's competition).
{
  const seedStarted = performance.now();
  try {
    // Imported only now: the repositories create their SDK clients from process.env, set just above.
    const { seedSampleData } = await import('./seed');
    const counts = await seedSampleData();
    platform.saveState({ seededAt: platform.state.seededAt ?? new Date().toISOString() });
    const ms = Math.round(performance.now() - seedStarted);
    log(
      counts.skipped
        ? `  seed       sample data present (${ms} ms)`
        : `  seed       sample data written (${ms} ms; ${counts.beats} beats, ${(counts.audioBytes / 1e6).toFixed(0)} MB of WAV, tempo and key of ${counts.beats - counts.analysis.cached} analysed, ${counts.analysis.cached} from the cache)`,
    );
  } catch (error) {
    console.error('  seed       failed; will retry on the next start:', error);
  }
  try {
    const { ensureCatalogueIndex } = await import('./catalogue-index');
    await ensureCatalogueIndex(log);
  } catch (error) {
    console.error('  catalogue  indexing failed; will retry on the next start:', error);
  }
}

const httpServer = http.createServer();
running.server = httpServer;
const { createServer: createVite } = await import('vite');
const viteServer = await createVite({
  configFile: path.join(repoRoot, 'web/vite.config.ts'),
  server: { middlewareMode: true, ws: { server: httpServer } },
  appType: 'spa',
  logLevel: 'warn',
});
running.vite = viteServer;
httpServer.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
  if (platform.router.owns(req.url ?? '/')) platform.router.handle(req, res);
  else {
    answerUnknownPagesWith404(req, res);
    viteServer.middlewares(req, res);
  }
});
// A failure escaping a handler or Vite answers that request with a 500; the stack keeps serving.
containEmulator(httpServer, 'api', apiErrorAnswer);
await listen(httpServer, port, process.env.HOST ?? '127.0.0.1').catch(async (error: unknown) => {
  console.error(`Port ${port} is in use (set PORT to use another): ${(error as Error).message}`);
  await viteServer.close();
  await platform.stop();
  process.exit(1);
});

const url = `http://localhost:${port}`;
const { endpoints, webConfig } = platform;
log('');
log(
  `5D is running at ${url}   (ready in ${Math.round(performance.now() - started)} ms, data in ${displayDir}/)`,
);
log(`  DynamoDB   ${endpoints.dynamodb}  dynalite + transactions front, table ${platform.env.TABLE_NAME}`);
log(
  `  S3         ${endpoints.s3}  s3rver, buckets ${platform.env.AUDIO_BUCKET}, ${platform.env.ANALYSIS_BUCKET}`,
);
log(
  `  Cognito    ${endpoints.cognitoProxy}  cognito-local ${endpoints.cognito}, pool ${webConfig.userPoolId}`,
);
log(`  Triggers   ${endpoints.lambda}  Lambda Invoke endpoint for user-pool triggers`);
log(`  Scheduler  ${endpoints.scheduler}  EventBridge Scheduler twin (one-time schedules in the table)`);
log(
  process.env.OPENAI_API_KEY
    ? `  AI         OpenAI ${process.env.OPENAI_BASE_URL || 'api.openai.com'} (OPENAI_API_KEY from .env)`
    : '  AI         offline knowledge-base assistant (no OPENAI_API_KEY set; transcription answers 503)',
);
log(`  Router     ${url}/api  every route of infra/routes.ts, JWT checked like the HTTP API`);
log(
  payments.sandbox
    ? `  Stripe     ${payments.sandbox.url}  local Checkout sandbox (no STRIPE_SECRET_KEY set)`
    : '  Stripe     real Stripe API (STRIPE_SECRET_KEY from .env)',
);
log(`  Web        ${url}  Vite dev server (HMR)`);
log('Sign-up confirmation codes are printed here. Ctrl-C stops.');
