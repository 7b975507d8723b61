import { formatUnit, uiLocale } from '../../../lib/format';

/**
 * A time left as people say it, in the user's language: seconds under a minute (rounded to 5 s), then
 * whole minutes, then hours and minutes (Intl's unit formatting, so 'min' / 'h' read right everywhere).
 */
export function formatTimeLeft(seconds: number, language: string | undefined): string {
  const unit = (value: number, name: 'second' | 'minute' | 'hour') =>
    formatUnit(value, name, language ?? uiLocale());
  if (seconds < 60) return unit(Math.min(55, Math.max(5, Math.ceil(seconds / 5) * 5)), 'second');
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return unit(minutes, 'minute');
  return `${unit(Math.floor(minutes / 60), 'hour')} ${unit(minutes % 60, 'minute')}`;
}
