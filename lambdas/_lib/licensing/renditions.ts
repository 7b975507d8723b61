import * as z from 'zod';
import { problem, storedProblem, type ApiProblem } from '../../../shared/errors';
import { RENDITIONS_JOB_STALE_SECONDS, type Mp3View } from '../../../shared/licensing/delivery';
import { claimItemJob, finishItemJob, invokeItemJob, type ItemJob } from '../jobs/item-job';
import { projectKey, type ProjectRecord } from '../db/projects';
import { logger } from '../logger';

/**
 * Renditions of an uploaded beat (issue 8; MP3 uploads since issue 16): the master is what the WAV lease sells, so neither
 * the catalogue nor the MP3 lease may hand it out. When such a beat is published, the `beat-renditions`
 * function (async Lambda invoke, like the stems ZIP job) encodes a 320 kbps MP3 (the MP3 lease's file)
 * and a 128 kbps preview (what the catalogue plays) and stores their keys on the project item. The job's
 * state lives there too (`renditions_status`: preparing → ready | failed); starting is a conditional
 * update, so concurrent starts run one job, and a job only records its result while it is the current one.
 */
export const RenditionsJobInput = z.object({
  projectId: z.string().min(1).max(100),
  jobId: z.string().min(1).max(40),
});
export type RenditionsJobInput = z.infer<typeof RenditionsJobInput>;

const Settings = z.object({
  BEAT_RENDITIONS_FUNCTION: z.string().min(1, 'BEAT_RENDITIONS_FUNCTION is not set'),
});

export const MP3_FAILED = problem('MP3_FAILED');
const MP3_STALE = problem('MP3_FAILED', { context: 'stale' });

/** The job's state lives on the project item; a finished job is not run again. */
function renditionsJob(projectId: string): ItemJob {
  return {
    key: projectKey(projectId),
    prefix: 'renditions',
    staleSeconds: RENDITIONS_JOB_STALE_SECONDS,
    restartReady: false,
  };
}

/** Beats uploaded as a WAV get an MP3 rendition; an uploaded MP3 is itself the MP3 lease's file. */
export function needsRenditions(project: Pick<ProjectRecord, 'audio_key'>): boolean {
  return project.audio_key.toLowerCase().endsWith('.wav');
}

/**
 * Every uploaded beat gets a public 128 kbps preview (the job above): the catalogue must never play the
 * master, which is what a lease sells (an MP3 upload's master is the MP3 lease's file itself).
 */
export function needsPreview(project: Pick<ProjectRecord, 'audio_key' | 'preview_key'>): boolean {
  return !project.preview_key && project.audio_key !== '';
}

export function renditionKeys(projectId: string, jobId: string): { mp3: string; preview: string } {
  // Per job, so a new run never overwrites a file a buyer is downloading.
  return {
    mp3: `renditions/${projectId}/${jobId}/master-320.mp3`,
    preview: `renditions/${projectId}/${jobId}/preview-128.mp3`,
  };
}

/** The MP3 rendition's state as the app sees it; 'none' = never started (a beat published before this). */
export function renditionsState(
  project: ProjectRecord,
  now: Date,
): { status: 'ready'; key: string } | Mp3View | { status: 'none' } {
  if (project.renditions_status === 'ready' && project.mp3_key)
    return { status: 'ready', key: project.mp3_key };
  if (project.renditions_status === 'preparing') {
    const started = Date.parse(project.renditions_started_at ?? '');
    if (Number.isFinite(started) && now.getTime() - started > RENDITIONS_JOB_STALE_SECONDS * 1000)
      return { status: 'failed', error: MP3_STALE };
    return { status: 'preparing' };
  }
  if (project.renditions_status === 'failed')
    return { status: 'failed', error: storedProblem(project.renditions_error, MP3_FAILED) };
  return { status: 'none' };
}

/**
 * Starts a job unless one is running or done (then nothing happens: 'preparing' / the caller re-reads).
 * The invoke is asynchronous (InvocationType Event): Lambda queues it and answers at once. Never throws
 * for a failed invoke: the job is recorded as failed and can be retried.
 */
export async function startRenditionsJob(projectId: string, now: Date): Promise<'preparing' | 'failed'> {
  const jobId = await claimItemJob(renditionsJob(projectId), now);
  if (!jobId) return 'preparing';
  const input: RenditionsJobInput = { projectId, jobId };
  try {
    await invokeItemJob(Settings.parse(process.env).BEAT_RENDITIONS_FUNCTION, input);
  } catch (error) {
    logger.error('renditions job not started', { error: error as Error, projectId });
    await finishRenditionsJob(input, { status: 'failed', error: MP3_FAILED }, now);
    return 'failed';
  }
  logger.info('renditions job started', { projectId, jobId });
  return 'preparing';
}

/** Records the job's result, only while it is the project's current job (a stale retry changes nothing). */
export async function finishRenditionsJob(
  input: RenditionsJobInput,
  result: { status: 'ready'; mp3: string; preview: string } | { status: 'failed'; error: ApiProblem },
  now = new Date(),
): Promise<boolean> {
  return finishItemJob(
    renditionsJob(input.projectId),
    input.jobId,
    result.status === 'ready'
      ? { status: 'ready', set: { mp3_key: result.mp3, preview_key: result.preview } }
      : result,
    now,
  );
}
