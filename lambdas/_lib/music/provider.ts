import type { DurationSeconds, MusicStyle } from '../../../shared/audio/styles';

/** What a generation asks for; the same shape reaches every provider. */
export interface MusicRequest {
  description: string;
  lyrics?: string;
  style: MusicStyle;
  durationSeconds: DurationSeconds;
  /** Same request + seed → same track (the built-in synthesizer guarantees identical bytes). */
  seed: number;
  signal?: AbortSignal;
}

/** Stem names the built-in synthesizer writes; HTTP providers may return none or others. */
export type SynthStemName = 'drums' | 'bass' | 'chords' | 'lead';

export interface GeneratedMusic {
  /** The mix: RIFF WAV, 44.1 kHz, stereo, 16-bit PCM. */
  wav: Uint8Array;
  /** Each instrument as a WAV of the mix's format and length (empty when the provider gives none). */
  stems: Partial<Record<SynthStemName, Uint8Array>> & Record<string, Uint8Array>;
  title: string;
  bpm: number;
  /** E.g. 'A minor'. */
  key: string;
  style: MusicStyle;
  durationSeconds: number;
  sampleRate: number;
  /** Which provider made it ('synthesizer' or 'http'). */
  provider: string;
}

export interface MusicProvider {
  readonly name: string;
  generate(request: MusicRequest): Promise<GeneratedMusic>;
}

/** Codes the state machine's Retry/Catch and the web's error mapping understand (spec core §8). */
export const PROVIDER_ERROR_CODES = [
  'TIMEOUT',
  'RATE_LIMIT',
  'UNAUTHORIZED',
  'SERVER_ERROR',
  'BAD_REQUEST',
  'TASK_NOT_FOUND',
] as const;
export type ProviderErrorCode = (typeof PROVIDER_ERROR_CODES)[number];

const RETRYABLE: Record<ProviderErrorCode, boolean> = {
  TIMEOUT: true,
  RATE_LIMIT: true,
  SERVER_ERROR: true,
  UNAUTHORIZED: false,
  BAD_REQUEST: false,
  TASK_NOT_FOUND: false,
};

/**
 * A provider failure with a stable code. `name` is 'ProviderError' and `code` the catalogue code, so a
 * Step Functions Retry/Catch can match on the error name and the handler can put the code in the output.
 */
export class ProviderError extends Error {
  override name = 'ProviderError';
  readonly retryable: boolean;

  constructor(
    readonly code: ProviderErrorCode,
    message: string,
    readonly status?: number,
    options?: { cause?: unknown; retryable?: boolean },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.retryable = options?.retryable ?? RETRYABLE[code];
  }
}

export function isProviderError(error: unknown): error is ProviderError {
  return error instanceof ProviderError;
}
