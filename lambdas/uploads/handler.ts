import { CompleteUploadRequest, CreateUploadRequest, PartsRequest } from '../../shared/uploads';
import { requireCaller } from '../_lib/auth';
import { NotFound } from '../_lib/errors';
import { httpHandler, json, parseBody, pathParam } from '../_lib/http';
import { countMetric, METRIC } from '../_lib/metrics';
import { enforceRateLimit } from '../_lib/rate-limit';
import { abortUpload, completeUpload, createUpload, getUpload, requestParts } from './service';

/**
 * The multipart upload API (docs/architecture.md: Uploads), one function for its routes:
 * POST /api/uploads, GET|DELETE /api/uploads/{id}, POST /api/uploads/{id}/parts (part URLs and part
 * confirmations), POST /api/uploads/{id}/complete, and the spec's name for completion,
 * POST /api/functions/merge-chunks {uploadId}.
 */
export const handler = httpHandler(async (event) => {
  const caller = requireCaller(event);
  switch (event.routeKey) {
    case 'POST /api/uploads':
      await enforceRateLimit(event, 'upload', caller.sub);
      return json(201, await createUpload(caller, parseBody(event, CreateUploadRequest)));
    case 'GET /api/uploads/{id}':
      return json(200, await getUpload(caller, pathParam(event, 'id')));
    case 'DELETE /api/uploads/{id}':
      return json(200, await abortUpload(caller, pathParam(event, 'id')));
    case 'POST /api/uploads/{id}/parts':
      return json(200, await requestParts(caller, pathParam(event, 'id'), parseBody(event, PartsRequest)));
    case 'POST /api/uploads/{id}/complete':
      return completed(await completeUpload(caller, pathParam(event, 'id')));
    case 'POST /api/functions/merge-chunks':
      return completed(await completeUpload(caller, parseBody(event, CompleteUploadRequest).uploadId));
    default:
      throw new NotFound();
  }
});

/** A completed upload: counted (UploadsCompleted metric) and answered. */
function completed(result: Awaited<ReturnType<typeof completeUpload>>) {
  countMetric(METRIC.UploadsCompleted);
  return json(200, result);
}
