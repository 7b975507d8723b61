import { randomUUID } from 'node:crypto';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStepFunctions } from '../../infra/local/step-functions';
import { decodeWav } from '../../shared/audio/wav';
import type { JobAccepted } from '../../shared/schemas/generation';
import { s3 } from '../../lambdas/_lib/aws/s3';
import { config } from '../../lambdas/_lib/config';
import { createUploadSession, type UploadSession } from '../../lambdas/_lib/db/upload-sessions';
import { logger } from '../../lambdas/_lib/logger';
import { SynthesizerProvider } from '../../lambdas/_lib/music/synthesizer';
import { call, download, useOwnStepFunctions, user, waitForJob, type Claims } from './generation-helpers';

/** neural-stem-splitter: a completed WAV upload → the split step of the state machine → four stems. */
logger.setLogLevel('WARN');

let twin: LocalStepFunctions;
let song: Uint8Array;
beforeAll(async () => {
  twin = await useOwnStepFunctions({ MUSIC_PROVIDER_URL: '' });
  song = (
    await new SynthesizerProvider().generate({
      description: 'warm pop song',
      style: 'Pop',
      durationSeconds: 30,
      seed: 7,
    })
  ).wav;
});
afterAll(async () => {
  await twin.stop();
});

/** An upload as the multipart flow leaves it: the object in the audio bucket and a session record. */
async function uploaded(
  owner: Claims,
  bytes: Uint8Array,
  options: Partial<UploadSession> = {},
): Promise<string> {
  const id = randomUUID();
  const key = `uploads/${owner.sub}/${id}/${options.name ?? 'song.wav'}`;
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
    ...options,
  });
  return id;
}

describe('stem splitter', () => {
  it('splits an uploaded WAV into vocals, drums, bass and other that sum back to the input', async () => {
    const claims = user();
    const uploadId = await uploaded(claims, song);
    const started = await call<JobAccepted>('POST', '/api/functions/neural-stem-splitter', {
      claims,
      body: { uploadId },
    });
    expect(started.status).toBe(202);
    const job = await waitForJob(started.body.jobId, claims);
    expect(job.status).toBe('succeeded');
    expect(job.kind).toBe('split');
    const track = job.track!;
    expect(track.title).toBe('song');
    expect(track.stems.map((s) => s.name)).toEqual(['vocals', 'drums', 'bass', 'other']);

    const input = decodeWav(song);
    const stems = await Promise.all(track.stems.map(async (s) => decodeWav(await download(s.url!))));
    let error = 0;
    let energy = 0;
    for (let c = 0; c < 2; c++) {
      const x = input.channels[c]!;
      for (const stem of stems) expect(stem.channels[c]!.length).toBe(x.length);
      for (let i = 0; i < x.length; i++) {
        const sum = stems.reduce((acc, s) => acc + s.channels[c]![i]!, 0);
        error += (sum - x[i]!) ** 2;
        energy += x[i]! ** 2;
      }
    }
    // Reconstruction within 16-bit rounding of four stems: better than 60 dB.
    expect(10 * Math.log10(energy / error)).toBeGreaterThan(60);
    // And it really separates: the drum stem carries real energy, and is not the whole mix.
    const drums = stems[1]!.channels[0]!.reduce((acc, v) => acc + v * v, 0);
    const left = input.channels[0]!.reduce((acc, v) => acc + v * v, 0);
    expect(drums / left).toBeGreaterThan(0.02);
    expect(drums / left).toBeLessThan(0.95);
  });

  it('runs a long split off the main thread: the platform keeps answering while it separates', async () => {
    const claims = user();
    const long = (
      await new SynthesizerProvider().generate({
        description: 'long rock jam',
        style: 'Rock',
        durationSeconds: 120,
        seed: 3,
      })
    ).wav;
    const uploadId = await uploaded(claims, long);
    let worstLagMs = 0;
    let last = performance.now();
    const probe = setInterval(() => {
      const now = performance.now();
      worstLagMs = Math.max(worstLagMs, now - last - 20);
      last = now;
    }, 20);
    try {
      const started = await call<JobAccepted>('POST', '/api/functions/neural-stem-splitter', {
        claims,
        body: { uploadId },
      });
      const job = await waitForJob(started.body.jobId, claims, 120_000);
      expect(job.status).toBe('succeeded');
    } finally {
      clearInterval(probe);
    }
    // Separating 2 minutes of audio in process would block this thread for seconds.
    expect(worstLagMs).toBeLessThan(1000);
  }, 180_000);

  it('a RIFF file the separator cannot read fails the job with that reason (no coins involved)', async () => {
    const claims = user();
    const broken = new Uint8Array(64);
    broken.set(new TextEncoder().encode('RIFF\x38\x00\x00\x00WAVEjunk'), 0);
    const uploadId = await uploaded(claims, broken);
    const started = await call<JobAccepted>('POST', '/api/functions/neural-stem-splitter', {
      claims,
      body: { uploadId },
    });
    expect(started.status).toBe(202);
    const job = await waitForJob(started.body.jobId, claims);
    expect(job.status).toBe('failed');
    expect(job.error?.code).toBe('UNKNOWN');
    expect(job.error?.message).toMatch(/^Arquivo de áudio inválido/);
    expect(job.error?.message).not.toMatch(/reembolsad/);
  });

  it("refuses someone else's upload (404), an unfinished one (400) and a file that is not WAV (400)", async () => {
    const owner = user();
    const mine = await uploaded(owner, song);
    expect(
      (
        await call('POST', '/api/functions/neural-stem-splitter', {
          claims: user(),
          body: { uploadId: mine },
        })
      ).status,
    ).toBe(404);

    const open = await uploaded(owner, song, { status: 'open' });
    expect(
      (await call('POST', '/api/functions/neural-stem-splitter', { claims: owner, body: { uploadId: open } }))
        .status,
    ).toBe(400);

    const mp3 = await uploaded(
      owner,
      new Uint8Array([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3]),
      {
        name: 'song.mp3',
        contentType: 'audio/mpeg',
      },
    );
    const refused = await call<{ error: { code: string } }>('POST', '/api/functions/neural-stem-splitter', {
      claims: owner,
      body: { uploadId: mp3 },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('UNSUPPORTED_AUDIO');
    expect(
      (await call('POST', '/api/functions/neural-stem-splitter', { claims: owner, body: {} })).status,
    ).toBe(400);
  });
});
