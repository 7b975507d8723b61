import type { ZodError } from 'zod';
import { ErrorCode, type ApiErrorCode, type ApiErrorParams } from '../../shared/errors';
import { formatApiError } from '../../shared/i18n/api-errors/format';
import apiErrorsPtBR from '../../shared/i18n/api-errors/pt-BR';
import { isTextInputCode, textMessageParams, type TextProblemParams } from '../../shared/text-input';

/**
 * A failure the caller can act on; the http middleware turns it into `{error:{code,message,params}}`.
 * The code names the message (shared/i18n/api-errors); `message` is its pt-BR text with the params.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    readonly params: ApiErrorParams = {},
    readonly issues?: { path: string; message: string }[],
  ) {
    super(formatApiError(apiErrorsPtBR, code, params) ?? code);
    this.name = new.target.name;
  }
}

export class BadRequest extends AppError {
  constructor(code: ApiErrorCode = ErrorCode.BadRequest, params?: ApiErrorParams) {
    super(400, code, params);
  }
}

const isCode = (text: string): text is ApiErrorCode => Object.hasOwn(apiErrorsPtBR, text);

/** The shared text-input rule's refusal in a zod issue (shared/text-input.ts `textField`), if it is one. */
function textRuleIssue(issue: ZodError['issues'][number]) {
  const params = (issue as { params?: Record<string, unknown> }).params;
  return isTextInputCode(params?.code)
    ? { code: params.code, params: textMessageParams(params as unknown as TextProblemParams, 'pt-BR') }
    : undefined;
}

/**
 * A request that breaks its schema: 400 with the rule's own code when the schema names one
 * (`issueCode('COINS_AMOUNT_TOO_HIGH')`, with the zod issue's `minimum`/`maximum`; the text-input rule's
 * TEXT_* codes with the field they concern), else VALIDATION_ERROR naming the field. `issues` keeps
 * every issue (codes read as their pt-BR text).
 */
export class ValidationFailed extends AppError {
  constructor(error: ZodError) {
    const issues = error.issues.map((issue) => {
      const rule = textRuleIssue(issue);
      const path = issue.path.map(String).join('.');
      return {
        path,
        message: rule
          ? (formatApiError(apiErrorsPtBR, rule.code, rule.params) ?? '')
          : isCode(issue.message)
            ? (formatApiError(apiErrorsPtBR, issue.message, codeParams(issue, path)) ?? '')
            : issue.message,
      };
    });
    const first = error.issues[0];
    const field = issues[0]?.path ?? '';
    const rule = first ? textRuleIssue(first) : undefined;
    if (rule) super(400, rule.code, rule.params, issues);
    // A schema's plain VALIDATION_ERROR (a shape no form sends) names the field like zod's own messages.
    else if (first && isCode(first.message) && first.message !== ErrorCode.Validation)
      super(400, first.message, codeParams(first, field), issues);
    else super(400, ErrorCode.Validation, field ? { context: 'field', field } : {}, issues);
  }
}

/** The params of an issue whose message is an error code: the field it is about and any limit it names. */
function codeParams(issue: ZodError['issues'][number], field: string): Record<string, string | number> {
  return { ...(field ? { field } : {}), ...bounds(issue) };
}

/** The limit a too_small / too_big issue names, as message params. */
function bounds(issue: ZodError['issues'][number]): Record<string, number> {
  const out: Record<string, number> = {};
  if ('minimum' in issue && typeof issue.minimum === 'number') out.minimum = issue.minimum;
  if ('maximum' in issue && typeof issue.maximum === 'number') out.maximum = issue.maximum;
  return out;
}

export class Unauthorized extends AppError {
  constructor(params?: ApiErrorParams) {
    super(401, ErrorCode.Unauthorized, params);
  }
}

export class Forbidden extends AppError {
  constructor(code: ApiErrorCode = ErrorCode.Forbidden, params?: ApiErrorParams) {
    super(403, code, params);
  }
}

export class NotFound extends AppError {
  constructor(code: ApiErrorCode = ErrorCode.NotFound, params?: ApiErrorParams) {
    super(404, code, params);
  }
}

export class Conflict extends AppError {
  constructor(code: ApiErrorCode = ErrorCode.Conflict, params?: ApiErrorParams) {
    super(409, code, params);
  }
}

export class PayloadTooLarge extends AppError {
  constructor(params?: ApiErrorParams) {
    super(413, ErrorCode.PayloadTooLarge, params);
  }
}

export class TooManyRequests extends AppError {
  constructor(params?: ApiErrorParams) {
    super(429, ErrorCode.RateLimit, params);
  }
}

export class InsufficientFunds extends AppError {
  constructor(params?: ApiErrorParams) {
    super(402, ErrorCode.InsufficientFunds, params);
  }
}
