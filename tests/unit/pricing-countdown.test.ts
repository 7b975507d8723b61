import { describe, expect, it } from 'vitest';
import {
  PROMOTION_DURATION_MS,
  countdownParts,
  promotionDeadline,
} from '../../web/src/components/pricing/countdown';

const loadedAt = Date.UTC(2026, 10, 25, 12, 0, 0);
const deadline = promotionDeadline(loadedAt);

describe('pricing countdown', () => {
  it('starts at 7 days from page load', () => {
    expect(deadline - loadedAt).toBe(PROMOTION_DURATION_MS);
    expect(countdownParts(deadline, loadedAt)).toEqual({
      days: 7,
      hours: 0,
      minutes: 0,
      seconds: 0,
      done: false,
    });
  });

  it('counts down in days, hours, minutes and seconds', () => {
    const now = loadedAt + (1 * 86_400 + 2 * 3600 + 3 * 60 + 4) * 1000 + 999;
    expect(countdownParts(deadline, now)).toEqual({
      days: 5,
      hours: 21,
      minutes: 56,
      seconds: 55,
      done: false,
    });
  });

  it('shows the last second before the end', () => {
    expect(countdownParts(deadline, deadline - 1000)).toEqual({
      days: 0,
      hours: 0,
      minutes: 0,
      seconds: 1,
      done: false,
    });
  });

  it('stops at zero and never goes negative', () => {
    const zero = { days: 0, hours: 0, minutes: 0, seconds: 0, done: true };
    expect(countdownParts(deadline, deadline)).toEqual(zero);
    expect(countdownParts(deadline, deadline + 3 * 86_400_000)).toEqual(zero);
  });
});
