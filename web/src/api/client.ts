import type { ApiErrorBody, ApiErrorParams } from '../../../shared/errors';
import { apiErrorText, loadApiErrorTexts } from './error-text';
import { textRuleParams } from './text-rule';

/**
 * An error answer of our API (`{error:{code,message,params}}`), or a network failure (status 0).
 * `message` is the code's text in the reader's language (api/error-text.ts), ready for a toast.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly issues?: ApiErrorBody['error']['issues'],
    /** Extra detail some errors carry (INPUT_POLICY: what the prompt contained). */
    readonly reason?: string,
    readonly params: ApiErrorParams = {},
  ) {
    super(message);
  }
}

/** An ApiError whose message is the reader's language text for its code (the server's text as a last resort). */
async function localizedError(
  status: number,
  code: string,
  params: ApiErrorParams = {},
  serverMessage = '',
  issues?: ApiErrorBody['error']['issues'],
  reason?: string,
): Promise<ApiError> {
  await loadApiErrorTexts();
  const message = apiErrorText(code, textRuleParams(code, params), status) || serverMessage || code;
  return new ApiError(status, code, message, issues, reason, params);
}

/** Anything with zod's `parse` (kept structural so this module does not pull zod into every page). */
export interface ResponseSchema<T> {
  parse(data: unknown): T;
}

type TokenSource = () => Promise<string | null>;
let idTokenSource: TokenSource = () => Promise.resolve(null);

/** The auth provider registers how to get a fresh ID token (Amplify refreshes it when needed). */
export function setIdTokenSource(source: TokenSource): void {
  idTokenSource = source;
}

export interface ApiRequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  schema?: ResponseSchema<T>;
  /** Send `Authorization: Bearer <ID token>` (default true; public routes may skip it). */
  auth?: boolean;
  signal?: AbortSignal;
}

function isErrorBody(value: unknown): value is ApiErrorBody {
  const error = (value as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  return typeof error?.code === 'string' && typeof error.message === 'string';
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Calls `/api/...`, returns the parsed body or throws an ApiError. */
export async function apiRequest<T>(path: string, options: ApiRequestOptions<T> = {}): Promise<T> {
  // The app's language, not the browser's: what the API writes for the user (Stripe's page, an agreement)
  // speaks it, and CloudFront keys public reads on it (infra/constructs/edge-cache.ts).
  const headers: Record<string, string> = {
    accept: 'application/json',
    'accept-language': (typeof document === 'undefined' ? '' : document.documentElement.lang) || 'pt-BR',
  };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.auth !== false) {
    const token = await idTokenSource();
    if (token) headers.authorization = `Bearer ${token}`;
  }

  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw await localizedError(0, 'NETWORK_ERROR');
  }

  const body = await readJson(response);
  if (!response.ok) {
    if (isErrorBody(body)) {
      const reason = (body.error as { reason?: unknown }).reason;
      throw await localizedError(
        response.status,
        body.error.code,
        body.error.params,
        body.error.message,
        body.error.issues,
        typeof reason === 'string' ? reason : undefined,
      );
    }
    // Not our shape (API Gateway's own 429/503, a proxy): the generic text of the status.
    throw await localizedError(response.status, `HTTP_${response.status}`);
  }
  return options.schema ? options.schema.parse(body) : (body as T);
}
