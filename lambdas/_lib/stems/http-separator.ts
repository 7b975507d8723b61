import pRetry from 'p-retry';
import * as z from 'zod';
import { providerErrorFromException, providerErrorFromResponse } from '../music/http-provider';
import { ProviderError } from '../music/provider';
import { readWavInfo, WavFormatError } from '../../../shared/audio/wav';
import { STEM_NAMES, type SeparatedStems, type StemSeparator } from './separator';

/**
 * A remote stem separator:
 *   POST {baseUrl}/separate  Authorization: Bearer {key}  Content-Type: audio/wav  (the WAV bytes)
 * answered with `{vocals, drums, bass, other}` URLs, each downloaded and checked to be WAV. Errors use the
 * music provider's status mapping (401 → UNAUTHORIZED, 429 → RATE_LIMIT, 504/time-out → TIMEOUT, 5xx →
 * SERVER_ERROR retryable, other 4xx → BAD_REQUEST).
 *
 * A busy service is waited for, not given up on: an answer of 429 or 5xx (or a dropped connection) to the
 * upload or to a stem download is retried with exponential backoff and jitter (1 s, 2 s, 4 s, each × 1–2,
 * within the overall time budget), as the state machine retries the music provider. Only then does the
 * split fall back to the built-in separator (./fallback-separator.ts).
 */
export interface HttpSeparatorOptions {
  baseUrl: string;
  apiKey: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** Retries of one call answered 429/5xx (default 3). */
  retries?: number;
  /** First backoff delay; doubled at each retry, randomized × 1–2, capped at 20 s (default 1000). */
  retryDelayMs?: number;
}

/** Worth another try: the service said "later" (429), failed (5xx), or the connection dropped. */
function isTransient(error: unknown): boolean {
  if (!(error instanceof ProviderError)) return false;
  if (error.status !== undefined) return error.status === 429 || error.status >= 500;
  return error.code === 'SERVER_ERROR' && error.retryable;
}

const Answer = z.object({
  vocals: z.string().url(),
  drums: z.string().url(),
  bass: z.string().url(),
  other: z.string().url(),
});

const LABEL = 'Stem provider';

export class HttpStemSeparator implements StemSeparator {
  readonly name = 'http';
  private readonly baseUrl: string;
  private readonly fetch: typeof fetch;

  constructor(private readonly options: HttpSeparatorOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.fetch = options.fetch ?? globalThis.fetch;
  }

  /** One HTTP call, retried while the service answers 429/5xx; a cancelled or timed-out split stops. */
  private withRetries<T>(call: () => Promise<T>, signal: AbortSignal): Promise<T> {
    return pRetry(
      async () => {
        try {
          return await call();
        } catch (error) {
          throw providerErrorFromException(error, LABEL);
        }
      },
      {
        retries: this.options.retries ?? 3,
        minTimeout: this.options.retryDelayMs ?? 1000,
        maxTimeout: 20_000,
        factor: 2,
        randomize: true,
        signal,
        shouldRetry: ({ error }) => !signal.aborted && isTransient(error),
      },
    );
  }

  async separate(wav: Uint8Array, options: { signal?: AbortSignal } = {}): Promise<SeparatedStems> {
    const timeout = AbortSignal.timeout(this.options.timeoutMs ?? 300_000);
    const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
    try {
      const text = await this.withRetries(async () => {
        const response = await this.fetch(`${this.baseUrl}/separate`, {
          method: 'POST',
          headers: { authorization: `Bearer ${this.options.apiKey}`, 'content-type': 'audio/wav' },
          body: wav as Uint8Array<ArrayBuffer>, // fetch types want a non-shared buffer; our WAVs never are
          signal,
        });
        const answer = await response.text();
        if (!response.ok) throw providerErrorFromResponse(response.status, answer, LABEL);
        return answer;
      }, signal);
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        throw new ProviderError('SERVER_ERROR', `${LABEL} answered with something that is not JSON.`);
      }
      const parsed = Answer.safeParse(body);
      if (!parsed.success) throw new ProviderError('SERVER_ERROR', `${LABEL} did not return all four stems.`);
      const stems = {} as SeparatedStems;
      for (const name of STEM_NAMES) {
        const bytes = await this.withRetries(async () => {
          const download = await this.fetch(parsed.data[name], { signal });
          if (!download.ok) throw providerErrorFromResponse(download.status, await download.text(), LABEL);
          return new Uint8Array(await download.arrayBuffer());
        }, signal);
        readWavInfo(bytes);
        stems[name] = bytes;
      }
      return stems;
    } catch (error) {
      if (error instanceof WavFormatError) {
        throw new ProviderError(
          'SERVER_ERROR',
          `${LABEL} returned a stem that is not WAV: ${error.message}`,
          undefined,
          {
            retryable: false,
          },
        );
      }
      throw providerErrorFromException(error, LABEL);
    }
  }
}
