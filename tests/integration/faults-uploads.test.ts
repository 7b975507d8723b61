import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { closeServer, listen } from '../../infra/local/net';
import { MiB } from '../../shared/uploads';
import { uploadFile, type UploadApi } from '../../web/src/lib/multipart-uploader';
import { destroyCognito, signUpUser, type TestUser } from './hardening-helpers';

/**
 * S3 part upload failures that happen at the storage side, not in the browser: an HTTP front between
 * the uploader and the S3 emulator that (a) stores a part and then loses the answer (500 after S3 took
 * the bytes), (b) cuts the connection half-way through a part body, (c) answers 503 SlowDown. The real
 * uploader (web/src/lib/multipart-uploader.ts) talks to the real router over HTTP with a real ID token;
 * it must retry, complete, and S3 must hold exactly the file's bytes: no part lost, none doubled.
 * (Retries at the fetch level, resume after a reload and giving up are in uploads-multipart.test.ts.)
 */

const apiUrl = inject('apiUrl');
const s3Endpoint = new URL(process.env.AWS_ENDPOINT_URL_S3!);
const s3 = new S3Client({
  region: process.env.AWS_REGION,
  forcePathStyle: true,
  requestChecksumCalculation: 'WHEN_REQUIRED',
  responseChecksumValidation: 'WHEN_REQUIRED',
});

type Fault = 'stored-answer-lost' | 'cut-mid-body' | 'slow-down';
const faults = new Map<number, Fault>([
  [2, 'stored-answer-lost'],
  [3, 'cut-mid-body'],
  [4, 'slow-down'],
]);
const attempts = new Map<number, number>();
let s3Front: http.Server;
let frontUrl = '';
let owner: TestUser;

/** Forwards to S3 with the Host the URL was presigned for; injects each part's fault on its first try. */
function forward(req: http.IncomingMessage, res: http.ServerResponse, after?: (status: number) => void) {
  const upstream = http.request(
    {
      host: s3Endpoint.hostname,
      port: s3Endpoint.port,
      method: req.method,
      path: req.url,
      headers: { ...req.headers, host: s3Endpoint.host },
    },
    (answer) => {
      if (after) {
        answer.resume();
        answer.on('end', () => after(answer.statusCode ?? 0));
        return;
      }
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', () => res.destroy());
  req.pipe(upstream);
}

beforeAll(async () => {
  s3Front = http.createServer((req, res) => {
    const partNumber = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('partNumber'));
    const attempt = (attempts.get(partNumber) ?? 0) + 1;
    attempts.set(partNumber, attempt);
    const fault = attempt === 1 ? faults.get(partNumber) : undefined;
    if (fault === 'stored-answer-lost') {
      forward(req, res, (status) => {
        expect(status).toBe(200); // S3 really stored it
        res.writeHead(500, { 'content-type': 'application/xml' });
        res.end('<Error><Code>InternalError</Code></Error>');
      });
    } else if (fault === 'cut-mid-body') {
      let received = 0;
      req.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (received > 2 * MiB) req.socket.destroy();
      });
    } else if (fault === 'slow-down') {
      req.resume();
      req.on('end', () => {
        res.writeHead(503, { 'content-type': 'application/xml' });
        res.end('<Error><Code>SlowDown</Code></Error>');
      });
    } else {
      forward(req, res);
    }
  });
  frontUrl = `http://127.0.0.1:${await listen(s3Front, 0)}`;
  owner = await signUpUser('client', 'Upload Faults');
});
afterAll(async () => {
  await closeServer(s3Front);
  s3.destroy();
  destroyCognito();
});

/** The uploader's API over the real router, as the web app calls it. */
function routerApi(token: string): UploadApi {
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${apiUrl}/api${path.replace(/^\/api/, '')}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json = (await response.json()) as T;
    if (!response.ok) throw Object.assign(new Error(JSON.stringify(json)), { status: response.status });
    return json;
  };
  return {
    post: (path, body) => call('POST', path, body),
    get: (path) => call('GET', path),
    delete: (path) => call('DELETE', path),
  };
}

describe('S3 part upload failures', () => {
  it('a stored-then-lost part, a cut part and a SlowDown part are retried; S3 holds exactly the file', async () => {
    const size = 5 * 8 * MiB - 123;
    const bytes = randomBytes(size);
    Buffer.from('RIFF\0\0\0\0WAVEfmt ', 'latin1').copy(bytes, 0);
    const file = Object.assign(new Blob([new Uint8Array(bytes)], { type: 'audio/wav' }), {
      name: 'falhas.wav',
      lastModified: 1_700_000_000_000,
    });
    // Part PUTs go to the faulty front instead of straight to S3 (same path and presigned query).
    const viaFront: typeof fetch = (input, init) => {
      const url = new URL(String(input));
      return fetch(`${frontUrl}${url.pathname}${url.search}`, init);
    };
    const result = await uploadFile(file, {
      purpose: 'stem-split',
      api: routerApi(owner.idToken),
      storage: null,
      fetch: viaFront,
      retryBaseMs: 5,
    });
    expect(result.size).toBe(size);
    expect(Object.fromEntries(attempts)).toEqual({ 1: 1, 2: 2, 3: 2, 4: 2, 5: 1 });

    const object = await s3.send(new GetObjectCommand({ Bucket: result.bucket, Key: result.key }));
    const hash = createHash('sha256');
    for await (const chunk of object.Body as AsyncIterable<Uint8Array>) hash.update(chunk);
    expect(hash.digest('hex')).toBe(createHash('sha256').update(bytes).digest('hex'));

    const session = await routerApi(owner.idToken).get<{ status: string; parts: unknown[] }>(
      `/api/uploads/${result.uploadId}`,
    );
    expect(session.status).toBe('complete');
  });
});
