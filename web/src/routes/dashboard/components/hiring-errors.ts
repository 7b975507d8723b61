import i18n from 'i18next';
import { textRuleMessage } from '../../../api/text-rule';

/**
 * What to tell the user when a hiring action failed: the shared text rule's refusal (the brief), the
 * message for the API's code in the reader's language (hiring.errors.<code>, with its params), or
 * `fallback`. Never the server's Portuguese text in another language.
 */
export function hiringErrorText(error: unknown, fallback: string): string {
  const rule = textRuleMessage(error);
  if (rule) return rule;
  const { code, params } = (error ?? {}) as { code?: unknown; params?: Record<string, unknown> };
  const key = `hiring.errors.${String(code)}`;
  if (typeof code === 'string' && i18n.exists(key)) {
    return (i18n.t as unknown as (key: string, options?: object) => string)(key, params ?? {});
  }
  return fallback;
}
