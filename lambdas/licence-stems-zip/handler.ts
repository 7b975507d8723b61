import { problem } from '../../shared/errors';
import { getProject } from '../_lib/db/projects';
import { AppError, NotFound } from '../_lib/errors';
import { buildStemsZip } from '../_lib/licensing/stems-zip';
import { STEMS_FAILED, StemsJobInput, finishStemsJob } from '../_lib/licensing/stems-job';
import { getLicence, getLicenceSettings } from '../_lib/licensing/store';
import { logger } from '../_lib/logger';

/**
 * Asynchronous Lambda target (no HTTP route), started by the licences function's files request: builds
 * the stems ZIP of one Trackout licence and records ready / failed on the licence. A job that is no longer
 * the licence's current one (a duplicate delivery, or superseded by a retry) does nothing. Errors are
 * recorded, not thrown: Lambda's automatic async retries would only repeat the same failure.
 */
export const handler = async (
  event: unknown,
): Promise<{ status: 'ready' | 'failed' | 'skipped'; orderId: string }> => {
  const input = StemsJobInput.parse(typeof event === 'string' ? JSON.parse(event) : event);
  const licence = await getLicence(input.projectId, input.orderId);
  if (!licence || licence.stems_job_id !== input.jobId || licence.stems_status !== 'preparing') {
    logger.warn('stems job is not current', { ...input, current: licence?.stems_job_id ?? null });
    return { status: 'skipped', orderId: input.orderId };
  }
  const started = Date.now();
  try {
    const project = await getProject(licence.project_id);
    if (!project) throw new NotFound('PROJECT_NOT_FOUND', { context: 'gone' });
    const settings = await getLicenceSettings(project);
    await buildStemsZip(licence, project, settings);
  } catch (error) {
    // Our own errors say why (e.g. the creator removed the WAV), by code; others are the generic failure.
    const message = error instanceof AppError ? problem(error.code, error.params) : STEMS_FAILED;
    logger.error('stems job failed', { error: error as Error, ...input });
    await finishStemsJob(input, 'failed', message);
    return { status: 'failed', orderId: input.orderId };
  }
  await finishStemsJob(input, 'ready', null);
  logger.info('stems job ready', { ...input, ms: Date.now() - started });
  return { status: 'ready', orderId: input.orderId };
};
