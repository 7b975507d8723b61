import i18n from 'i18next';
import type { ApiErrorParams } from '../../../shared/errors';
import { isLanguage, type Language } from '../../../shared/i18n/language';
import {
  isTextInputCode,
  textFieldLabel,
  textMessageParams,
  type TextField,
  type TextProblemParams,
} from '../../../shared/text-fields';
import { apiErrorText } from './error-text';

function readerLanguage(): Language {
  const current = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(current) ? current : 'pt-BR';
}

/**
 * The params of a text-input rule's API error (TEXT_*, shared/text-input.ts) with the field's label in
 * the reader's language (the server sends it in pt-BR); any other code's params as they are.
 */
export function textRuleParams(code: string, params: ApiErrorParams = {}): ApiErrorParams {
  if (!isTextInputCode(code) || typeof params.field !== 'string') return params;
  return { ...params, label: textFieldLabel(params.field, readerLanguage()) };
}

/** A refusal of the rule run in the browser (`checkText`), worded like the API's. */
export function textProblemMessage(problem: { code: string; params: TextProblemParams }): string {
  return apiErrorText(problem.code, textMessageParams(problem.params, readerLanguage()));
}

/**
 * The shared text-input rule's refusal (control characters, bidi overrides, length), worded in the
 * reader's language with the field it concerns — from an API error (`{code, params: {field, ...}}`) or
 * from the same rule run in the browser (a zod issue whose params carry the code).
 */
export function textRuleMessage(error: unknown): string | undefined {
  const api = error as { code?: unknown; params?: ApiErrorParams } | null;
  if (api && isTextInputCode(api.code) && typeof api.params?.field === 'string')
    return apiErrorText(api.code, textRuleParams(api.code, api.params)) || undefined;
  const issues = (error as { issues?: { params?: Record<string, unknown> }[] } | null)?.issues;
  const params = issues?.find((issue) => isTextInputCode(issue.params?.code))?.params;
  if (params && isTextInputCode(params.code)) {
    const problem: TextProblemParams = {
      field: params.field as TextField,
      ...(typeof params.max === 'number' ? { max: params.max } : {}),
      ...(typeof params.length === 'number' ? { length: params.length } : {}),
    };
    return textProblemMessage({ code: params.code, params: problem }) || undefined;
  }
  return undefined;
}
