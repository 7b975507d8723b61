import type { Language } from '../language';
import enUS from './en-US';
import esES from './es-ES';
import ptBR from './pt-BR';
import type { CommerceTexts } from './types';

export type { CommerceTexts } from './types';

const CATALOGUES: Record<Language, CommerceTexts> = { 'pt-BR': ptBR, 'en-US': enUS, 'es-ES': esES };

export function commerceTexts(language: Language): CommerceTexts {
  return CATALOGUES[language];
}

/** Whole numbers as the reader writes them (1.000 / 1,000). */
export function formatCount(value: number, language: Language): string {
  return value.toLocaleString(language);
}

/**
 * Money as the reader writes it (R$ 1.000,00 / R$1,000.00 / 1000,00 R$); a price list's whole amounts
 * may drop their cents (US$ 89).
 */
export function formatMoney(
  value: number,
  currency: string,
  language: Language,
  options: { wholeWithoutCents?: boolean } = {},
): string {
  const whole = options.wholeWithoutCents === true && Number.isInteger(value);
  return new Intl.NumberFormat(language, {
    style: 'currency',
    currency: currency.toUpperCase(),
    ...(whole ? { minimumFractionDigits: 0, maximumFractionDigits: 0 } : {}),
  }).format(value);
}
