/**
 * Peak RSS of the licence-stems-zip job's AI path (lambdas/_lib/licensing/stems-zip.ts `buildStemsZip`)
 * on a synthetic 10-minute 48 kHz 24-bit stereo master, against the twin's S3 emulator (s3rver, in a
 * child process so its memory is not counted). The master is written to S3 in parts as it is generated,
 * so this process never holds it; then the ZIP is built as the function builds it and this process's
 * peak RSS (getrusage maxRSS) is printed, with the sizes and time.
 *   npx tsx tests/bench/licensing/stems-zip-memory.ts   (about 2–4 minutes on two busy cores)
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const RATE = 48_000;
const SECONDS = 600;
const BUCKET = 'audio-files';
const MB = 1_000_000;

/** Child: s3rver with the audio bucket; prints its endpoint, lives until stdin closes. */
async function serveS3(directory: string): Promise<void> {
  const { startLocalS3 } = await import('../../../infra/local/s3');
  const s3 = await startLocalS3({ directory, buckets: [BUCKET], allowedOrigins: ['http://localhost'] });
  process.stdout.write(`${JSON.stringify({ url: s3.endpoint })}\n`);
  process.stdin.resume();
  process.stdin.on('end', () => void s3.stop().then(() => process.exit(0)));
}

/** One second of a busy mix, 24-bit interleaved: bass line, kick, hats, a vibrato lead, a pad. */
function secondOfMix(second: number): Uint8Array {
  const out = new Uint8Array(RATE * 6);
  let seed = second * 7919 + 1;
  const noise = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff) * 2 - 1;
  const bassHz = [55, 55, 73.4, 65.4][second % 4]!;
  for (let i = 0, p = 0; i < RATE; i++) {
    const t = second + i / RATE;
    const beat = (i % (RATE / 2)) / RATE; // seconds since the last kick (120 BPM)
    const kick = 0.5 * Math.exp(-beat * 30) * Math.sin(2 * Math.PI * 50 * beat * (1 + Math.exp(-beat * 40)));
    const hat = (i + RATE / 4) % (RATE / 4) < 800 ? 0.08 * noise() * Math.exp(-((i % (RATE / 4)) / 300)) : 0;
    const bass = 0.25 * Math.sin(2 * Math.PI * bassHz * t);
    const lead = 0.15 * Math.sin(2 * Math.PI * 440 * t + 3 * Math.sin(2 * Math.PI * 5.5 * t));
    const pad = 0.08 * (Math.sin(2 * Math.PI * 261.6 * t) + Math.sin(2 * Math.PI * 329.6 * t));
    const channels = [kick + hat * 0.6 + bass + lead + pad * 1.2, kick + hat + bass + lead + pad * 0.8];
    for (const x of channels) {
      const q = Math.max(-8388608, Math.min(8388607, Math.round(x * 0.9 * 8388607)));
      out[p++] = q & 0xff;
      out[p++] = (q >> 8) & 0xff;
      out[p++] = (q >> 16) & 0xff;
    }
  }
  return out;
}

async function main(): Promise<void> {
  const directory = await mkdtemp(path.join(tmpdir(), 'stems-zip-bench-'));
  const child = spawn(
    process.execPath,
    [...process.execArgv, fileURLToPath(import.meta.url), '--serve-s3', directory],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  try {
    const line = await new Promise<string>((resolve) =>
      createInterface({ input: child.stdout! }).once('line', resolve),
    );
    Object.assign(process.env, {
      AWS_ENDPOINT_URL_S3: (JSON.parse(line) as { url: string }).url,
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
      AWS_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: 'true',
      AUDIO_BUCKET: BUCKET,
      STEMS_PROVIDER_URL: '',
      LOG_LEVEL: 'ERROR',
    });
    const { wavHeader } = await import('../../../shared/audio/wav');
    const { MultipartObjectWriter } = await import('../../../lambdas/_lib/audio/object-io');
    const { buildStemsZip } = await import('../../../lambdas/_lib/licensing/stems-zip');
    type BuildArgs = Parameters<typeof buildStemsZip>;

    const masterKey = 'audio/bench/master.wav';
    const master = new MultipartObjectWriter(BUCKET, masterKey, 'audio/wav');
    await master.write(wavHeader(RATE * SECONDS, 2, RATE, 'pcm24'));
    for (let s = 0; s < SECONDS; s++) await master.write(secondOfMix(s));
    await master.finish();

    const before = process.resourceUsage().maxRSS / 1024;
    const cpu0 = process.cpuUsage();
    const wall0 = performance.now();
    const { key } = await buildStemsZip(
      { order_id: 'bench-order' } as BuildArgs[0],
      { id: 'bench-beat', title: 'Bench Beat', audio_key: masterKey } as BuildArgs[1],
      { stems_keys: [], ai_stems: true, wav_key: masterKey } as unknown as BuildArgs[2],
    );
    const wall = (performance.now() - wall0) / 1000;
    const cpu = process.cpuUsage(cpu0);
    const peak = process.resourceUsage().maxRSS / 1024;
    const { headAudioBucketObject } = await import('../../../lambdas/_lib/marketplace-files');
    const zip = await headAudioBucketObject(key);
    console.log(
      `AI stems ZIP of a 10-minute 48 kHz 24-bit stereo master (${(master.bytesWritten / MB).toFixed(0)} MB; ` +
        `ZIP ${((zip?.size ?? 0) / MB).toFixed(0)} MB): peak RSS ${peak.toFixed(0)} MB ` +
        `(before the build ${before.toFixed(0)} MB), ${wall.toFixed(0)} s wall, ` +
        `${((cpu.user + cpu.system) / 1e6).toFixed(0)} s CPU`,
    );
  } finally {
    child.stdin!.end();
    await new Promise((resolve) => child.once('exit', resolve));
    await rm(directory, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--serve-s3') await serveS3(process.argv[3]!);
else await main();
