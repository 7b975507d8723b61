import i18n from 'i18next';

/**
 * The one place numbers, money and dates are written (issue 18: screens mixed '4.5' and '4,7', '18.2K'
 * and '18,2K', en-US read 'US$ 105,00' and dd/mm dates). Everything goes through Intl in a locale: the
 * one passed, else the language the interface is showing. React components re-render on a language
 * change (useTranslation), so they pick the new locale up. Spec 1 §9: compact numbers use K from 1,000
 * and M from 1,000,000; beats and purchases are in R$; the wallet is in USD (1 USD = 1 Coin).
 */

export type Currency = 'BRL' | 'USD' | 'EUR';

/**
 * Catalogue prices are set in reais. Shown in another currency they are converted at these reference
 * rates (BRL per unit) and marked as approximate; checkout always charges the BRL amount.
 */
export const BRL_PER_UNIT: Record<Currency, number> = { BRL: 1, USD: 5.4, EUR: 5.85 };

/** The interface language (the locale every formatter uses unless told another). */
export function uiLocale(): string {
  return i18n.resolvedLanguage ?? i18n.language ?? 'pt-BR';
}

// Building an Intl formatter loads locale data; each is made once per locale and options.
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(locale, options)));
  return format;
}

function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) dateFormats.set(key, (format = new Intl.DateTimeFormat(locale, options)));
  return format;
}

function finite(value: number): number {
  return Number.isFinite(value) ? value : 0;
}

function readDate(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

// --- Numbers -------------------------------------------------------------------------------------------

/** A plain number with at most `maxDigits` decimals: 4.5 → '4,5' (pt-BR, es-ES) / '4.5' (en-US). */
export function formatNumber(value: number, maxDigits = 2, locale = uiLocale()): string {
  return numberFormat(locale, { maximumFractionDigits: maxDigits }).format(finite(value));
}

/** A whole number with its unit, short: 45 'second' → '45 s' / '45 seg.'; 3 'hour' → '3 h'. */
export function formatUnit(value: number, unit: 'second' | 'minute' | 'hour', locale = uiLocale()): string {
  return numberFormat(locale, { style: 'unit', unit, unitDisplay: 'short' }).format(finite(value));
}

/** A number with exactly `digits` decimals: ratings '4,8', creativity '0,7', seconds '5,6'. */
export function formatFixed(value: number, digits: number, locale = uiLocale()): string {
  return numberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(
    finite(value),
  );
}

/** 950 → '950', 1200 → '1.2K' (en) / '1,2K' (pt, es), 3400000 → '3.4M'. */
export function formatCompact(value: number, locale = uiLocale()): string {
  const number = finite(value);
  const abs = Math.abs(number);
  if (abs >= 1_000_000) return `${formatNumber(Math.trunc(number / 100_000) / 10, 1, locale)}M`;
  if (abs >= 1_000) return `${formatNumber(Math.trunc(number / 100) / 10, 1, locale)}K`;
  return formatNumber(number, 1, locale);
}

/** A share: 0.357 → '35,7 %' (pt-BR) / '35.7%' (en-US). */
export function formatPercent(fraction: number, maxDigits = 1, locale = uiLocale()): string {
  return numberFormat(locale, { style: 'percent', maximumFractionDigits: maxDigits }).format(
    finite(fraction),
  );
}

/** A duration in hours with its unit as the locale writes it: 2.5 → '2,5 h' / '2.5 hr'. */
export function formatHours(hours: number, locale = uiLocale()): string {
  return numberFormat(locale, {
    style: 'unit',
    unit: 'hour',
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  }).format(finite(hours));
}

/**
 * A time left as people say it: seconds under a minute (rounded to 5 s), then whole minutes, then hours
 * and minutes ('45 s', '3 min', '1 h 5 min' in the locale's unit words).
 */
export function formatTimeLeft(seconds: number, locale = uiLocale()): string {
  const unit = (value: number, name: 'second' | 'minute' | 'hour') => formatUnit(value, name, locale);
  if (seconds < 60) return unit(Math.min(55, Math.max(5, Math.ceil(seconds / 5) * 5)), 'second');
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return unit(minutes, 'minute');
  return `${unit(Math.floor(minutes / 60), 'hour')} ${unit(minutes % 60, 'minute')}`;
}

/** A play position or duration as a clock, 'm:ss' in every language (player, duration filter). */
export function formatClock(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

/** Bytes as megabytes (MiB) with one decimal: '12,5' (pt-BR) / '12.5' (en-US); the caller adds 'MB'. */
export function formatMegabytes(bytes: number, locale = uiLocale()): string {
  return formatFixed(bytes / (1024 * 1024), 1, locale);
}

/** A signed ledger amount: '+10', '−3' (a real minus sign), digits grouped in the locale. */
export function formatSignedCoins(amount: number, locale = uiLocale()): string {
  const digits = formatNumber(Math.abs(amount), 2, locale);
  return `${amount > 0 ? '+' : amount < 0 ? '\u2212' : ''}${digits}`;
}

// --- Money ---------------------------------------------------------------------------------------------

/** An amount already in `currency`: 'R$ 49,90' (pt-BR), 'R$49.90' (en-US), '49,90 R$' (es-ES). */
export function formatMoney(amount: number, currency: Currency, locale = uiLocale()): string {
  return numberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(finite(amount));
}

/** An amount in reais (beats, licences, orders, offers: spec 1 §9). */
export function formatBRL(amount: number, locale = uiLocale()): string {
  return formatMoney(amount, 'BRL', locale);
}

/** Reais without cents when whole ('R$ 5.000'), with them otherwise ('R$ 1.500,50'): competition prizes. */
export function formatRoundBRL(amount: number, locale = uiLocale()): string {
  const digits = Number.isInteger(amount) ? 0 : 2;
  return numberFormat(locale, {
    style: 'currency',
    currency: 'BRL',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(finite(amount));
}

/** A wallet amount in US dollars (1 USD = 1 Coin): 'US$ 10,00' (pt-BR), '$10.00' (en-US). */
export function formatUsd(amount: number, locale = uiLocale()): string {
  return formatMoney(amount, 'USD', locale);
}

/** Whole dollars for plan prices: '$29' (en-US), 'US$ 29' (pt-BR). */
export function formatWholeUsd(amount: number, locale = uiLocale()): string {
  return numberFormat(locale, { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }).format(
    finite(amount),
  );
}

/** A price stored in BRL, shown in the chosen currency ('≈ ' before a converted amount). */
export function formatPriceFromBRL(brl: number, currency: Currency, locale = uiLocale()): string {
  if (currency === 'BRL') return formatMoney(brl, 'BRL', locale);
  const converted = Math.round((finite(brl) / BRL_PER_UNIT[currency]) * 100) / 100;
  return `≈ ${formatMoney(converted, currency, locale)}`;
}

// --- Dates ---------------------------------------------------------------------------------------------

/** '25/11/2026' (pt-BR, es-ES), '11/25/2026' (en-US); '' for a missing or unreadable date. */
export function formatDate(iso: string | null | undefined, locale = uiLocale()): string {
  const date = readDate(iso);
  return date ? dateFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric' }).format(date) : '';
}

/** '25 de novembro de 2026' / 'November 25, 2026'. */
export function formatLongDate(iso: string | null | undefined, locale = uiLocale()): string {
  const date = readDate(iso);
  return date ? dateFormat(locale, { dateStyle: 'long' }).format(date) : '';
}

/** '25 de nov. de 2026, 14:05' style date and time (24 h in pt-BR, spec hh:mm). */
export function formatDateTime(iso: string | null | undefined, locale = uiLocale()): string {
  const date = readDate(iso);
  return date ? dateFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date) : '';
}

/** '25/11/2026, 22:41' (pt-BR) / '11/25/26, 10:41 PM' (en-US): lists and tables. */
export function formatShortDateTime(iso: string | null | undefined, locale = uiLocale()): string {
  const date = readDate(iso);
  return date ? dateFormat(locale, { dateStyle: 'short', timeStyle: 'short' }).format(date) : '';
}

/** '22:41' (pt-BR) / '10:41 PM' (en-US). */
export function formatTimeOfDay(date: Date, locale = uiLocale()): string {
  return dateFormat(locale, { hour: '2-digit', minute: '2-digit' }).format(date);
}

/** A month's short name in UTC ('nov.', 'Nov'), for chart axes. */
export function formatMonth(date: Date, locale = uiLocale()): string {
  return dateFormat(locale, { month: 'short', timeZone: 'UTC' }).format(date);
}

/** The calendar year of a date ('' when unreadable). */
export function formatYear(iso: string | null | undefined): string {
  const date = readDate(iso);
  return date ? String(date.getUTCFullYear()) : '';
}

/** Whole days and hours left until `iso` ('' once past): used by competition cards. */
export function timeLeft(iso: string, now: Date): { days: number; hours: number } | null {
  const ms = Date.parse(iso) - now.getTime();
  if (!Number.isFinite(ms) || ms <= 0) return null;
  const hours = Math.floor(ms / 3_600_000);
  return { days: Math.floor(hours / 24), hours: hours % 24 };
}
