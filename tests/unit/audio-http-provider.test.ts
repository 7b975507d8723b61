import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HttpMusicProvider, providerErrorFromResponse } from '../../lambdas/_lib/music/http-provider';
import { ProviderError, type MusicRequest } from '../../lambdas/_lib/music/provider';
import { encodeWav } from '../../shared/audio/wav';
import { DspSeparator } from '../../lambdas/_lib/stems/dsp-separator';
import { FallbackStemSeparator } from '../../lambdas/_lib/stems/fallback-separator';
import { stemSeparatorFromConfig } from '../../lambdas/_lib/stems/from-config';
import { HttpStemSeparator } from '../../lambdas/_lib/stems/http-separator';

type Route = (req: IncomingMessage, body: string, res: ServerResponse) => void;

let server: Server;
let base = '';
let route: Route = () => undefined;
const seen: { method: string; url: string; auth: string | undefined; body: string }[] = [];
const wav = encodeWav({ sampleRate: 44100, channels: [new Float32Array(4410), new Float32Array(4410)] });

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', auth: req.headers.authorization, body });
      if (req.url === '/files/track.wav') {
        res.writeHead(200, { 'content-type': 'audio/wav' }).end(Buffer.from(wav));
        return;
      }
      route(req, body, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen.length = 0;
});

const request: MusicRequest = { description: 'sunny house', style: 'House', durationSeconds: 30, seed: 1 };
const provider = (over: Partial<ConstructorParameters<typeof HttpMusicProvider>[0]> = {}) =>
  new HttpMusicProvider({ baseUrl: `${base}/api/`, apiKey: 'secret-key', pollIntervalMs: 10, ...over });
const reply =
  (status: number, body: unknown): Route =>
  (_req, _body, res) => {
    res
      .writeHead(status, { 'content-type': 'application/json' })
      .end(typeof body === 'string' ? body : JSON.stringify(body));
  };

describe('HTTP music provider', () => {
  it('posts prompt, style and duration with the bearer key and downloads the WAV', async () => {
    route = reply(200, { audioUrl: `${base}/files/track.wav`, title: 'Sol', bpm: 122, key: 'A minor' });
    const track = await provider().generate(request);
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/api/generate', auth: 'Bearer secret-key' });
    expect(JSON.parse(seen[0]!.body)).toMatchObject({ prompt: 'sunny house', style: 'House', duration: 30 });
    expect(track.wav).toEqual(wav);
    expect(track).toMatchObject({
      title: 'Sol',
      bpm: 122,
      key: 'A minor',
      sampleRate: 44100,
      provider: 'http',
    });
    expect(track.durationSeconds).toBeCloseTo(0.1, 6);
  });

  it('polls a task until it completes', async () => {
    let polls = 0;
    route = (req, _body, res) => {
      if (req.method === 'POST') return reply(200, { taskId: 't-1', status: 'pending' })(req, '', res);
      polls++;
      const done = polls >= 2;
      reply(
        200,
        done
          ? { taskId: 't-1', status: 'complete', audioUrl: `${base}/files/track.wav` }
          : { taskId: 't-1', status: 'running' },
      )(req, '', res);
    };
    const track = await provider().generate(request);
    expect(polls).toBe(2);
    expect(seen.some((s) => s.url === '/api/tasks/t-1')).toBe(true);
    expect(track.wav.length).toBe(wav.length);
  });

  it.each([
    [401, '{"error":"nope"}', 'UNAUTHORIZED', false],
    [400, '{"error":"Invalid API key"}', 'UNAUTHORIZED', false],
    [429, '{"error":"slow down"}', 'RATE_LIMIT', true],
    [400, '{"error":"rate limit exceeded"}', 'RATE_LIMIT', true],
    [504, 'gateway timeout', 'TIMEOUT', true],
    [500, 'boom', 'SERVER_ERROR', true],
    [503, 'maintenance', 'SERVER_ERROR', true],
    [400, '{"error":"Task not found"}', 'TASK_NOT_FOUND', false],
    [400, '{"error":"prompt too long"}', 'BAD_REQUEST', false],
  ])('maps HTTP %i %s to %s (retryable %s)', async (status, body, code, retryable) => {
    route = reply(status, body);
    const error = await provider()
      .generate(request)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'ProviderError', code, retryable, status });
  });

  it('maps a provider that does not answer in time to TIMEOUT', async () => {
    route = () => undefined; // never answers
    const error = await provider({ requestTimeoutMs: 150 })
      .generate(request)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'TIMEOUT', retryable: true });
  });

  it('maps an unreachable provider to a retryable SERVER_ERROR', async () => {
    const error = await provider({ baseUrl: 'http://127.0.0.1:9' })
      .generate(request)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'SERVER_ERROR', retryable: true });
  });

  it('refuses audio that is not WAV', async () => {
    route = (req, _b, res) => {
      if (req.method === 'POST') return reply(200, { audioUrl: `${base}/files/song.mp3` })(req, '', res);
      res.writeHead(200).end('ID3 mp3 bytes');
    };
    const error = await provider()
      .generate(request)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'SERVER_ERROR', retryable: false });
    expect(String((error as Error).message)).toMatch(/not WAV/);
  });

  it('reports a failed task as SERVER_ERROR', async () => {
    route = (req, _b, res) =>
      reply(
        200,
        req.method === 'POST'
          ? { taskId: 't-2', status: 'pending' }
          : { taskId: 't-2', status: 'failed', error: 'model crashed' },
      )(req, '', res);
    const error = await provider()
      .generate(request)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'SERVER_ERROR' });
    expect(String((error as Error).message)).toMatch(/model crashed/);
  });

  it('keeps the mapping usable on its own', () => {
    expect(providerErrorFromResponse(403, '')).toMatchObject({ code: 'UNAUTHORIZED' });
    expect(providerErrorFromResponse(408, '')).toMatchObject({ code: 'TIMEOUT', retryable: true });
  });
});

describe('HTTP stem separator', () => {
  const separator = (over: Partial<ConstructorParameters<typeof HttpStemSeparator>[0]> = {}) =>
    new HttpStemSeparator({ baseUrl: `${base}/stems`, apiKey: 'stem-key', retryDelayMs: 5, ...over });
  const stemUrls = () =>
    Object.fromEntries(['vocals', 'drums', 'bass', 'other'].map((n) => [n, `${base}/files/track.wav`]));
  /** Answers each call with the next of `answers` (the last one repeats). */
  const inTurn =
    (...answers: [number, unknown][]): Route =>
    (req, body, res) => {
      const [status, payload] = answers.length > 1 ? answers.shift()! : answers[0]!;
      reply(status, payload)(req, body, res);
    };
  const posts = () => seen.filter((call) => call.method === 'POST' && call.url === '/stems/separate');

  it('uploads the WAV with the bearer key and downloads the four stems', async () => {
    route = reply(
      200,
      Object.fromEntries(['vocals', 'drums', 'bass', 'other'].map((n) => [n, `${base}/files/track.wav`])),
    );
    const stems = await separator().separate(wav);
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/stems/separate', auth: 'Bearer stem-key' });
    expect(seen[0]!.body.length).toBeGreaterThan(0);
    expect(Object.keys(stems).sort()).toEqual(['bass', 'drums', 'other', 'vocals']);
    expect(stems.vocals).toEqual(wav);
  });

  it('maps its failures like the music provider', async () => {
    route = reply(429, 'too many');
    expect(
      await separator({ retries: 0 })
        .separate(wav)
        .catch((e: unknown) => e),
    ).toMatchObject({ code: 'RATE_LIMIT', retryable: true });
    route = reply(200, { vocals: `${base}/files/track.wav` });
    expect(
      await separator()
        .separate(wav)
        .catch((e: unknown) => e),
    ).toMatchObject({ code: 'SERVER_ERROR' });
  });

  it("waits out a 429 and retries: the split gets the provider's stems, not the fallback", async () => {
    route = inTurn([429, { error: 'rate limit' }], [429, { error: 'rate limit' }], [200, stemUrls()]);
    const stems = await separator().separate(wav);
    expect(posts()).toHaveLength(3);
    expect(posts().every((call) => call.auth === 'Bearer stem-key' && call.body.length > 0)).toBe(true);
    expect(stems.vocals).toEqual(wav);
  });

  it('retries a 5xx answer, and a stem download that failed with 5xx', async () => {
    route = inTurn([503, 'busy'], [200, { ...stemUrls(), drums: `${base}/stems/flaky-drums` }]);
    let downloads = 0;
    const flaky: Route = (req, body, res) => {
      if (req.url === '/stems/flaky-drums') {
        downloads++;
        if (downloads === 1) reply(502, 'bad gateway')(req, body, res);
        else res.writeHead(200, { 'content-type': 'audio/wav' }).end(Buffer.from(wav));
        return;
      }
      postRoute(req, body, res);
    };
    const postRoute = route;
    route = flaky;
    const stems = await separator().separate(wav);
    expect(posts()).toHaveLength(2);
    expect(downloads).toBe(2);
    expect(stems.drums).toEqual(wav);
  });

  it('gives up after its retries with RATE_LIMIT, and never retries a refusal (4xx)', async () => {
    route = reply(429, { error: 'rate limit' });
    await expect(separator({ retries: 2 }).separate(wav)).rejects.toMatchObject({
      code: 'RATE_LIMIT',
      status: 429,
    });
    expect(posts()).toHaveLength(3);
    seen.length = 0;
    route = reply(401, { error: 'invalid api key' });
    await expect(separator().separate(wav)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    route = reply(400, { error: 'not a wav' });
    await expect(separator().separate(wav)).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(posts()).toHaveLength(2);
  });

  it('stops retrying when the split is cancelled', async () => {
    route = reply(429, { error: 'rate limit' });
    const cancel = new AbortController();
    const split = separator({ retryDelayMs: 200, retries: 5 }).separate(wav, { signal: cancel.signal });
    setTimeout(() => cancel.abort(), 50);
    await expect(split).rejects.toBeInstanceOf(ProviderError);
    expect(posts()).toHaveLength(1);
  });

  it('is chosen when STEMS_PROVIDER_URL is set (the DSP separator behind it), the DSP separator otherwise', () => {
    expect(stemSeparatorFromConfig({})).toBeInstanceOf(DspSeparator);
    const configured = stemSeparatorFromConfig({ STEMS_PROVIDER_URL: 'http://127.0.0.1:9' });
    expect(configured).toBeInstanceOf(FallbackStemSeparator);
    expect(configured.name).toBe('http+dsp');
  });

  it('falls back to the second separator when the first fails, but not when the split was cancelled', async () => {
    const stems = { vocals: wav, drums: wav, bass: wav, other: wav };
    let fallbacks = 0;
    const failing = {
      name: 'http',
      separate: () => Promise.reject(new ProviderError('TIMEOUT', 'Stem provider timed out.')),
    };
    const local = {
      name: 'dsp',
      separate: () => {
        fallbacks++;
        return Promise.resolve(stems);
      },
    };
    expect(await new FallbackStemSeparator(failing, local).separate(wav)).toBe(stems);
    expect(fallbacks).toBe(1);
    const working = { name: 'http', separate: () => Promise.resolve(stems) };
    expect(await new FallbackStemSeparator(working, local).separate(wav)).toBe(stems);
    expect(fallbacks).toBe(1);
    const cancelled = new AbortController();
    cancelled.abort();
    await expect(
      new FallbackStemSeparator(failing, local).separate(wav, { signal: cancelled.signal }),
    ).rejects.toMatchObject({ code: 'TIMEOUT' });
    expect(fallbacks).toBe(1);
  });
});
