import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LocalStepFunctions } from '../../infra/local/step-functions';
import { decodeWav } from '../../shared/audio/wav';
import type { JobAccepted } from '../../shared/schemas/generation';
import { s3 } from '../../lambdas/_lib/aws/s3';
import { config } from '../../lambdas/_lib/config';
import { createUploadSession } from '../../lambdas/_lib/db/upload-sessions';
import { logger } from '../../lambdas/_lib/logger';
import { SynthesizerProvider } from '../../lambdas/_lib/music/synthesizer';
import { call, download, useOwnStepFunctions, user, waitForJob } from './generation-helpers';

/**
 * neural-stem-splitter with a managed stems service configured (STEMS_PROVIDER_URL) that fails: a local
 * HTTP stub answering 503. The split step tries the service, then completes the job with the built-in
 * separator, logging a warning and counting StemsProviderFallbacks (EMF on stdout, as in AWS).
 */
logger.setLogLevel('WARN');

let twin: LocalStepFunctions;
let stub: Server;
const received: { method?: string; url?: string; authorization?: string; bytes: number }[] = [];
const saved = {
  STEMS_PROVIDER_URL: process.env.STEMS_PROVIDER_URL,
  STEMS_PROVIDER_KEY: process.env.STEMS_PROVIDER_KEY,
  POWERTOOLS_METRICS_DISABLED: process.env.POWERTOOLS_METRICS_DISABLED,
};

beforeAll(async () => {
  stub = createServer((req, res) => {
    let bytes = 0;
    req.on('data', (chunk: Buffer) => (bytes += chunk.length));
    req.on('end', () => {
      received.push({ method: req.method, url: req.url, authorization: req.headers.authorization, bytes });
      res.writeHead(503, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'separator pool exhausted' }));
    });
  });
  await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
  const { port } = stub.address() as AddressInfo;
  twin = await useOwnStepFunctions({
    MUSIC_PROVIDER_URL: '',
    STEMS_PROVIDER_URL: `http://127.0.0.1:${port}`,
    STEMS_PROVIDER_KEY: 'stub-key',
    // Print the metric as EMF (as Lambda does) instead of keeping it in the worker's memory.
    POWERTOOLS_METRICS_DISABLED: 'false',
  });
});

afterAll(async () => {
  await twin.stop();
  await new Promise<void>((resolve) => stub.close(() => resolve()));
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

async function uploadedSong(owner: { sub: string }, bytes: Uint8Array): Promise<string> {
  const id = randomUUID();
  const key = `uploads/${owner.sub}/${id}/song.wav`;
  await s3.send(
    new PutObjectCommand({ Bucket: config.AUDIO_BUCKET, Key: key, Body: bytes, ContentType: 'audio/wav' }),
  );
  await createUploadSession({
    id,
    owner: owner.sub,
    purpose: 'stem-split',
    name: 'song.wav',
    contentType: 'audio/wav',
    size: bytes.byteLength,
    bucket: config.AUDIO_BUCKET,
    key,
    s3UploadId: 'done',
    partSize: 8 * 1024 * 1024,
    partCount: 1,
    parts: {},
    status: 'complete',
    createdAt: new Date().toISOString(),
    expiresAt: Math.floor(Date.now() / 1000) + 3600,
  });
  return id;
}

describe('stem splitter with a failing stems service', () => {
  it('completes the split with the built-in separator, with a warning and a fallback metric', async () => {
    const song = (
      await new SynthesizerProvider().generate({
        description: 'fallback test',
        style: 'Pop',
        durationSeconds: 30,
        seed: 21,
      })
    ).wav;
    // The split runs on a worker thread whose stdout/stderr the main thread prints: read both.
    const printed: string[] = [];
    const capture = (chunk: string | Uint8Array) => {
      printed.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
      return true;
    };
    const spies = [
      vi.spyOn(process.stdout, 'write').mockImplementation(capture),
      vi.spyOn(process.stderr, 'write').mockImplementation(capture),
    ];
    try {
      const claims = user();
      const uploadId = await uploadedSong(claims, song);
      const started = await call<JobAccepted>('POST', '/api/functions/neural-stem-splitter', {
        claims,
        body: { uploadId },
      });
      expect(started.status).toBe(202);
      // Generous: the separation runs at whatever speed a shared CI machine gives it.
      const job = await waitForJob(started.body.jobId, claims, 240_000);
      expect(job.status).toBe('succeeded');

      // The service was asked first, with our key and the whole WAV.
      expect(received.length).toBeGreaterThanOrEqual(1);
      expect(received[0]).toMatchObject({
        method: 'POST',
        url: '/separate',
        authorization: 'Bearer stub-key',
        bytes: song.byteLength,
      });

      // The stems are real: the input's length, and they sum back to it.
      const input = decodeWav(song);
      const stems = await Promise.all(job.track!.stems.map(async (s) => decodeWav(await download(s.url!))));
      expect(stems).toHaveLength(4);
      let error = 0;
      let energy = 0;
      const x = input.channels[0]!;
      for (const stem of stems) expect(stem.channels[0]!.length).toBe(x.length);
      for (let i = 0; i < x.length; i++) {
        const sum = stems.reduce((acc, s) => acc + s.channels[0]![i]!, 0);
        error += (sum - x[i]!) ** 2;
        energy += x[i]! ** 2;
      }
      expect(10 * Math.log10(energy / error)).toBeGreaterThan(60);
    } finally {
      for (const spy of spies) spy.mockRestore();
    }

    // Operators see it: one warning naming the provider's error, one StemsProviderFallbacks count.
    const lines = printed.join('').split('\n');
    const warning = lines.find((l) => l.includes('stems provider failed; split with the built-in separator'));
    expect(warning, lines.slice(-20).join('\n')).toBeDefined();
    expect(JSON.parse(warning!)).toMatchObject({ level: 'WARN', provider: 'http', code: 'SERVER_ERROR' });
    const metric = lines.find((l) => l.includes('"StemsProviderFallbacks"'));
    expect(metric).toBeDefined();
    expect(JSON.parse(metric!)).toMatchObject({ StemsProviderFallbacks: 1 });
  }, 300_000);
});
