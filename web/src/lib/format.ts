/**
 * Locale-aware formats of the site (spec 1 §9): compact numbers with K from 1,000 and M from 1,000,000,
 * money in the user's chosen currency, dates in the user's language. Pure: the caller passes the locale
 * and currency (from the settings store), so these are unit-tested without a browser.
 */

export type Currency = 'BRL' | 'USD' | 'EUR';

/**
 * Catalogue prices are set in reais. Shown in another currency they are converted at these reference
 * rates (BRL per unit) and marked as approximate; checkout always charges the BRL amount.
 */
export const BRL_PER_UNIT: Record<Currency, number> = { BRL: 1, USD: 5.4, EUR: 5.85 };

function finite(value: number): number {
  return Number.isFinite(value) ? value : 0;
}

/** 950 → '950', 1200 → '1.2K' (en) / '1,2K' (pt, es), 3400000 → '3.4M'. */
export function formatCompact(value: number, locale = 'pt-BR'): string {
  const number = finite(value);
  const abs = Math.abs(number);
  const one = new Intl.NumberFormat(locale, { maximumFractionDigits: 1, minimumFractionDigits: 0 });
  if (abs >= 1_000_000) return `${one.format(Math.trunc(number / 100_000) / 10)}M`;
  if (abs >= 1_000) return `${one.format(Math.trunc(number / 100) / 10)}K`;
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(number);
}

/** An amount already in `currency`: 'R$ 49,90', '$49.90', '49,90 €' depending on the locale. */
export function formatMoney(amount: number, currency: Currency, locale = 'pt-BR'): string {
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(finite(amount));
}

/** A price stored in BRL, shown in the chosen currency ('≈ ' before a converted amount). */
export function formatPriceFromBRL(brl: number, currency: Currency, locale = 'pt-BR'): string {
  if (currency === 'BRL') return formatMoney(brl, 'BRL', locale);
  const converted = Math.round((finite(brl) / BRL_PER_UNIT[currency]) * 100) / 100;
  return `≈ ${formatMoney(converted, currency, locale)}`;
}

/** '25/11/2026' (pt-BR), '11/25/2026' (en-US); '' for a missing or unreadable date. */
export function formatDate(iso: string | null | undefined, locale = 'pt-BR'): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric' }).format(date);
}

/** '25 de nov. de 2026, 14:05' style date and time (24 h in pt-BR, spec hh:mm). */
export function formatDateTime(iso: string | null | undefined, locale = 'pt-BR'): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** The calendar year of a date ('' when unreadable). */
export function formatYear(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : String(date.getUTCFullYear());
}

/** Whole days and hours left until `iso` ('' once past): used by competition cards. */
export function timeLeft(iso: string, now: Date): { days: number; hours: number } | null {
  const ms = Date.parse(iso) - now.getTime();
  if (!Number.isFinite(ms) || ms <= 0) return null;
  const hours = Math.floor(ms / 3_600_000);
  return { days: Math.floor(hours / 24), hours: hours % 24 };
}
