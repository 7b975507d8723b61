// The texts live in their own module so the pt-BR catalogue can load them without this file's logic.
import { generationMessages, noticeTitles, type GenerationMessageKey } from './messages';
export { generationMessages, noticeTitles, type GenerationMessageKey };

/**
 * The one mapping from a failed (or unusable) music generation to what the generator shows: a banner
 * titled 'Erro' / 'Atenção' or a toast (core spec §8, 'Generator'). Pure, so the web and the tests share
 * it. Texts are the spec's pt-BR texts; `messageKey` lets a translated UI pick its own wording.
 */

export type NoticeKind = 'banner' | 'toast';
export type NoticeSeverity = 'error' | 'warning';

export type GenerationNoticeCode =
  | 'INPUT_POLICY'
  | 'TASK_NOT_FOUND'
  | 'TIMEOUT'
  | 'RATE_LIMIT'
  | 'UNAUTHORIZED'
  | 'SERVER_ERROR'
  | 'INSUFFICIENT_FUNDS'
  | 'GENERATION_FAILED'
  | 'UNKNOWN';

export interface GenerationNotice {
  kind: NoticeKind;
  severity: NoticeSeverity;
  code: GenerationNoticeCode;
  /** Banners only: 'Erro' for errors, 'Atenção' for warnings. */
  title?: string;
  message: string;
  /**
   * Stable id of the wording (e.g. 'inputPolicyArtist'); absent when `message` is the server's own text,
   * which is then shown as is.
   */
  messageKey?: GenerationMessageKey;
}

export interface GenerationFailure {
  /** HTTP status of the answer; undefined for a job that failed while polling. */
  status?: number;
  /** `error.code` of the answer or of the failed job. */
  code?: string;
  message?: string;
  /** INPUT_POLICY only: what the prompt contained ('artist', 'band', 'producer-tag', or both). */
  reason?: string;
  /** A failed job whose coins or plan generation were given back (its stored `params.refunded`). */
  refunded?: boolean;
}

function banner(
  severity: NoticeSeverity,
  code: GenerationNoticeCode,
  key: GenerationMessageKey | undefined,
  message: string,
): GenerationNotice {
  return {
    kind: 'banner',
    severity,
    code,
    title: noticeTitles[severity],
    message,
    ...(key ? { messageKey: key } : {}),
  };
}

function toast(
  code: GenerationNoticeCode,
  key: GenerationMessageKey,
  severity: NoticeSeverity = 'error',
): GenerationNotice {
  return { kind: 'toast', severity, code, message: generationMessages[key], messageKey: key };
}

function inputPolicyKey(reason: string | undefined, message: string): GenerationMessageKey {
  const text = `${reason ?? ''} ${reason ? '' : message}`.toLowerCase();
  const artist = /artist|band|artista|banda/.test(text);
  const producer = /producer|produtor|tag/.test(text);
  if (artist && !producer) return 'inputPolicyArtist';
  if (producer && !artist) return 'inputPolicyProducerTag';
  return 'inputPolicyCombined';
}

/**
 * Spec order: 403 → 400 'task not found' → 504 → 429 / 'rate limit' → 401 / 'unauthorized' /
 * 'invalid api key' → 500 → anything else. A job that failed while polling has no HTTP status, so its
 * error code stands in for it.
 */
export function describeGenerationFailure(failure: GenerationFailure): GenerationNotice {
  const { status } = failure;
  const code = (failure.code ?? '').toUpperCase();
  const message = failure.message ?? '';
  const text = message.toLowerCase();

  if (status === 403 || code === 'INPUT_POLICY') {
    const key = inputPolicyKey(failure.reason, message);
    return banner('warning', 'INPUT_POLICY', key, generationMessages[key]);
  }
  // A job id the server does not know (404 while polling) is the same 'task not found' case.
  if (code === 'TASK_NOT_FOUND' || status === 404 || (status === 400 && text.includes('task not found'))) {
    return toast('TASK_NOT_FOUND', 'taskNotFound');
  }
  if (status === 504 || code === 'TIMEOUT') {
    return toast('TIMEOUT', failure.refunded || /refund|reembols/.test(text) ? 'timeoutRefunded' : 'timeout');
  }
  if (status === 429 || code === 'RATE_LIMIT' || text.includes('rate limit')) {
    return toast('RATE_LIMIT', 'rateLimit', 'warning');
  }
  if (
    status === 401 ||
    code === 'UNAUTHORIZED' ||
    text.includes('unauthorized') ||
    text.includes('invalid api key')
  ) {
    return banner('error', 'UNAUTHORIZED', 'unauthorized', generationMessages.unauthorized);
  }
  if (status === 500 || code === 'SERVER_ERROR') {
    return banner('error', 'SERVER_ERROR', 'serverError', generationMessages.serverError);
  }
  // Not in the spec (metering came with this platform): the server says what ran out; keep its words.
  if (status === 402 || code === 'INSUFFICIENT_FUNDS' || code === 'QUOTA_EXCEEDED') {
    return message
      ? { kind: 'toast', severity: 'warning', code: 'INSUFFICIENT_FUNDS', message }
      : toast('INSUFFICIENT_FUNDS', 'insufficientFunds', 'warning');
  }
  return toast('UNKNOWN', 'unknown');
}

/** What a finished generation answer holds, as far as the generator cares. */
export interface GenerationAnswer {
  success?: boolean;
  policy?: boolean;
  message?: string;
  track?: { id?: string; title?: string; audioUrl?: string } | null;
}

export type GenerationOutcome<T> = { ok: true; track: T } | { ok: false; notice: GenerationNotice };

/**
 * A 200 answer: a policy flag gives a warning banner with the server's message; an answer without
 * success or a playable track gives the toast 'Falha ao gerar música.'.
 */
export function describeGenerationAnswer<T extends NonNullable<GenerationAnswer['track']>>(
  answer: GenerationAnswer & { track?: T | null },
): GenerationOutcome<T> {
  if (answer.policy) {
    const message = answer.message?.trim();
    return {
      ok: false,
      notice: message
        ? banner('warning', 'INPUT_POLICY', undefined, message)
        : banner('warning', 'INPUT_POLICY', 'inputPolicyCombined', generationMessages.inputPolicyCombined),
    };
  }
  if (!answer.success || !answer.track?.audioUrl) {
    return { ok: false, notice: toast('GENERATION_FAILED', 'generationFailed') };
  }
  return { ok: true, track: answer.track };
}

/** A thrown exception (network failure, unreadable answer): 'Ocorreu um erro. Tente novamente.' */
export function describeGenerationException(): GenerationNotice {
  return toast('UNKNOWN', 'unknown');
}
