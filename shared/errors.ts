import * as z from 'zod';
import type { ApiErrorCode } from './i18n/api-errors/pt-BR';
import type { ApiErrorParams } from './i18n/api-errors/format';

export type { ApiErrorCode } from './i18n/api-errors/pt-BR';
export type { ApiErrorParams } from './i18n/api-errors/format';

/**
 * Every API error answers with this one shape (docs/architecture.md: API). `code` is stable and `params`
 * fill its message: the web shows `shared/i18n/api-errors/<language>.ts[code]` in the reader's language;
 * `message` is the pt-BR text for logs and other callers.
 */
export const ApiErrorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
    issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  }),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;

/**
 * A schema's message that is an API error code: a request failing that rule is answered with this code
 * (and `field`, `minimum`/`maximum` from the zod issue as params) instead of the generic VALIDATION_ERROR.
 */
export const issueCode = (code: ApiErrorCode): string => code;

/** Names for the generic codes (every code is a key of the error catalogue). */
export const ErrorCode = {
  BadRequest: 'BAD_REQUEST',
  Validation: 'VALIDATION_ERROR',
  Unauthorized: 'UNAUTHORIZED',
  Forbidden: 'FORBIDDEN',
  NotFound: 'NOT_FOUND',
  Conflict: 'CONFLICT',
  PayloadTooLarge: 'PAYLOAD_TOO_LARGE',
  RateLimit: 'RATE_LIMIT',
  InsufficientFunds: 'INSUFFICIENT_FUNDS',
  InputPolicy: 'INPUT_POLICY',
  Internal: 'SERVER_ERROR',
  Unavailable: 'SERVICE_UNAVAILABLE',
} as const satisfies Record<string, ApiErrorCode>;

/**
 * A failure stored for a user to read later (a background job's: the stems ZIP, a beat's MP3): the code
 * of the error catalogue and its params, never a sentence, so each reader sees it in their own language.
 */
export interface ApiProblem {
  code: ApiErrorCode;
  params: ApiErrorParams;
}

export const problem = (code: ApiErrorCode, params: ApiErrorParams = {}): ApiProblem => ({
  code,
  params: { ...params },
});

const StoredProblem = z.object({
  code: z
    .string()
    .regex(/^[A-Z][A-Z0-9_]*$/)
    .max(64),
  params: z.record(z.string(), z.union([z.string(), z.number()])).default({}),
});

/**
 * The problem stored on an item, or `fallback` for anything else (an item written before problems were
 * stored as codes held a pt-BR sentence: it reads as the generic failure of its job).
 */
export function storedProblem(value: unknown, fallback: ApiProblem): ApiProblem {
  const parsed = StoredProblem.safeParse(value);
  // The code is not checked against the catalogue here: the web falls back to its status's text.
  return parsed.success ? (parsed.data as ApiProblem) : fallback;
}
