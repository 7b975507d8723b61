/** The promotion on the pricing section runs for 7 days from the moment the page was loaded. */
export const PROMOTION_DURATION_MS = 7 * 24 * 60 * 60 * 1000;

export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  /** True once the deadline has passed; every part is then 0 and the countdown stops. */
  done: boolean;
}

/** Time left until `deadline` (epoch ms) at `now`, in whole units, never negative. */
export function countdownParts(deadline: number, now: number): CountdownParts {
  const left = Math.max(0, Math.floor((deadline - now) / 1000));
  return {
    days: Math.floor(left / 86_400),
    hours: Math.floor((left % 86_400) / 3600),
    minutes: Math.floor((left % 3600) / 60),
    seconds: left % 60,
    done: left === 0,
  };
}

/** The promotion's deadline for a page loaded at `loadedAt` (epoch ms). */
export function promotionDeadline(loadedAt: number): number {
  return loadedAt + PROMOTION_DURATION_MS;
}
