import { logger } from '../logger';
import { countMetric, METRIC } from '../metrics';
import type { SeparatedStems, StemSeparator } from './separator';

/**
 * A managed stems service with the built-in separator behind it: when the service fails (down, slow,
 * over quota, a broken answer), the split still completes with the local stems instead of failing the
 * user's job. Each fallback writes one warning (`stems provider failed; split with the built-in
 * separator`, with the provider's error code) and counts StemsProviderFallbacks, so operators see a
 * failing provider on the dashboard while users see finished jobs. A cancelled split is not retried.
 */
export class FallbackStemSeparator implements StemSeparator {
  readonly name: string;

  constructor(
    readonly primary: StemSeparator,
    private readonly fallback: StemSeparator,
  ) {
    this.name = `${primary.name}+${fallback.name}`;
  }

  async separate(wav: Uint8Array, options: { signal?: AbortSignal } = {}): Promise<SeparatedStems> {
    try {
      return await this.primary.separate(wav, options);
    } catch (error) {
      if (options.signal?.aborted) throw error;
      this.recordFallback(error);
      return this.fallback.separate(wav, options);
    }
  }

  /**
   * The warning and the metric of one fallback, for a caller that runs the built-in separator itself
   * (the split task streams it from S3 instead of separating a whole WAV in memory).
   */
  recordFallback(error: unknown): void {
    const code = (error as { code?: unknown }).code;
    logger.warn('stems provider failed; split with the built-in separator', {
      provider: this.primary.name,
      fallback: this.fallback.name,
      code: typeof code === 'string' ? code : 'UNKNOWN',
      error: error instanceof Error ? error.message : String(error),
    });
    countMetric(METRIC.StemsProviderFallbacks);
  }
}
