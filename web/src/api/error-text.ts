import i18n from 'i18next';
import type { ApiErrorParams } from '../../../shared/errors';

/**
 * The text of an API error in the reader's language: `apiErrors.<code>` of the catalogue shared with the
 * server (shared/i18n/api-errors), with its params (`context` picks a variant). A code we do not know
 * (API Gateway's own answers, a newer server) reads as the generic message of its HTTP status.
 */
export function apiErrorText(code: string, params: ApiErrorParams = {}, status?: number): string {
  if (!i18n.isInitialized) return '';
  const key = `apiErrors.${code}`;
  // Typed keys cannot name a runtime code; the lookup is checked with `exists` first.
  const t = i18n.t as unknown as (key: string, options?: object) => string;
  if (i18n.exists(key)) return t(key, params);
  const generic = `apiErrors.${genericCode(status)}`;
  return i18n.exists(generic) ? t(generic) : '';
}

/** The catalogue's generic code for an HTTP status (0: the request never got an answer). */
export function genericCode(status: number | undefined): string {
  if (status === undefined || status === 0) return 'NETWORK_ERROR';
  if (status === 401) return 'UNAUTHORIZED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 405) return 'METHOD_NOT_ALLOWED';
  if (status === 409) return 'CONFLICT';
  if (status === 413) return 'REQUEST_TOO_LARGE';
  if (status === 429) return 'RATE_LIMIT';
  if (status === 503 || status === 504) return 'SERVICE_UNAVAILABLE';
  if (status >= 500) return 'SERVER_ERROR';
  return 'BAD_REQUEST';
}

let loader: (() => Promise<void>) | undefined;
let loading: Promise<void> | undefined;

/** i18n/index.ts registers how the error texts load once i18next has started (a feature's texts). */
export function setApiErrorTextsLoader(load: () => Promise<void>): void {
  loader = load;
}

/**
 * Makes the error texts available (a small chunk per language, fetched on the first error or at idle
 * after start, so they are there even when the network is what failed). Before i18next starts (or
 * without it, in Node) there is nothing to load: callers fall back to the server's text.
 */
export function loadApiErrorTexts(): Promise<void> {
  if (!loader) return Promise.resolve();
  loading ??= loader().catch(() => {
    loading = undefined;
  });
  return loading;
}

/**
 * What to tell the user about a failed action: our API's message for its code (ApiError), the rule a
 * refused file broke (UploadError), otherwise `fallback` (never a library's English text).
 */
export function failureText(error: unknown, fallback: string): string {
  if (!(error instanceof Error)) return fallback;
  const { code, params, status } = error as Error & {
    code?: unknown;
    params?: ApiErrorParams;
    status?: number;
  };
  if (error.name === 'ApiError') return error.message || fallback;
  if (error.name === 'UploadError' && typeof code === 'string')
    return apiErrorText(code, params, status) || fallback;
  return fallback;
}
