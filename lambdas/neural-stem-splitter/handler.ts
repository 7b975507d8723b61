import { StemSplitRequest } from '../../shared/schemas/generation';
import { MAX_UPLOAD_BYTES } from '../../shared/uploads';
import { requireCaller } from '../_lib/auth';
import { getUploadSession } from '../_lib/db/upload-sessions';
import { BadRequest, NotFound, PayloadTooLarge } from '../_lib/errors';
import { submitStemSplit } from '../_lib/generation/jobs';
import { httpHandler, json, parseBody } from '../_lib/http';
import { probeAudioObject } from '../_lib/audio/probe';

/**
 * POST /api/functions/neural-stem-splitter {uploadId}: the caller's completed audio upload (WAV, MP3, FLAC
 * or Ogg Vorbis) goes through the split step of the state machine; poll GET /api/generations/{jobId} for
 * the stages' progress and then the four stems.
 */
export const handler = httpHandler(async (event) => {
  const caller = requireCaller(event);
  const { uploadId } = parseBody(event, StemSplitRequest);
  const upload = await getUploadSession(uploadId, caller.sub);
  if (!upload) throw new NotFound('UPLOAD_NOT_FOUND');
  if (upload.status !== 'complete') throw new BadRequest('UPLOAD_NOT_COMPLETE');
  if (!upload.contentType.startsWith('audio/'))
    throw new BadRequest('INVALID_FILE_TYPE', { context: 'audio' });
  if (upload.size > MAX_UPLOAD_BYTES) throw new PayloadTooLarge({ context: 'stem' });
  // A format we do not decode or a broken file is refused now (415/422) rather than fail the job later.
  await probeAudioObject(upload.bucket, upload.key, upload.size, upload.name);
  const job = await submitStemSplit(caller.sub, upload);
  return json(202, { jobId: job.id, status: job.status });
});
