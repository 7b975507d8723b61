import { failureText } from '../../../api/error-text';
import { textRuleMessage } from '../../../api/text-rule';

/**
 * What to tell the user when a hiring action failed: the shared text rule's refusal (the brief), the
 * message for the API's code in the reader's language (shared/i18n/api-errors, with its params), or
 * `fallback`. Never the server's Portuguese text in another language.
 */
export function hiringErrorText(error: unknown, fallback: string): string {
  return textRuleMessage(error) ?? failureText(error, fallback);
}
