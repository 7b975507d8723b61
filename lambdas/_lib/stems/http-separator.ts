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
 */
export interface HttpSeparatorOptions {
  baseUrl: string;
  apiKey: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
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

  async separate(wav: Uint8Array, options: { signal?: AbortSignal } = {}): Promise<SeparatedStems> {
    const timeout = AbortSignal.timeout(this.options.timeoutMs ?? 300_000);
    const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
    try {
      const response = await this.fetch(`${this.baseUrl}/separate`, {
        method: 'POST',
        headers: { authorization: `Bearer ${this.options.apiKey}`, 'content-type': 'audio/wav' },
        body: wav as Uint8Array<ArrayBuffer>, // fetch types want a non-shared buffer; our WAVs never are shared
        signal,
      });
      const text = await response.text();
      if (!response.ok) throw providerErrorFromResponse(response.status, text, LABEL);
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
        const download = await this.fetch(parsed.data[name], { signal });
        if (!download.ok) throw providerErrorFromResponse(download.status, await download.text(), LABEL);
        const bytes = new Uint8Array(await download.arrayBuffer());
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
