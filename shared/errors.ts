import { z } from 'zod';

/** Every API error answers with this one shape (ARCHITECTURE.md: API). */
export const ApiErrorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    /** What the message names (a field, a reason): the web words the code's message with them. */
    params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  }),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;

/** Stable machine-readable codes; the web maps them to the spec's texts. */
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
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];
