import type { ApiErrorBody } from '../../../shared/errors';

/** An error answer of our API (`{error:{code,message}}`), or a network failure (status 0). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly issues?: ApiErrorBody['error']['issues'],
    /** Extra detail some errors carry (INPUT_POLICY: what the prompt contained). */
    readonly reason?: string,
    /** What the message names (a field, an amount), to word it in the reader's language. */
    readonly params?: Readonly<Record<string, string | number>>,
  ) {
    super(message);
  }
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
  const headers: Record<string, string> = { accept: 'application/json' };
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
    throw new ApiError(0, 'NETWORK_ERROR', error instanceof Error ? error.message : String(error));
  }

  const body = await readJson(response);
  if (!response.ok) {
    if (isErrorBody(body)) {
      const reason = (body.error as { reason?: unknown }).reason;
      throw new ApiError(
        response.status,
        body.error.code,
        body.error.message,
        body.error.issues,
        typeof reason === 'string' ? reason : undefined,
        body.error.params,
      );
    }
    throw new ApiError(
      response.status,
      `HTTP_${response.status}`,
      response.statusText || `HTTP ${response.status}`,
    );
  }
  return options.schema ? options.schema.parse(body) : (body as T);
}
