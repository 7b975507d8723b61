import type { JobFailure, JobFailureCode } from '../../../shared/schemas/generation';
import type { ProviderErrorCode } from '../music/provider';

/**
 * Errors the pipeline's tasks throw and the state machine matches by name (Retry/Catch), and the one
 * reading of a caught error (`{Error, Cause}`) into the job's stored failure: a code and its params, never a
 * sentence, so each reader sees it in their own language (issue 18).
 */

/** Error names by provider code; the ASL retries the first three. */
export const PROVIDER_ERROR_NAMES: Record<ProviderErrorCode, string> = {
  TIMEOUT: 'ProviderTimeout',
  RATE_LIMIT: 'ProviderRateLimit',
  SERVER_ERROR: 'ProviderServerError',
  UNAUTHORIZED: 'ProviderUnauthorized',
  BAD_REQUEST: 'ProviderBadRequest',
  TASK_NOT_FOUND: 'ProviderTaskNotFound',
};

/** An error whose `name` is what Step Functions sees as the error (Lambda's errorType). */
export class PipelineError extends Error {
  constructor(name: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = name;
  }
}

export interface CaughtError {
  Error?: string;
  Cause?: string;
}

const BY_NAME: Record<string, JobFailureCode> = {
  'States.Timeout': 'TIMEOUT',
  // The Lambda's own timeout (its whole budget spent), as Step Functions names it.
  'Sandbox.Timedout': 'TIMEOUT',
  ProviderTimeout: 'TIMEOUT',
  ProviderRateLimit: 'RATE_LIMIT',
  ProviderServerError: 'SERVER_ERROR',
  ProviderUnauthorized: 'UNAUTHORIZED',
  ProviderTaskNotFound: 'TASK_NOT_FOUND',
  ProviderBadRequest: 'UNKNOWN',
  TooManyRequests: 'RATE_LIMIT',
  'Lambda.TooManyRequestsException': 'RATE_LIMIT',
  // lambdas/_lib/audio/errors.ts: the upload could not be decoded (its message is for the user).
  UnsupportedAudio: 'UNSUPPORTED_AUDIO',
  AudioCorrupt: 'AUDIO_CORRUPT',
  AudioTruncated: 'AUDIO_TRUNCATED',
  AudioEmpty: 'AUDIO_EMPTY',
};

/** Lambda puts `{errorType, errorMessage, trace}` JSON in Cause; the local runner puts the message. */
export function causeMessage(cause: string | undefined): string {
  if (!cause) return '';
  try {
    const parsed = JSON.parse(cause) as { errorMessage?: unknown };
    if (parsed && typeof parsed.errorMessage === 'string') return parsed.errorMessage;
  } catch {
    // plain text
  }
  return cause;
}

/**
 * The stored failure of a job: its code and `refunded: 1` when the coins or plan generation it used were
 * given back (the web then says so). The caught error's own message stays in the logs: the pipeline's
 * refusals ('O job terminou sem áudio…') are internal states, shown as the generic failure.
 */
export function classifyFailure(caught: CaughtError | undefined, refunded: boolean): JobFailure {
  const name = caught?.Error ?? '';
  let code: JobFailureCode = BY_NAME[name] ?? 'UNKNOWN';
  if (
    code === 'UNKNOWN' &&
    (name.startsWith('Lambda.') ||
      name === 'States.TaskFailed' ||
      /^(Error|TypeError|RangeError)$/.test(name))
  ) {
    code = 'SERVER_ERROR';
  }
  return jobFailure(code, refunded);
}

export const jobFailure = (code: JobFailureCode, refunded: boolean): JobFailure => ({
  code,
  params: refunded ? { refunded: 1 } : {},
});
