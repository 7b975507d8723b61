import apiErrorsPtBR from '../../../shared/i18n/api-errors/pt-BR';
import type { JobFailureCode } from '../../../shared/schemas/generation';
import type { ProviderErrorCode } from '../music/provider';

/**
 * Errors the pipeline's tasks throw and the state machine matches by name (Retry/Catch), and the one
 * reading of a caught error (`{Error, Cause}`) into the job's failure code and message.
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

/** Our own refusals carry a message meant for users (e.g. 'Arquivo de áudio inválido: …'). */
const USER_FACING = new Set(['BadRequest', 'ValidationFailed', 'InsufficientFunds', 'NotFound']);

const MESSAGES: Record<JobFailureCode, string> = {
  TIMEOUT: 'A geração excedeu o tempo limite.',
  RATE_LIMIT: 'O provedor de música recebeu muitas solicitações (rate limit).',
  UNAUTHORIZED: 'O provedor de música recusou as credenciais (unauthorized).',
  SERVER_ERROR: 'Problema temporário no servidor.',
  TASK_NOT_FOUND: 'Tarefa não encontrada (task not found).',
  UNKNOWN: 'Ocorreu um erro.',
  // The decoder's refusals read as the API catalogue's texts for their codes.
  UNSUPPORTED_AUDIO: apiErrorsPtBR.UNSUPPORTED_AUDIO,
  AUDIO_CORRUPT: apiErrorsPtBR.AUDIO_CORRUPT,
  AUDIO_TRUNCATED: apiErrorsPtBR.AUDIO_TRUNCATED,
  AUDIO_EMPTY: apiErrorsPtBR.AUDIO_EMPTY,
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

export function classifyFailure(
  caught: CaughtError | undefined,
  refunded: boolean,
): { code: JobFailureCode; message: string } {
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
  let message = MESSAGES[code];
  if (code === 'UNKNOWN' && USER_FACING.has(name))
    message = causeMessage(caught?.Cause).slice(0, 300) || message;
  if (refunded) message += ' Seus créditos foram reembolsados automaticamente.';
  return { code, message };
}
