import { STEM_NAMES, type JobStages, type StemName } from '../../../shared/schemas/generation';
import { advanceJob, jobAudioKeys, type GenerationJob } from '../db/generations';
import type { SplitStages } from '../stems/split-object';

/**
 * The split step's pieces around the separator: stem keys and progress records. A remote provider's
 * input and fallback are in ../stems/remote-split.ts (the licence stems ZIP uses them too).
 */

export function stemKeys(
  job: Pick<GenerationJob, 'id' | 'kind'>,
): Record<StemName, { wav: string; mp3: string }> {
  return Object.fromEntries(
    STEM_NAMES.map((name) => [
      name,
      { wav: jobAudioKeys.stem(job, name), mp3: jobAudioKeys.stem(job, name, 'mp3') },
    ]),
  ) as Record<StemName, { wav: string; mp3: string }>;
}

/** Progress is stored at most this often (each store is a DynamoDB write the web's poll reads). */
const PROGRESS_EVERY_MS = 2000;
/** The estimate needs this much of the work done before it means anything. */
const MIN_SHARE_FOR_ESTIMATE = 0.03;

/**
 * Records a split's stages on the job as it runs (throttled), with the seconds left estimated from its
 * pace so far: elapsed × (1 − done) / done, done being the last stage's share. The job's `progress`
 * (0..100) follows the same share inside the split's span (10–90).
 */
export function splitProgressRecorder(
  job: Pick<GenerationJob, 'id' | 'kind'>,
  now: () => number = Date.now,
): (stages: SplitStages) => Promise<void> {
  const started = now();
  // The first report is stored at once: the page leaves 'queued' as soon as the split really starts.
  let lastStored = started - PROGRESS_EVERY_MS;
  const [from, to] = job.kind === 'split' ? [10, 90] : [70, 90];
  return async (stages) => {
    const at = now();
    if (at - lastStored < PROGRESS_EVERY_MS) return;
    lastStored = at;
    const done = stages.encode;
    const rounded: JobStages = {
      decode: Math.round(stages.decode * 1000) / 1000,
      separate: Math.round(stages.separate * 1000) / 1000,
      encode: Math.round(stages.encode * 1000) / 1000,
    };
    const etaSeconds =
      done >= MIN_SHARE_FOR_ESTIMATE ? Math.round(((at - started) / 1000) * ((1 - done) / done)) : undefined;
    await advanceJob(job.id, {
      progress: Math.round(from + (to - from) * done),
      stages: rounded,
      ...(etaSeconds !== undefined ? { etaSeconds } : {}),
    });
  };
}
