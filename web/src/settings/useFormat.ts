import { useTranslation } from 'react-i18next';
import { formatCompact, formatDate, formatDateTime, formatPriceFromBRL, formatYear } from '../lib/format';
import { useSettings } from './store';

/** Formats bound to the user's language and chosen currency (re-render when either changes). */
export function useFormat() {
  const { i18n } = useTranslation();
  const { currency } = useSettings();
  const locale = i18n.resolvedLanguage ?? 'pt-BR';
  return {
    locale,
    currency,
    compact: (value: number) => formatCompact(value, locale),
    price: (brl: number) => formatPriceFromBRL(brl, currency, locale),
    date: (iso: string | null | undefined) => formatDate(iso, locale),
    dateTime: (iso: string | null | undefined) => formatDateTime(iso, locale),
    year: formatYear,
  };
}
