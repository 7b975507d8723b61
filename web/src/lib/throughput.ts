/**
 * Transfer speed and time left from completed pieces of work (upload parts), measured over a window of
 * wall-clock time rather than between two completions: parts sent in parallel finish moments apart, and
 * dividing a part's size by that moment is what once showed 468 MB/s.
 */
export class Throughput {
  /** (time ms, cumulative units) after each completion; the first is the start. */
  private readonly samples: [number, number][] = [];
  private total = 0;

  constructor(
    start: number,
    /** How far back the speed looks (ms): long enough to span several parts in flight. */
    private readonly windowMs = 20_000,
  ) {
    this.samples.push([start, 0]);
  }

  /** `units` more done at time `at`. */
  add(units: number, at: number): void {
    this.total += units;
    this.samples.push([at, this.total]);
    // Keep one sample older than the window, as the window's starting point.
    while (this.samples.length > 2 && this.samples[1]![0] <= at - this.windowMs) this.samples.shift();
  }

  /** Units per second over the window ending at `at` (0 before the first completion or after 1 ms). */
  rate(at: number): number {
    if (this.samples.length < 2) return 0;
    const windowStart = Math.max(this.samples[0]![0], at - this.windowMs);
    // Units done by windowStart: the last sample at or before it (completions are steps).
    let before = 0;
    for (const [time, done] of this.samples) if (time <= windowStart) before = done;
    const seconds = (at - windowStart) / 1000;
    return seconds >= 0.001 ? (this.total - before) / seconds : 0;
  }

  /** Seconds until `remaining` more units are done at the current rate; null without a rate yet. */
  secondsLeft(remaining: number, at: number): number | null {
    const rate = this.rate(at);
    return rate > 0 ? Math.max(0, remaining / rate) : null;
  }
}
