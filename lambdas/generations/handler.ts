import { optionalCaller } from '../_lib/auth';
import { getJob } from '../_lib/db/generations';
import { NotFound } from '../_lib/errors';
import { JOB_ID_PATTERN, jobView } from '../_lib/generation/jobs';
import { httpHandler, json, pathParam } from '../_lib/http';

/**
 * GET /api/generations/{id} (open route): a job's status and, once done, its track and stems as
 * presigned links. A signed-in user's job is theirs alone (anyone else gets the same 404 as for a
 * missing id); an anonymous job is read by its id, which is unguessable.
 */
export const handler = httpHandler(async (event) => {
  const id = pathParam(event, 'id');
  const notFound = new NotFound('TASK_NOT_FOUND');
  if (!JOB_ID_PATTERN.test(id)) throw notFound;
  const job = await getJob(id);
  if (!job) throw notFound;
  if (job.owner && job.owner !== (await optionalCaller(event))?.sub) throw notFound;
  return json(200, await jobView(job));
});
