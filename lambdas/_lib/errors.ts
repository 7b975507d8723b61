import type { ZodError } from 'zod';
import { ErrorCode } from '../../shared/errors';
import { isTextInputCode, textInputMessage, type TextProblemParams } from '../../shared/text-input';

/** A failure the caller can act on; the http middleware turns it into `{error:{code,message}}`. */
export class AppError extends Error {
  /** What the message names (a field, a reason), so the web can word it in the reader's language. */
  params?: Readonly<Record<string, string | number>>;

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly issues?: { path: string; message: string }[],
  ) {
    super(message);
    this.name = new.target.name;
  }

  withParams(params: Readonly<Record<string, string | number>>): this {
    this.params = params;
    return this;
  }
}

export class BadRequest extends AppError {
  constructor(message = 'Requisição inválida.', code: string = ErrorCode.BadRequest) {
    super(400, code, message);
  }
}

/**
 * A request that breaks its schema: 400 VALIDATION_ERROR naming the field, or, when the first issue is
 * the shared text-input rule's (shared/text-input.ts), that rule's code with its params (the field,
 * the limit) and its message, so the web can word it in the reader's language.
 */
export class ValidationFailed extends AppError {
  constructor(error: ZodError) {
    const textProblem = (issue: ZodError['issues'][number]) => {
      const params = (issue as { params?: Record<string, unknown> }).params;
      return isTextInputCode(params?.code)
        ? { code: params.code, params: params as unknown as TextProblemParams }
        : undefined;
    };
    const issues = error.issues.map((issue) => {
      const problem = textProblem(issue);
      return {
        path: issue.path.map(String).join('.'),
        message: problem ? textInputMessage(problem.code, problem.params, 'pt-BR') : issue.message,
      };
    });
    const first = issues[0];
    const rule = error.issues[0] ? textProblem(error.issues[0]) : undefined;
    if (rule && first) {
      super(400, rule.code, first.message, issues);
      const { field, max, length } = rule.params;
      this.params = {
        field,
        ...(max !== undefined ? { max } : {}),
        ...(length !== undefined ? { length } : {}),
      };
      return;
    }
    super(
      400,
      ErrorCode.Validation,
      first ? `${first.path || 'body'}: ${first.message}` : 'Invalid input',
      issues,
    );
  }
}

export class Unauthorized extends AppError {
  constructor(message = 'Faça login para continuar.') {
    super(401, ErrorCode.Unauthorized, message);
  }
}

export class Forbidden extends AppError {
  constructor(message = 'Você não tem permissão para esta ação.', code: string = ErrorCode.Forbidden) {
    super(403, code, message);
  }
}

export class NotFound extends AppError {
  constructor(message = 'Não encontrado.') {
    super(404, ErrorCode.NotFound, message);
  }
}

export class Conflict extends AppError {
  constructor(message: string, code: string = ErrorCode.Conflict) {
    super(409, code, message);
  }
}

export class PayloadTooLarge extends AppError {
  constructor(message: string) {
    super(413, ErrorCode.PayloadTooLarge, message);
  }
}

export class TooManyRequests extends AppError {
  constructor(message = 'Muitas solicitações — aguarde alguns segundos e tente novamente.') {
    super(429, ErrorCode.RateLimit, message);
  }
}

export class InsufficientFunds extends AppError {
  constructor(message = 'Saldo de 5D Coins insuficiente.') {
    super(402, ErrorCode.InsufficientFunds, message);
  }
}
