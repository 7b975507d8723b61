/**
 * Upload benchmark (issue 5): 1 GiB to the local S3 emulator three ways, measured in one run:
 *   A. our presigned multipart path (create → part URLs → parts → confirm → complete), driven by
 *      web/src/lib/multipart-uploader.ts in Node against the uploads Lambda behind a small HTTP API;
 *   B. @aws-sdk/lib-storage `Upload` with the same part size and concurrency;
 *   C. one presigned PUT of the whole file.
 * Targets: A ≥ 0.9× B; A's parts phase ≥ 1.0× C; the uploader's peak RSS ≤ 200 MB.
 *
 * Processes, as in production: s3rver alone in one (the emulator is single-threaded, so nothing else
 * competes with it there); the uploads Lambda with dynalite behind an HTTP API in another (the
 * "cloud"); each method then runs in a fresh process of its own (the "browser"), whose memory is
 * what is reported. Children run this file bundled by esbuild (plain JS, no TypeScript loader). The 1 GiB source lives in a temp dir, deleted at the end with the emulator's files.
 * Run: `npx tsx tests/bench/upload.ts` (one to two minutes).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { createReadStream, openAsBlob } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const FILE_BYTES = 1024 * 1024 * 1024;
/** Parts in flight for A and B (`--concurrency=N`, the uploader allows 4–6). */
const CONCURRENCY = Number(process.argv.find((arg) => arg.startsWith('--concurrency='))?.slice(14) ?? 4);
const MB = 1_000_000;
const BUCKET = 'audio-files';
const benchFile = fileURLToPath(import.meta.url);

interface RunResult {
  method: 'A' | 'B' | 'C';
  ms: number;
  /** A only: first part PUT started → last part PUT answered. */
  partsMs?: number;
  key: string;
  baselineRss: number;
  peakRss: number;
  peakHeap: number;
}

const awsEnv = (s3: string) => ({
  AWS_ENDPOINT_URL_S3: s3,
  AWS_ACCESS_KEY_ID: 'S3RVER',
  AWS_SECRET_ACCESS_KEY: 'S3RVER',
  AWS_REGION: 'us-east-1',
  S3_FORCE_PATH_STYLE: 'true',
  AUDIO_BUCKET: BUCKET,
  ANALYSIS_BUCKET: 'ai-analysis',
  LOG_LEVEL: 'ERROR',
});

/** Child: s3rver with the platform's buckets; prints its endpoint, lives until stdin closes. */
async function serveS3(directory: string): Promise<void> {
  const { startLocalS3 } = await import('../../infra/local/s3');
  const s3 = await startLocalS3({
    directory,
    buckets: [BUCKET, 'ai-analysis'],
    allowedOrigins: ['http://localhost'],
  });
  process.stdout.write(`${JSON.stringify({ url: s3.endpoint })}\n`);
  process.stdin.resume();
  process.stdin.on('end', () => void s3.stop().then(() => process.exit(0)));
}

/** Child: dynalite and the uploads Lambda behind HTTP (caller = the `x-bench-sub` header). */
async function serveApi(): Promise<void> {
  const { startLocalDynamo } = await import('../../infra/local/dynamodb');
  const dynamo = await startLocalDynamo({ tableName: 'five-d-bench' });
  Object.assign(process.env, { AWS_ENDPOINT_URL_DYNAMODB: dynamo.endpoint, TABLE_NAME: dynamo.tableName });
  const { handler } = await import('../../lambdas/uploads/handler');
  const { callUploads } = await import('../integration/uploads-api');
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const sub = String(req.headers['x-bench-sub'] ?? 'bench');
      callUploads(
        handler,
        req.method ?? 'GET',
        req.url ?? '/',
        { sub },
        text ? (JSON.parse(text) as unknown) : undefined,
      )
        .then((answer) => {
          res.writeHead(answer.statusCode, { 'content-type': 'application/json' });
          res.end(JSON.stringify(answer.body ?? {}));
        })
        .catch((error: unknown) => {
          res.writeHead(500);
          res.end(JSON.stringify({ error: { code: 'BENCH', message: String(error) } }));
        });
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${port}` })}\n`);
  process.stdin.resume();
  process.stdin.on('end', () => {
    server.close();
    void dynamo.stop().then(() => process.exit(0));
  });
}

/** Child: one method, in a fresh process; prints a RunResult. */
async function runMethod(
  method: RunResult['method'],
  source: string,
  apiUrl: string,
  partSize: number,
): Promise<void> {
  let peakRss = 0;
  let peakHeap = 0;
  const sample = () => {
    const usage = process.memoryUsage();
    peakRss = Math.max(peakRss, usage.rss);
    peakHeap = Math.max(peakHeap, usage.heapUsed + usage.external + usage.arrayBuffers);
  };
  let run: () => Promise<Omit<RunResult, 'baselineRss' | 'peakRss' | 'peakHeap' | 'ms' | 'method'>>;

  if (method === 'A') {
    const { uploadFile } = await import('../../web/src/lib/multipart-uploader');
    const sub = `bench-${randomUUID()}`;
    const call = async <T>(verb: string, route: string, body?: unknown): Promise<T> => {
      const response = await fetch(apiUrl + route, {
        method: verb,
        headers: { 'content-type': 'application/json', 'x-bench-sub': sub },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const answer = (await response.json()) as T;
      if (!response.ok) throw Object.assign(new Error(JSON.stringify(answer)), { status: response.status });
      return answer;
    };
    run = async () => {
      let firstPut = 0;
      let lastPutDone = 0;
      const timedFetch: typeof fetch = async (input, init) => {
        firstPut ||= performance.now();
        const response = await fetch(input, init);
        lastPutDone = performance.now();
        return response;
      };
      const blob = Object.assign(await openAsBlob(source, { type: 'audio/wav' }), { name: 'bench.wav' });
      const result = await uploadFile(blob, {
        purpose: 'stem-split',
        api: {
          post: (r, b) => call('POST', r, b),
          get: (r) => call('GET', r),
          delete: (r) => call('DELETE', r),
        },
        storage: null,
        concurrency: CONCURRENCY,
        fetch: timedFetch,
      });
      if (result.size !== FILE_BYTES) throw new Error(`uploaded ${result.size} bytes`);
      return { key: result.key, partsMs: lastPutDone - firstPut };
    };
  } else {
    const { S3Client, PutObjectCommand } = await import('@aws-sdk/client-s3');
    const { Upload } = await import('@aws-sdk/lib-storage');
    const { getSignedUrl } = await import('@aws-sdk/s3-request-presigner');
    const s3 = new S3Client({
      forcePathStyle: true,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    const key = `bench/${method}-${randomUUID()}.wav`;
    run =
      method === 'B'
        ? async () => {
            const body = createReadStream(source);
            await new Upload({
              client: s3,
              params: { Bucket: BUCKET, Key: key, Body: body, ContentType: 'audio/wav' },
              partSize,
              queueSize: CONCURRENCY,
            }).done();
            return { key };
          }
        : async () => {
            const url = await getSignedUrl(s3, new PutObjectCommand({ Bucket: BUCKET, Key: key }), {
              expiresIn: 900,
            });
            // The same HTTP client and body as the uploader's parts: fetch with the file's stream.
            const whole = await openAsBlob(source);
            const response = await fetch(url, {
              method: 'PUT',
              body: whole.stream(),
              headers: { 'content-length': String(whole.size) },
              duplex: 'half',
            } as RequestInit);
            await response.body?.cancel();
            if (!response.ok) throw new Error(`single PUT: HTTP ${response.status}`);
            return { key };
          };
  }

  const baselineRss = process.memoryUsage().rss;
  sample();
  const timer = setInterval(sample, 20);
  const start = performance.now();
  const cpuStart = process.cpuUsage();
  const outcome = await run();
  const ms = performance.now() - start;
  const cpu = process.cpuUsage(cpuStart);
  process.stderr.write(
    `[${method}] client CPU ${(((cpu.user + cpu.system) / 1000 / ms) * 100).toFixed(0)}% of wall time\n`,
  );
  sample();
  clearInterval(timer);
  const result: RunResult = { method, ms, baselineRss, peakRss, peakHeap, ...outcome };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

/**
 * The children run this file bundled to plain JavaScript (as the web app ships the uploader), so
 * their memory is the code's own and not the TypeScript loader's (~60 MB).
 */
let bundle = '';
const bundleDir = path.resolve(path.dirname(benchFile), '../../node_modules/.cache/upload-bench');

async function buildBundle(): Promise<void> {
  const { build } = await import('esbuild');
  bundle = path.join(bundleDir, 'upload.mjs');
  await build({
    entryPoints: [benchFile],
    outdir: bundleDir,
    outExtension: { '.js': '.mjs' },
    // Each child loads only the chunks it imports (the uploader's process never loads the Lambda's).
    splitting: true,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    packages: 'external',
    logLevel: 'error',
  });
}

function child(
  args: string[],
  env: Record<string, string>,
): { process: ChildProcess; firstLine: Promise<string> } {
  const proc = spawn(process.execPath, [bundle, ...args], {
    stdio: ['pipe', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
  });
  const firstLine = new Promise<string>((resolve, reject) => {
    let text = '';
    proc.stdout!.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const end = text.indexOf('\n');
      if (end >= 0) resolve(text.slice(0, end));
    });
    proc.once('exit', (code) => reject(new Error(`bench child ${args[0]} exited with ${code}`)));
  });
  return { process: proc, firstLine };
}

async function stopChild(proc: ChildProcess | undefined): Promise<void> {
  if (!proc || proc.exitCode !== null) return;
  const exited = new Promise((resolve) => proc.once('exit', resolve));
  proc.stdin?.end();
  await exited;
}

async function writeSource(file: string): Promise<void> {
  const handle = await open(file, 'w');
  const block = randomBytes(16 * 1024 * 1024);
  Buffer.from('RIFF\0\0\0\0WAVEfmt ', 'latin1').copy(block);
  for (let written = 0; written < FILE_BYTES; written += block.length) {
    block.writeUInt32LE(written / block.length, 64); // no two blocks alike
    await handle.write(block);
  }
  await handle.close();
}

const mbps = (bytes: number, ms: number) => bytes / MB / (ms / 1000);
const fmt = (n: number) => n.toFixed(1);

async function main(): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'upload-bench-'));
  const source = path.join(dir, 'source.wav');
  let s3Proc: ChildProcess | undefined;
  let apiProc: ChildProcess | undefined;
  try {
    console.log(`writing a 1 GiB source file in ${dir} …`);
    await writeSource(source);
    await buildBundle();
    const s3Child = child(['--s3', path.join(dir, 's3')], {});
    s3Proc = s3Child.process;
    const s3Url = (JSON.parse(await s3Child.firstLine) as { url: string }).url;
    const env = awsEnv(s3Url);
    const apiChild = child(['--api'], env);
    apiProc = apiChild.process;
    const apiUrl = (JSON.parse(await apiChild.firstLine) as { url: string }).url;

    const { planParts } = await import('../../shared/uploads');
    const { partSize, partCount } = planParts(FILE_BYTES);
    console.log(`part size ${partSize / 1024 ** 2} MiB × ${partCount} parts, ${CONCURRENCY} in flight\n`);

    Object.assign(process.env, env);
    const { S3Client, DeleteObjectCommand } = await import('@aws-sdk/client-s3');
    const s3 = new S3Client({ forcePathStyle: true });
    const results: Partial<Record<RunResult['method'], RunResult>> = {};
    const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
    const methods = (['A', 'B', 'C'] as const).filter((m) => !only || only.includes(m));
    for (const method of methods) {
      const run = child(
        ['--run', method, source, apiUrl, String(partSize), `--concurrency=${CONCURRENCY}`],
        env,
      );
      const result = JSON.parse(await run.firstLine) as RunResult;
      await new Promise((resolve) =>
        run.process.exitCode !== null ? resolve(null) : run.process.once('exit', resolve),
      );
      results[method] = result;
      // Free the emulator's copy before the next run (disk: source + parts + object at once).
      await s3.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: result.key }));
    }
    s3.destroy();

    if (methods.length < 3) {
      for (const r of Object.values(results)) {
        const speed = `${fmt(mbps(FILE_BYTES, r.ms))} MB/s${r.partsMs ? ` (parts ${fmt(mbps(FILE_BYTES, r.partsMs))})` : ''}`;
        console.log(`${r.method}: ${speed}, RSS ${fmt(r.baselineRss / MB)} → ${fmt(r.peakRss / MB)} MB`);
      }
      return;
    }
    const a = results.A!;
    const b = results.B!;
    const c = results.C!;
    const rows: [string, number, RunResult | undefined][] = [
      ['A. presigned multipart (ours), total', mbps(FILE_BYTES, a.ms), a],
      ['A. parts phase only', mbps(FILE_BYTES, a.partsMs!), undefined],
      ['B. @aws-sdk/lib-storage Upload', mbps(FILE_BYTES, b.ms), b],
      ['C. single presigned PUT', mbps(FILE_BYTES, c.ms), c],
    ];
    console.log(
      'method                                  MB/s   RSS before  peak RSS  peak heap+buffers (MB)',
    );
    for (const [name, speed, r] of rows) {
      const mem = r
        ? `${fmt(r.baselineRss / MB).padStart(10)} ${fmt(r.peakRss / MB).padStart(9)} ${fmt(r.peakHeap / MB).padStart(10)}`
        : '';
      console.log(`${name.padEnd(38)} ${fmt(speed).padStart(6)} ${mem}`);
    }
    const vsLib = b.ms / a.ms;
    const vsPut = c.ms / a.partsMs!;
    const peak = a.peakRss / MB;
    const verdict = (ok: boolean) => (ok ? 'ok' : 'MISSED');
    console.log(
      `\nours / lib-storage (total time):  ${vsLib.toFixed(2)}×  (target ≥ 0.90) ${verdict(vsLib >= 0.9)}`,
    );
    console.log(
      `ours parts phase / single PUT:    ${vsPut.toFixed(2)}×  (target ≥ 1.00) ${verdict(vsPut >= 1)}`,
    );
    console.log(`uploader peak RSS:                ${fmt(peak)} MB (target ≤ 200) ${verdict(peak <= 200)}`);
    console.log(
      `complete (S3 assembles 1 GiB) + size/type check: ${fmt((a.ms - a.partsMs!) / 1000)} s of A's total`,
    );
  } finally {
    await stopChild(apiProc);
    await stopChild(s3Proc);
    await rm(dir, { recursive: true, force: true });
    await rm(bundleDir, { recursive: true, force: true });
  }
}

const [mode, ...rest] = process.argv.slice(2);
if (mode === '--s3') await serveS3(rest[0]!);
else if (mode === '--api') await serveApi();
else if (mode === '--run')
  await runMethod(rest[0] as RunResult['method'], rest[1]!, rest[2]!, Number(rest[3]));
else await main();
