import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { sniffAudioFormat } from '../../shared/audio/formats';
import { bytesSource, decodePrefix } from '../../lambdas/_lib/audio/decode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStepFunctions } from '../../infra/local/step-functions';
import { decodeWav } from '../../shared/audio/wav';
import type { GenerationView, JobAccepted } from '../../shared/schemas/generation';
import { s3 } from '../../lambdas/_lib/aws/s3';
import { config } from '../../lambdas/_lib/config';
import { createUploadSession, type UploadSession } from '../../lambdas/_lib/db/upload-sessions';
import { logger } from '../../lambdas/_lib/logger';
import { SynthesizerProvider } from '../../lambdas/_lib/music/synthesizer';
import { call, download, useOwnStepFunctions, user, waitForJob, type Claims } from './generation-helpers';

/** neural-stem-splitter: a completed audio upload → the split step of the state machine → four stems. */
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
    new PutObjectCommand({
      Bucket: config.AUDIO_BUCKET,
      Key: key,
      Body: bytes,
      ContentType: options.contentType ?? 'audio/wav',
    }),
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
    const job = await waitForJob(started.body.jobId, claims, 170_000);
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
  }, 180_000);

  it('runs a long split off the main thread, reporting its stages and time left as it goes', async () => {
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
      // What the splitter page sees while it polls.
      const seen: GenerationView[] = [];
      const deadline = Date.now() + 400_000;
      let job: GenerationView;
      for (;;) {
        job = (await call<GenerationView>('GET', `/api/generations/${started.body.jobId}`, { claims })).body;
        if (job.status === 'running' && job.stages) seen.push(job);
        if (job.status === 'succeeded' || job.status === 'failed' || Date.now() > deadline) break;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect(job.status).toBe('succeeded');
      expect(job.stages).toBeUndefined();
      // Several distinct reports, each stage moving forward, decoding never behind separation.
      const shares = seen.map((view) => view.stages!.separate);
      expect(new Set(shares).size).toBeGreaterThanOrEqual(2);
      expect(shares).toEqual([...shares].sort((a, b) => a - b));
      for (const view of seen) expect(view.stages!.decode).toBeGreaterThanOrEqual(view.stages!.separate);
      expect(seen.some((view) => view.etaSeconds !== undefined && view.etaSeconds > 0)).toBe(true);
    } finally {
      clearInterval(probe);
    }
    // Separating 2 minutes of audio in process would block this thread for seconds.
    expect(worstLagMs).toBeLessThan(1000);
  }, 420_000);

  it('splits MP3, FLAC and Ogg Vorbis uploads, each stem as WAV and MP3, summing back to the input', async () => {
    const claims = user();
    const reference = await decodedFixture('c-major-120.flac');
    for (const [name, type] of [
      ['c-major-120.mp3', 'audio/mpeg'],
      ['c-major-120.flac', 'audio/flac'],
      ['c-major-120.ogg', 'audio/ogg'],
    ] as const) {
      const bytes = fixture(name);
      const uploadId = await uploaded(claims, bytes, { name, contentType: type, size: bytes.byteLength });
      const started = await call<JobAccepted>('POST', '/api/functions/neural-stem-splitter', {
        claims,
        body: { uploadId },
      });
      expect(started.status, name).toBe(202);
      const job = await waitForJob(started.body.jobId, claims);
      expect(job.status, name).toBe('succeeded');
      const stems = job.track!.stems;
      const wavs = await Promise.all(stems.map(async (s) => decodeWav(await download(s.url!))));
      for (const wav of wavs) {
        expect(wav.sampleRate).toBe(44100);
        expect(wav.channels[0]!.length).toBe(reference.channels[0]!.length);
      }
      // The four stems add up to the decoded input (the FLAC exactly; MP3 and Vorbis to their decoding).
      const sum = wavs[0]!.channels[0]!.map((_, i) => wavs.reduce((acc, w) => acc + w.channels[0]![i]!, 0));
      expect(snr(reference.channels[0]!, sum), name).toBeGreaterThan(name.endsWith('.flac') ? 60 : 10);
      for (const stem of stems) {
        const mp3 = await download(stem.mp3Url!);
        expect(sniffAudioFormat(mp3), `${name} ${stem.name}`).toBe('mp3');
      }
    }
  }, 300_000);

  it('refuses a broken WAV (422 AUDIO_CORRUPT) and an M4A (415 UNSUPPORTED_AUDIO) before any job starts', async () => {
    const claims = user();
    const broken = new Uint8Array(64);
    broken.set(new TextEncoder().encode('RIFF\x38\x00\x00\x00WAVEjunk'), 0);
    const corrupt = await call<{ error: { code: string; message: string } }>(
      'POST',
      '/api/functions/neural-stem-splitter',
      { claims, body: { uploadId: await uploaded(claims, broken) } },
    );
    expect(corrupt.status).toBe(422);
    expect(corrupt.body.error.code).toBe('AUDIO_CORRUPT');

    const m4a = new Uint8Array(4096);
    m4a.set(new TextEncoder().encode('\0\0\0\x20ftypM4A '), 0);
    const refused = await call<{ error: { code: string; message: string } }>(
      'POST',
      '/api/functions/neural-stem-splitter',
      {
        claims,
        body: { uploadId: await uploaded(claims, m4a, { name: 'song.m4a', contentType: 'audio/mp4' }) },
      },
    );
    expect(refused.status).toBe(415);
    expect(refused.body.error).toMatchObject({ code: 'UNSUPPORTED_AUDIO' });
    expect(refused.body.error.message).toMatch(/WAV, MP3, FLAC ou OGG/);
  });

  it('a file that turns out truncated fails the job with AUDIO_TRUNCATED and leaves no stem behind', async () => {
    const claims = user();
    const whole = fixture('c-major-120.flac');
    const cut = whole.subarray(0, Math.floor(whole.length * 0.7));
    const uploadId = await uploaded(claims, cut, {
      name: 'cut.flac',
      contentType: 'audio/flac',
      size: cut.length,
    });
    const started = await call<JobAccepted>('POST', '/api/functions/neural-stem-splitter', {
      claims,
      body: { uploadId },
    });
    expect(started.status).toBe(202);
    const job = await waitForJob(started.body.jobId, claims);
    expect(job.status).toBe('failed');
    expect(job.error?.code).toBe('AUDIO_TRUNCATED');
    expect(job.error).toEqual({ code: 'AUDIO_TRUNCATED', params: {} });
    const left = await s3.send(
      new ListObjectsV2Command({ Bucket: config.AUDIO_BUCKET, Prefix: `splits/${started.body.jobId}/` }),
    );
    expect(left.KeyCount ?? 0).toBe(0);
  });

  it("refuses someone else's upload (404) and an unfinished one (400)", async () => {
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
    expect(
      (await call('POST', '/api/functions/neural-stem-splitter', { claims: owner, body: {} })).status,
    ).toBe(400);
  });
});

const fixture = (name: string) =>
  new Uint8Array(readFileSync(new URL(`../fixtures/audio/${name}`, import.meta.url)));

async function decodedFixture(name: string) {
  const decoded = await decodePrefix(bytesSource(fixture(name), name), 600);
  return decoded.audio;
}

/** Signal-to-error ratio (dB) of `test` against `reference` over their common length. */
function snr(reference: Float32Array, test: Float32Array): number {
  let signal = 0;
  let error = 0;
  for (let i = 0; i < Math.min(reference.length, test.length); i++) {
    signal += reference[i]! ** 2;
    error += (reference[i]! - test[i]!) ** 2;
  }
  return 10 * Math.log10(signal / Math.max(error, 1e-20));
}
