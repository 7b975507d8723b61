import type { Language } from '../language';

/**
 * Parameters of an API error (`error.params`): placeholder values, and `context` choosing a variant of
 * the code's message (`CODE_<context>`), as i18next reads them on the web.
 */
export type ApiErrorParams = Readonly<Record<string, string | number>>;

const PLACEHOLDER = /\{\{\s*(\w+)\s*(?:,\s*(\w+)(?:\((\w+)\))?\s*)?\}\}/g;

function formatValue(
  value: string | number | undefined,
  format: string | undefined,
  arg: string | undefined,
  language: Language,
): string {
  if (value === undefined) return '';
  if (typeof value !== 'number' || format === undefined) return String(value);
  if (format === 'currency' && arg)
    return new Intl.NumberFormat(language, { style: 'currency', currency: arg }).format(value);
  return new Intl.NumberFormat(language).format(value);
}

/**
 * The message of `code` with `params`, the way i18next resolves it on the web (variant by `context`,
 * `{{name}}`, `{{name, number}}`, `{{name, currency(BRL)}}`); undefined for a code the catalogue lacks.
 */
export function formatApiError(
  catalogue: Readonly<Record<string, string>>,
  code: string,
  params: ApiErrorParams = {},
  language: Language = 'pt-BR',
): string | undefined {
  const context = typeof params.context === 'string' ? params.context : undefined;
  const text = (context !== undefined ? catalogue[`${code}_${context}`] : undefined) ?? catalogue[code];
  if (text === undefined) return undefined;
  return text.replace(PLACEHOLDER, (_match, name: string, format?: string, arg?: string) =>
    formatValue(params[name], format, arg, language),
  );
}
