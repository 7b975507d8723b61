import i18n from 'i18next';
import { isLanguage, type Language } from '../../../shared/i18n/language';
import {
  isTextInputCode,
  textInputMessage,
  type TextField,
  type TextProblemParams,
} from '../../../shared/text-input';

/**
 * The shared text-input rule's refusal (shared/text-input.ts: control characters, bidi overrides,
 * length), worded in the reader's language with the field it concerns — from an API error
 * (`{code, params: {field, max, length}}`) or from the same rule run in the browser (a zod issue).
 */
export function textRuleMessage(error: unknown): string | undefined {
  const current = i18n.resolvedLanguage ?? i18n.language;
  const language: Language = isLanguage(current) ? current : 'pt-BR';
  const api = error as { code?: unknown; params?: Record<string, unknown> } | null;
  if (api && isTextInputCode(api.code) && typeof api.params?.field === 'string') {
    return textInputMessage(api.code, api.params as unknown as TextProblemParams, language);
  }
  const issues = (error as { issues?: { params?: Record<string, unknown> }[] } | null)?.issues;
  const params = issues?.find((issue) => isTextInputCode(issue.params?.code))?.params;
  if (params && isTextInputCode(params.code)) {
    return textInputMessage(
      params.code,
      { field: params.field as TextField, max: params.max as number, length: params.length as number },
      language,
    );
  }
  return undefined;
}
