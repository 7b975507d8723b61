import * as z from 'zod';
import { readWavInfo, WavFormatError } from '../../../shared/audio/wav';
import { ProviderError, type GeneratedMusic, type MusicProvider, type MusicRequest } from './provider';

/**
 * A remote music generator over HTTP:
 *   POST {baseUrl}/generate  Authorization: Bearer {key}  {prompt, lyrics?, style, duration, seed}
 * answered either at once with `{audioUrl, title?, bpm?, key?, stems?}` or with `{taskId}`, then polled at
 *   GET {baseUrl}/tasks/{taskId} → {status: 'pending'|'running'|'complete'|'failed', audioUrl?, error?}.
 * The audio (and any stems) are downloaded and must be WAV. Failures become ProviderError with the
 * catalogue's codes (spec core §8): 401/'invalid api key' → UNAUTHORIZED, 429/'rate limit' → RATE_LIMIT,
 * 504/408/time-out → TIMEOUT, 400 'task not found' → TASK_NOT_FOUND, other 4xx → BAD_REQUEST,
 * 5xx/network → SERVER_ERROR (retryable).
 */

export interface HttpProviderOptions {
  baseUrl: string;
  apiKey: string;
  /** Whole generation budget, polling included. */
  timeoutMs?: number;
  /** Budget of one HTTP request. */
  requestTimeoutMs?: number;
  pollIntervalMs?: number;
  fetch?: typeof fetch;
}

const Generated = z.object({
  audioUrl: z.string().url().optional(),
  audio_url: z.string().url().optional(),
  taskId: z.string().min(1).optional(),
  id: z.string().min(1).optional(),
  status: z.string().optional(),
  title: z.string().optional(),
  bpm: z.number().optional(),
  key: z.string().optional(),
  stems: z.record(z.string(), z.string().url()).optional(),
  error: z.string().optional(),
});
type Generated = z.infer<typeof Generated>;

/** Maps an HTTP failure (status and body text) to the catalogue's provider error. */
export function providerErrorFromResponse(
  status: number,
  bodyText: string,
  label = 'Music provider',
): ProviderError {
  const text = bodyText.slice(0, 300);
  const detail = text ? `: ${text}` : '';
  if (status === 401 || status === 403 || /unauthori[sz]ed|invalid api key/i.test(text)) {
    return new ProviderError(
      'UNAUTHORIZED',
      `${label} rejected the credentials (${status})${detail}`,
      status,
    );
  }
  if (status === 429 || /rate limit/i.test(text)) {
    return new ProviderError('RATE_LIMIT', `${label} rate limit (${status})${detail}`, status);
  }
  if (status === 504 || status === 408) {
    return new ProviderError('TIMEOUT', `${label} timed out (${status})${detail}`, status);
  }
  if (status === 400 && /task not found/i.test(text)) {
    return new ProviderError('TASK_NOT_FOUND', `${label} lost the task${detail}`, status);
  }
  if (status >= 500) return new ProviderError('SERVER_ERROR', `${label} failed (${status})${detail}`, status);
  return new ProviderError('BAD_REQUEST', `${label} refused the request (${status})${detail}`, status);
}

/** Maps a thrown fetch failure (time-out, refused connection) to a provider error. */
export function providerErrorFromException(error: unknown, label = 'Music provider'): ProviderError {
  if (error instanceof ProviderError) return error;
  const name = error instanceof Error ? error.name : '';
  if (name === 'TimeoutError' || name === 'AbortError') {
    return new ProviderError('TIMEOUT', `${label} did not answer in time.`, undefined, {
      cause: error,
    });
  }
  const message = error instanceof Error ? error.message : String(error);
  return new ProviderError('SERVER_ERROR', `${label} unreachable: ${message}`, undefined, {
    cause: error,
  });
}

export class HttpMusicProvider implements MusicProvider {
  readonly name = 'http';
  private readonly baseUrl: string;
  private readonly fetch: typeof fetch;

  constructor(private readonly options: HttpProviderOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.fetch = options.fetch ?? globalThis.fetch;
  }

  async generate(request: MusicRequest): Promise<GeneratedMusic> {
    const overall = AbortSignal.timeout(this.options.timeoutMs ?? 180_000);
    const signal = request.signal ? AbortSignal.any([overall, request.signal]) : overall;
    try {
      let answer = await this.json(`${this.baseUrl}/generate`, signal, {
        method: 'POST',
        body: JSON.stringify({
          prompt: request.description,
          lyrics: request.lyrics,
          style: request.style,
          duration: request.durationSeconds,
          seed: request.seed,
        }),
      });
      const taskId = answer.taskId ?? answer.id;
      while (!(answer.audioUrl ?? answer.audio_url)) {
        if (!taskId)
          throw new ProviderError('SERVER_ERROR', 'Music provider answered without audio or task id.');
        if (answer.status && /fail|error/i.test(answer.status)) {
          throw providerErrorFromResponse(500, answer.error ?? `task ${taskId} failed`);
        }
        await sleep(this.options.pollIntervalMs ?? 2000, signal);
        answer = await this.json(`${this.baseUrl}/tasks/${encodeURIComponent(taskId)}`, signal, {
          method: 'GET',
        });
      }
      const wav = await this.download((answer.audioUrl ?? answer.audio_url)!, signal);
      const stems: Record<string, Uint8Array> = {};
      for (const [name, url] of Object.entries(answer.stems ?? {}))
        stems[name] = await this.download(url, signal);
      const info = readWavInfo(wav);
      return {
        wav,
        stems,
        title: answer.title?.trim() || request.description.slice(0, 60) || request.style,
        bpm: answer.bpm ?? 0,
        key: answer.key ?? '',
        style: request.style,
        durationSeconds: info.frames / info.sampleRate,
        sampleRate: info.sampleRate,
        provider: this.name,
      };
    } catch (error) {
      if (error instanceof WavFormatError) {
        throw new ProviderError(
          'SERVER_ERROR',
          `Music provider returned audio that is not WAV: ${error.message}`,
          undefined,
          {
            retryable: false,
          },
        );
      }
      if (request.signal?.aborted && !overall.aborted)
        throw providerErrorFromException(request.signal.reason);
      throw providerErrorFromException(error);
    }
  }

  private async json(url: string, signal: AbortSignal, init: RequestInit): Promise<Generated> {
    const response = await this.fetch(url, {
      ...init,
      headers: {
        authorization: `Bearer ${this.options.apiKey}`,
        'content-type': 'application/json',
        accept: 'application/json',
      },
      signal: AbortSignal.any([signal, AbortSignal.timeout(this.options.requestTimeoutMs ?? 60_000)]),
    });
    const text = await response.text();
    if (!response.ok) throw providerErrorFromResponse(response.status, text);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new ProviderError(
        'SERVER_ERROR',
        'Music provider answered with something that is not JSON.',
        response.status,
      );
    }
    const parsed = Generated.safeParse(body);
    if (!parsed.success)
      throw new ProviderError('SERVER_ERROR', 'Music provider answered with an unexpected shape.');
    if (parsed.data.error && !parsed.data.status)
      throw providerErrorFromResponse(response.status, parsed.data.error);
    return parsed.data;
  }

  private async download(url: string, signal: AbortSignal): Promise<Uint8Array> {
    const response = await this.fetch(url, {
      signal: AbortSignal.any([signal, AbortSignal.timeout(this.options.requestTimeoutMs ?? 60_000)]),
    });
    if (!response.ok) throw providerErrorFromResponse(response.status, await response.text());
    return new Uint8Array(await response.arrayBuffer());
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
