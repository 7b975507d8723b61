import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { openAsBlob } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { handler } from '../../lambdas/uploads/handler';
import { MiB, type UploadSessionView } from '../../shared/uploads';
import { uploadFile, type UploadSource } from '../../web/src/lib/multipart-uploader';
import { callUploads, handlerApi, memoryStorage, type Claims } from './uploads-api';

/**
 * The multipart upload path end to end against the local emulators: the uploads Lambda invoked with
 * API Gateway v2 events, the parts PUT with fetch to the presigned URLs, the result read back from S3.
 * s3rver checks no signatures, so every ownership rule proven here is our API's own.
 */

const s3 = new S3Client({
  region: process.env.AWS_REGION,
  forcePathStyle: true,
  requestChecksumCalculation: 'WHEN_REQUIRED',
  responseChecksumValidation: 'WHEN_REQUIRED',
});

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'uploads-test-'));
});
afterAll(async () => {
  s3.destroy();
  await rm(dir, { recursive: true, force: true });
});

const user = (): Claims => ({ sub: randomUUID(), 'custom:role': 'client' });

/** A file of `size` bytes starting with a WAV header (so it sniffs as audio), the rest random. */
async function audioFile(
  size: number,
  name = 'take 1 (final).wav',
): Promise<{ file: UploadSource; sha256: string }> {
  const filePath = path.join(dir, `${randomUUID()}.wav`);
  const handle = await open(filePath, 'w');
  const hash = createHash('sha256');
  const header = Buffer.from('RIFF\0\0\0\0WAVEfmt ', 'latin1');
  let written = 0;
  while (written < size) {
    const chunk = randomBytes(Math.min(4 * MiB, size - written));
    if (written === 0) header.copy(chunk, 0, 0, Math.min(header.length, chunk.length));
    await handle.write(chunk);
    hash.update(chunk);
    written += chunk.length;
  }
  await handle.close();
  const blob = await openAsBlob(filePath, { type: 'audio/wav' });
  return { file: Object.assign(blob, { name, lastModified: 1_700_000_000_000 }), sha256: hash.digest('hex') };
}

async function storedSha256(bucket: string, key: string): Promise<string> {
  const object = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  const hash = createHash('sha256');
  for await (const chunk of object.Body as AsyncIterable<Uint8Array>) hash.update(chunk);
  return hash.digest('hex');
}

async function objectExists(bucket: string, key: string): Promise<boolean> {
  try {
    await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    return true;
  } catch {
    return false;
  }
}

/**
 * A fetch that counts the part numbers it PUTs. `brokenPart`, when given, fails for good (HTTP 400)
 * once two other parts went through, like a connection that dies mid-upload.
 */
function countingFetch(sent: number[], brokenPart?: number): typeof fetch {
  let finished = 0;
  let release = () => {};
  const twoFinished = new Promise<void>((resolve) => (release = resolve));
  return async (input, init) => {
    const partNumber = Number(new URL(String(input)).searchParams.get('partNumber'));
    sent.push(partNumber);
    if (partNumber === brokenPart) {
      await twoFinished;
      return new Response('broken link', { status: 400 });
    }
    const response = await fetch(input, init);
    if (++finished === 2) release();
    return response;
  };
}

interface Created {
  uploadId: string;
  key: string;
  bucket: string;
  partSize: number;
  partCount: number;
}

describe('multipart upload', () => {
  it('uploads a 40 MiB file in five 8 MiB parts and stores exactly its bytes under the caller', async () => {
    const owner = user();
    const { file, sha256 } = await audioFile(40 * MiB);
    const fractions: number[] = [];
    const sent: number[] = [];
    const result = await uploadFile(file, {
      purpose: 'stem-split',
      api: handlerApi(handler, owner),
      storage: memoryStorage(),
      fetch: countingFetch(sent),
      onProgress: (p) => fractions.push(p.fraction),
    });
    expect(result.size).toBe(40 * MiB);
    expect(result.key).toMatch(new RegExp(`^uploads/${owner.sub}/[0-9A-Z]{26}/take_1__final_.wav$`));
    expect(sent.sort()).toEqual([1, 2, 3, 4, 5]);
    expect(await storedSha256(result.bucket, result.key)).toBe(sha256);
    expect(fractions.at(-1)).toBe(1);
    expect(fractions).toEqual([...fractions].sort((a, b) => a - b));

    const session = await callUploads(handler, 'GET', `/api/uploads/${result.uploadId}`, owner);
    expect(session.body).toMatchObject({ status: 'complete', partSize: 8 * MiB, partCount: 5 });
  });

  it('resumes after a reload and sends only the parts the server had not confirmed', async () => {
    const owner = user();
    const storage = memoryStorage();
    const { file, sha256 } = await audioFile(40 * MiB + 123);
    const api = handlerApi(handler, owner);

    const firstTry: number[] = [];
    await expect(
      uploadFile(file, {
        purpose: 'stem-split',
        api,
        storage,
        fetch: countingFetch(firstTry, 4),
        concurrency: 4,
      }),
    ).rejects.toThrow(/HTTP 400/);
    const uploadId = [...storage.data.values()][0]!;
    const { body } = await callUploads(handler, 'GET', `/api/uploads/${uploadId}`, owner);
    const done = (body as UploadSessionView).parts.map((part) => part.partNumber);
    expect(done.length).toBeGreaterThanOrEqual(2);
    expect(done).not.toContain(4);

    // "Reload": a new uploader call that only has the resume record in storage.
    const secondTry: number[] = [];
    const result = await uploadFile(file, {
      purpose: 'stem-split',
      api,
      storage,
      fetch: countingFetch(secondTry),
    });
    expect(result.resumed).toBe(true);
    expect(result.uploadId).toBe(uploadId);
    expect(secondTry.sort()).toEqual([1, 2, 3, 4, 5, 6].filter((n) => !done.includes(n)));
    expect(await storedSha256(result.bucket, result.key)).toBe(sha256);
    expect(storage.data.size).toBe(0);
  });

  it('retries parts that hit a server error or a dropped connection, and still stores the exact bytes', async () => {
    const { file, sha256 } = await audioFile(24 * MiB + 7);
    const attempts = new Map<number, number>();
    const flaky: typeof fetch = async (input, init) => {
      const partNumber = Number(new URL(String(input)).searchParams.get('partNumber'));
      const attempt = (attempts.get(partNumber) ?? 0) + 1;
      attempts.set(partNumber, attempt);
      if (partNumber === 2 && attempt === 1) return new Response('slow down', { status: 503 });
      if (partNumber === 3 && attempt <= 2) throw new TypeError('fetch failed: socket hang up');
      return fetch(input, init);
    };
    const result = await uploadFile(file, {
      purpose: 'stem-split',
      api: handlerApi(handler, user()),
      storage: null,
      fetch: flaky,
      retryBaseMs: 5,
    });
    expect(Object.fromEntries(attempts)).toEqual({ 1: 1, 2: 2, 3: 3, 4: 1 });
    expect(await storedSha256(result.bucket, result.key)).toBe(sha256);
  });

  it('gives up on a part after maxRetries and reports the failure', async () => {
    const { file } = await audioFile(9 * MiB);
    const down: typeof fetch = async () => new Response('unavailable', { status: 503 });
    await expect(
      uploadFile(file, {
        purpose: 'stem-split',
        api: handlerApi(handler, user()),
        storage: null,
        fetch: down,
        maxRetries: 2,
        retryBaseMs: 1,
      }),
    ).rejects.toThrow(/HTTP 503/);
  });

  it('sends a small file through the same path as one part and completes it via merge-chunks', async () => {
    const owner: Claims = { sub: randomUUID(), 'custom:role': 'creator', 'cognito:groups': '[creator]' };
    const created = await callUploads(handler, 'POST', '/api/uploads', owner, {
      purpose: 'product-cover',
      name: 'capa.png',
      type: 'image/png',
      size: 100,
    });
    expect(created.statusCode).toBe(201);
    const { uploadId, key, partCount } = created.body as Created;
    expect(partCount).toBe(1);
    expect(key).toMatch(new RegExp(`^covers/${owner.sub}/\\d+_capa.png$`));
    const parts = await callUploads(handler, 'POST', `/api/uploads/${uploadId}/parts`, owner, {
      partNumbers: [1],
    });
    const [{ url }] = (parts.body as { urls: { url: string }[] }).urls as [{ url: string }];
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      randomBytes(92),
    ]);
    const put = await fetch(url, { method: 'PUT', body: png });
    expect(put.status).toBe(200);
    const etag = put.headers.get('etag')!;
    await callUploads(handler, 'POST', `/api/uploads/${uploadId}/parts`, owner, {
      confirm: [{ partNumber: 1, etag }],
    });
    const merged = await callUploads(handler, 'POST', '/api/functions/merge-chunks', owner, { uploadId });
    expect(merged.statusCode).toBe(200);
    expect(merged.body).toMatchObject({ key, size: 100, type: 'image/png' });
    // Completing again (a retried request) answers the same result.
    const again = await callUploads(handler, 'POST', `/api/uploads/${uploadId}/complete`, owner);
    expect(again).toEqual(merged);
  });

  it('puts chat attachments in the analysis bucket under the user id', async () => {
    const owner = user();
    const created = await callUploads(handler, 'POST', '/api/uploads', owner, {
      purpose: 'chat-attachment',
      name: 'notas da sessão.pdf',
      type: 'application/pdf',
      size: 2048,
    });
    expect(created.statusCode).toBe(201);
    expect(created.body).toMatchObject({ bucket: process.env.ANALYSIS_BUCKET });
    expect((created.body as Created).key).toMatch(new RegExp(`^${owner.sub}/\\d+_notas_da_sess_o.pdf$`));
  });
});

describe('multipart upload refusals', () => {
  it('is wired in the route table behind sign-in (the local router answers 401 without a token)', async () => {
    for (const [method, route] of [
      ['POST', '/api/uploads'],
      ['GET', '/api/uploads/x'],
      ['DELETE', '/api/uploads/x'],
      ['POST', '/api/uploads/x/parts'],
      ['POST', '/api/uploads/x/complete'],
      ['POST', '/api/functions/merge-chunks'],
    ] as const) {
      const response = await fetch(inject('apiUrl') + route, {
        method,
        body: method === 'POST' ? '{}' : undefined,
      });
      expect(response.status, `${method} ${route}`).toBe(401);
    }
  });

  it('refuses a declared size above 1 GiB with the spec message', async () => {
    const answer = await callUploads(handler, 'POST', '/api/uploads', user(), {
      purpose: 'stem-split',
      name: 'huge.wav',
      type: 'audio/wav',
      size: 1024 * MiB + 1,
    });
    expect(answer.statusCode).toBe(413);
    expect(answer.body).toMatchObject({ error: { message: 'Arquivo muito grande — Limite de 1GB' } });
  });

  it('refuses a non-audio file for the stem splitter', async () => {
    const answer = await callUploads(handler, 'POST', '/api/uploads', user(), {
      purpose: 'stem-split',
      name: 'contrato.pdf',
      type: 'application/pdf',
      size: 1000,
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toMatchObject({
      error: {
        code: 'INVALID_FILE_TYPE',
        params: { context: 'audio' },
        message: expect.stringMatching(/áudio válido/),
      },
    });
  });

  it('refuses product uploads from a client (creators only), even one claiming custom:role creator', async () => {
    const answer = await callUploads(
      handler,
      'POST',
      '/api/uploads',
      { ...user(), 'custom:role': 'creator' },
      {
        purpose: 'product-audio',
        name: 'beat.mp3',
        type: 'audio/mpeg',
        size: 1000,
      },
    );
    expect(answer.statusCode).toBe(403);
  });

  it("answers 404 to another user asking for part URLs, status, completion or abort of someone's upload", async () => {
    const owner = user();
    const stranger = user();
    const created = await callUploads(handler, 'POST', '/api/uploads', owner, {
      purpose: 'stem-split',
      name: 'a.wav',
      type: 'audio/wav',
      size: 20 * MiB,
    });
    const { uploadId } = created.body as Created;
    const base = `/api/uploads/${uploadId}`;
    expect(
      (await callUploads(handler, 'POST', `${base}/parts`, stranger, { partNumbers: [1] })).statusCode,
    ).toBe(404);
    expect(
      (
        await callUploads(handler, 'POST', `${base}/parts`, stranger, {
          confirm: [{ partNumber: 1, etag: '"x"' }],
        })
      ).statusCode,
    ).toBe(404);
    expect((await callUploads(handler, 'GET', base, stranger)).statusCode).toBe(404);
    expect((await callUploads(handler, 'POST', `${base}/complete`, stranger)).statusCode).toBe(404);
    expect((await callUploads(handler, 'DELETE', base, stranger)).statusCode).toBe(404);
    // The owner's session is untouched.
    const mine = await callUploads(handler, 'GET', base, owner);
    expect(mine.body).toMatchObject({ status: 'open', parts: [] });
  });

  it('refuses part numbers beyond the plan', async () => {
    const owner = user();
    const created = await callUploads(handler, 'POST', '/api/uploads', owner, {
      purpose: 'stem-split',
      name: 'a.wav',
      type: 'audio/wav',
      size: 20 * MiB,
    });
    const { uploadId } = created.body as Created;
    const answer = await callUploads(handler, 'POST', `/api/uploads/${uploadId}/parts`, owner, {
      partNumbers: [3, 4],
    });
    expect(answer.statusCode).toBe(400);
  });

  it('refuses to complete while a part is missing and names it', async () => {
    const owner = user();
    const created = await callUploads(handler, 'POST', '/api/uploads', owner, {
      purpose: 'stem-split',
      name: 'a.wav',
      type: 'audio/wav',
      size: 20 * MiB,
    });
    const { uploadId } = created.body as Created;
    await callUploads(handler, 'POST', `/api/uploads/${uploadId}/parts`, owner, {
      confirm: [{ partNumber: 2, etag: '"abc"' }],
    });
    // Confirming the same part again (a retried request) records it once.
    await callUploads(handler, 'POST', `/api/uploads/${uploadId}/parts`, owner, {
      confirm: [{ partNumber: 2, etag: '"abc"' }],
    });
    const session = await callUploads(handler, 'GET', `/api/uploads/${uploadId}`, owner);
    expect((session.body as UploadSessionView).parts).toEqual([
      { partNumber: 2, etag: '"abc"', size: 8 * MiB },
    ]);
    const answer = await callUploads(handler, 'POST', `/api/uploads/${uploadId}/complete`, owner);
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toMatchObject({ error: { code: 'MISSING_PARTS' } });
    expect((answer.body as { error: { message: string } }).error.message).toMatch(/: 1, 3\.$/);
  });

  it('removes the object and refuses completion when the real size differs from the declared one', async () => {
    const owner = user();
    const declared = 9 * MiB;
    const created = await callUploads(handler, 'POST', '/api/uploads', owner, {
      purpose: 'stem-split',
      name: 'a.wav',
      type: 'audio/wav',
      size: declared,
    });
    const { uploadId, bucket, key } = created.body as Created;
    const parts = await callUploads(handler, 'POST', `/api/uploads/${uploadId}/parts`, owner, {
      partNumbers: [1, 2],
    });
    const urls = (parts.body as { urls: { partNumber: number; url: string }[] }).urls;
    const first = Buffer.concat([Buffer.from('RIFF\0\0\0\0WAVE', 'latin1'), randomBytes(8 * MiB - 12)]);
    const confirm = [];
    for (const { partNumber, url } of urls) {
      // Part 2 should hold 1 MiB; a tampering client sends 3 MiB.
      const body = partNumber === 1 ? first : randomBytes(3 * MiB);
      const put = await fetch(url, { method: 'PUT', body });
      confirm.push({ partNumber, etag: put.headers.get('etag')! });
    }
    await callUploads(handler, 'POST', `/api/uploads/${uploadId}/parts`, owner, { confirm });
    const answer = await callUploads(handler, 'POST', `/api/uploads/${uploadId}/complete`, owner);
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toMatchObject({ error: { code: 'SIZE_MISMATCH' } });
    expect(await objectExists(bucket, key)).toBe(false);
    const session = await callUploads(handler, 'GET', `/api/uploads/${uploadId}`, owner);
    expect(session.body).toMatchObject({ status: 'rejected' });
  });

  it('removes a "WAV" whose bytes are not audio', async () => {
    const owner = user();
    const size = 64 * 1024;
    const created = await callUploads(handler, 'POST', '/api/uploads', owner, {
      purpose: 'stem-split',
      name: 'fake.wav',
      type: 'audio/wav',
      size,
    });
    const { uploadId, bucket, key } = created.body as Created;
    const parts = await callUploads(handler, 'POST', `/api/uploads/${uploadId}/parts`, owner, {
      partNumbers: [1],
    });
    const [{ url }] = (parts.body as { urls: { url: string }[] }).urls as [{ url: string }];
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n', 'latin1'), randomBytes(size - 9)]);
    const put = await fetch(url, { method: 'PUT', body: pdf });
    await callUploads(handler, 'POST', `/api/uploads/${uploadId}/parts`, owner, {
      confirm: [{ partNumber: 1, etag: put.headers.get('etag')! }],
    });
    const answer = await callUploads(handler, 'POST', `/api/uploads/${uploadId}/complete`, owner);
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toMatchObject({
      error: {
        code: 'INVALID_FILE_TYPE',
        params: { context: 'audio' },
        message: expect.stringMatching(/áudio válido/),
      },
    });
    expect(await objectExists(bucket, key)).toBe(false);
  });
});

describe('cancel', () => {
  it('aborts through the AbortSignal: the session is marked aborted and takes no more parts', async () => {
    const owner = user();
    const storage = memoryStorage();
    const { file } = await audioFile(40 * MiB);
    const controller = new AbortController();
    const api = handlerApi(handler, owner);
    let uploadId = '';
    const upload = uploadFile(file, {
      purpose: 'stem-split',
      api,
      storage,
      signal: controller.signal,
      onProgress: (p) => {
        uploadId ||= [...storage.data.values()][0] ?? '';
        if (p.partsDone >= 1) controller.abort();
      },
    });
    await expect(upload).rejects.toMatchObject({ name: 'AbortError' });
    expect(uploadId).not.toBe('');
    expect(storage.data.size).toBe(0);
    const session = await callUploads(handler, 'GET', `/api/uploads/${uploadId}`, owner);
    expect(session.body).toMatchObject({ status: 'aborted' });
    const more = await callUploads(handler, 'POST', `/api/uploads/${uploadId}/parts`, owner, {
      partNumbers: [1],
    });
    expect(more.statusCode).toBe(409);
    const complete = await callUploads(handler, 'POST', `/api/uploads/${uploadId}/complete`, owner);
    expect(complete.statusCode).toBe(409);
  });
});
