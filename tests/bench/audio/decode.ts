/**
 * The decode path on a long file: a 10-minute 48 kHz 24-bit stereo WAV (the material's mixes resampled
 * and repeated) and the same audio as MP3 (320 kbps), FLAC and Ogg Vorbis (q6), encoded with Debian's
 * encoders. For each format, in a fresh child process:
 *   decode  the file streamed through lambdas/_lib/audio/decode.ts: speed (× real time per CPU second)
 *           and peak RSS;
 *   split   the pipeline-split function's path (lambdas/_lib/stems/split-object.ts): the object read
 *           from S3 (a local s3rver in this process), decoded, separated and written back as WAV + MP3
 *           stems in parts: peak RSS (goal: under 600 MB; the function has 3008 MB) and speed.
 *   nice -n 10 npx tsx tests/bench/audio/decode.ts [--seconds 600] [--formats wav,mp3,flac,ogg]
 * Needs: apt-get install -y sox lame flac vorbis-tools
 */
import { spawn, spawnSync } from 'node:child_process';
import { createReadStream, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_OUT, ensureMaterial } from './material';

const BUCKET = 'audio-files';
const here = fileURLToPath(import.meta.url);
const FORMATS = ['wav', 'mp3', 'flac', 'ogg'] as const;
type Format = (typeof FORMATS)[number];

interface ChildResult {
  peakRssMb: number;
  cpuSeconds: number;
  wallSeconds: number;
  audioSeconds: number;
}

function needTools(): void {
  const missing = ['sox', 'lame', 'flac', 'oggenc'].filter((tool) => spawnSync('which', [tool]).status !== 0);
  if (missing.length > 0)
    throw new Error(
      `tests/bench/audio/decode.ts needs: apt-get install -y sox lame flac vorbis-tools (missing ${missing.join(', ')})`,
    );
}

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')}: ${result.stderr?.toString()}`);
}

/** The long input in every format (cached in .local/bench-audio/long-<seconds>). */
async function longInputs(seconds: number): Promise<Record<Format, string>> {
  const dir = path.join(DEFAULT_OUT, `long-${seconds}`);
  mkdirSync(dir, { recursive: true });
  const files = Object.fromEntries(FORMATS.map((f) => [f, path.join(dir, `input.${f}`)])) as Record<
    Format,
    string
  >;
  if (FORMATS.every((f) => existsSync(files[f]))) return files;
  const pieces = await ensureMaterial({ split: 'dev', count: 8 });
  const joined = path.join(dir, 'joined.wav');
  run('sox', [...pieces.map((p) => p.files.mix), joined]);
  // Repeat to length, 48 kHz 24-bit.
  const once = statSync(joined).size / (44100 * 4);
  run('sox', [
    joined,
    '-r',
    '48000',
    '-b',
    '24',
    files.wav,
    'repeat',
    String(Math.ceil(seconds / once)),
    'trim',
    '0',
    String(seconds),
  ]);
  run('lame', ['--quiet', '-b', '320', files.wav, files.mp3]);
  run('flac', ['-s', '-f', '-5', files.wav, '-o', files.flac]);
  run('oggenc', ['-Q', '-q', '6', files.wav, '-o', files.ogg]);
  return files;
}

/** Child: decode a file from disk, or split an S3 object; prints one JSON line. */
async function child(mode: string, target: string): Promise<void> {
  const cpu0 = process.cpuUsage();
  const wall0 = performance.now();
  let audioSeconds = 0;
  if (mode === 'decode') {
    const { openAudio } = await import('../../../lambdas/_lib/audio/decode');
    const stream = await openAudio({
      name: target,
      chunks: createReadStream(target, { highWaterMark: 1 << 20 }),
    });
    for await (const block of stream.blocks()) audioSeconds += block[0]!.length / stream.sampleRate;
  } else {
    const { splitObject } = await import('../../../lambdas/_lib/stems/split-object');
    const keys = Object.fromEntries(
      ['vocals', 'drums', 'bass', 'other'].map((n) => [n, { wav: `bench/${n}.wav`, mp3: `bench/${n}.mp3` }]),
    ) as Parameters<typeof splitObject>[1]['keys'];
    const result = await splitObject({ bucket: BUCKET, key: target, name: target }, { bucket: BUCKET, keys });
    audioSeconds = result.durationSeconds;
  }
  const cpu = process.cpuUsage(cpu0);
  const out: ChildResult = {
    peakRssMb: process.resourceUsage().maxRSS / 1024,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
    wallSeconds: (performance.now() - wall0) / 1000,
    audioSeconds,
  };
  console.log(JSON.stringify(out));
}

function inChild(mode: string, target: string, env: Record<string, string> = {}): Promise<ChildResult> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, [...process.execArgv, here, '--child', mode, target], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    proc.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    proc.on('exit', (code) => {
      const line = out.trim().split('\n').pop() ?? '';
      if (code !== 0 || !line.startsWith('{'))
        reject(new Error(`child ${mode} ${target} failed (${code}): ${out}`));
      else resolve(JSON.parse(line) as ChildResult);
    });
  });
}

/** The decode and split measurements for every format, as printed lines. */
export async function decodeTable(seconds = 600, formats: readonly Format[] = FORMATS): Promise<string> {
  needTools();
  const files = await longInputs(seconds);
  const { startLocalS3 } = await import('../../../infra/local/s3');
  const storage = path.join(DEFAULT_OUT, 's3');
  const s3 = await startLocalS3({
    directory: storage,
    buckets: [BUCKET, 'ai-analysis'],
    allowedOrigins: ['http://localhost'],
  });
  const env = {
    AWS_ENDPOINT_URL_S3: s3.endpoint,
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    AWS_REGION: 'us-east-1',
    S3_FORCE_PATH_STYLE: 'true',
    AUDIO_BUCKET: BUCKET,
    ANALYSIS_BUCKET: 'ai-analysis',
    LOG_LEVEL: 'ERROR',
  };
  Object.assign(process.env, env);
  const { S3Client, PutObjectCommand } = await import('@aws-sdk/client-s3');
  const client = new S3Client({
    region: 'us-east-1',
    endpoint: s3.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  const lines = [
    `Decode and split of a ${seconds / 60}-minute 48 kHz 24-bit stereo file (peak RSS of a fresh process; goal < 600 MB in the function)`,
    'format  size MB   decode ×RT/CPU-s  decode peak RSS   split ×RT/CPU-s  split ×RT wall  split peak RSS',
  ];
  try {
    for (const format of formats) {
      const key = `bench/input.${format}`;
      const body = readFileSync(files[format]);
      await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: key, Body: body }));
      const decode = await inChild('decode', files[format]);
      const split = await inChild('split', key, env);
      lines.push(
        `${format.padEnd(6)} ${(body.length / 1e6).toFixed(1).padStart(8)}   ${(decode.audioSeconds / decode.cpuSeconds).toFixed(1).padStart(14)}×  ${decode.peakRssMb.toFixed(0).padStart(12)} MB   ${(split.audioSeconds / split.cpuSeconds).toFixed(1).padStart(14)}×  ${(split.audioSeconds / split.wallSeconds).toFixed(1).padStart(12)}×  ${split.peakRssMb.toFixed(0).padStart(11)} MB`,
      );
    }
  } finally {
    await s3.stop();
  }
  return lines.join('\n');
}

const args = process.argv;
if (args[2] === '--child') {
  await child(args[3]!, args[4]!);
} else if (import.meta.url === `file://${args[1]}`) {
  const i = args.indexOf('--seconds');
  const f = args.indexOf('--formats');
  const formats = f >= 0 ? (args[f + 1]!.split(',') as Format[]) : FORMATS;
  console.log(await decodeTable(i >= 0 ? Number(args[i + 1]) : 600, formats));
}
