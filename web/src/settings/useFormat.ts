import { useTranslation } from 'react-i18next';
import {
  formatCompact,
  formatDate,
  formatDateTime,
  formatPriceFromBRL,
  formatYear,
  uiLocale,
} from '../lib/format';
import { useSettings } from './store';

/**
 * Formats (lib/format.ts) bound to the user's language and chosen currency: the component re-renders
 * when either changes.
 */
export function useFormat() {
  useTranslation();
  const locale = uiLocale();
  const { currency } = useSettings();
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
