/** Rare drops (spec 1 §2 'Drops Raros', §4, §7): the 72-hour window and the time-left label. */

export const RARE_OFFER_WINDOW_HOURS = 72;
export const RARE_OFFER_WINDOW_MS = RARE_OFFER_WINDOW_HOURS * 60 * 60 * 1000;

/** 'Xh Ym' until the offer expires, or 'Expirado'. */
export function offerTimeLeft(expiresAt: string, now: Date = new Date()): string {
  const ms = Date.parse(expiresAt) - now.getTime();
  if (!Number.isFinite(ms) || ms <= 0) return 'Expirado';
  const totalMinutes = Math.floor(ms / 60_000);
  return `${Math.floor(totalMinutes / 60)}h ${totalMinutes % 60}m`;
}
