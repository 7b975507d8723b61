import { getProject } from '../_lib/db/projects';
import { buildRenditions } from '../_lib/licensing/rendition-encoding';
import { MP3_FAILED, RenditionsJobInput, finishRenditionsJob } from '../_lib/licensing/renditions';
import { logger } from '../_lib/logger';

/**
 * Asynchronous Lambda target (no HTTP route), started when a WAV beat is published (projects) or when a
 * buyer asks for the files of a beat without its MP3 yet (licences): encodes the beat's 320 kbps MP3 and
 * 128 kbps preview and records them on the project. A job that is no longer the project's current one
 * does nothing. Errors are recorded, not thrown: Lambda's async retries would only repeat the failure.
 */
export const handler = async (
  event: unknown,
): Promise<{ status: 'ready' | 'failed' | 'skipped'; projectId: string }> => {
  const input = RenditionsJobInput.parse(typeof event === 'string' ? JSON.parse(event) : event);
  const project = await getProject(input.projectId, true);
  if (!project || project.renditions_job_id !== input.jobId || project.renditions_status !== 'preparing') {
    logger.warn('renditions job is not current', { ...input, current: project?.renditions_job_id ?? null });
    return { status: 'skipped', projectId: input.projectId };
  }
  const started = Date.now();
  try {
    const keys = await buildRenditions(project, input.jobId);
    await finishRenditionsJob(input, { status: 'ready', ...keys });
  } catch (error) {
    logger.error('renditions job failed', { error: error as Error, ...input });
    await finishRenditionsJob(input, { status: 'failed', error: MP3_FAILED });
    return { status: 'failed', projectId: input.projectId };
  }
  logger.info('renditions job ready', { ...input, ms: Date.now() - started });
  return { status: 'ready', projectId: input.projectId };
};
