import type { SplitJob } from './api/split-stems';

type Stages = NonNullable<SplitJob['stages']>;

/**
 * The headline percent of a running split: the mean of its three server stages, rounded down. The stages
 * run as one stream, but decoding runs ahead of separation by the separator's look-ahead (about 10 s of
 * audio) and encoding follows it, so the last stage alone read 0% while the decode bar moved; the mean
 * moves with the first bar and reaches 100% only when the stems are written.
 */
export function splitPercent(stages: Stages): number {
  const shares = [stages.decode, stages.separate, stages.encode].map((share) =>
    Math.min(1, Math.max(0, share)),
  );
  return Math.floor((100 * shares.reduce((sum, share) => sum + share, 0)) / shares.length);
}
