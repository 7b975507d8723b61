import { FileAnalysisRequest } from '../../shared/schemas/ai';
import { summarize } from '../_lib/ai/assistant';
import { callerObject, readObjectRange } from '../_lib/analysis/attachment';
import {
  analyzeFile,
  analyzeStoredAudio,
  bytesNeeded,
  describeAnalysis,
  fileFormat,
  isMeasurableAudio,
  type FileAnalysis,
} from '../_lib/analysis/file';
import { requireCaller } from '../_lib/auth';
import { Unauthorized } from '../_lib/errors';
import { httpHandler, json, parseBody } from '../_lib/http';
import { logger } from '../_lib/logger';
import { scheduleAttachmentDeletion } from '../_lib/scheduler/attachment-deletion';

/**
 * POST /api/functions/ai-file-analysis {uploadId} | {key} (signed-in): analyses the caller's chat
 * attachment in the ai-analysis bucket, then schedules its deletion 60 s later (EventBridge Scheduler
 * → attachment-cleanup). The deletion is scheduled even when the analysis fails.
 */
export const handler = httpHandler(async (event) => {
  // The spec's text for an anonymous attach ('Usuário não autenticado').
  if (!event.requestContext.authorizer?.jwt?.claims?.sub) throw new Unauthorized();
  const caller = requireCaller(event);
  const request = parseBody(event, FileAnalysisRequest);
  const object = await callerObject(caller, {
    uploadId: request.uploadId,
    key: request.key ?? request.filePath,
  });
  let scheduled = false;
  try {
    const head = await readObjectRange(object.bucket, object.key, Math.min(object.size, 64 * 1024));
    const format = fileFormat(object.name, object.contentType, head);
    let bytes = head;
    let analysis: FileAnalysis;
    if (isMeasurableAudio(format)) {
      analysis = await analyzeStoredAudio(object);
    } else {
      const needed = bytesNeeded(object.size);
      if (needed > head.length) bytes = await readObjectRange(object.bucket, object.key, needed);
      analysis = analyzeFile(object.name, object.contentType, object.size, bytes);
    }
    const description = describeAnalysis(analysis);
    // The LLM summary is extra: a provider failure (quota, outage) must not hide the measured analysis.
    const summary =
      analysis.kind === 'document'
        ? await summarize(object.name, new TextDecoder().decode(bytes.subarray(0, 48_000))).catch(
            (error: unknown) => {
              logger.warn('file summary failed', { error: error as Error });
              return undefined;
            },
          )
        : undefined;
    const deletion = await scheduleAttachmentDeletion(object.bucket, object.key);
    scheduled = true;
    return json(200, {
      analysis,
      message: summary ? `${description}\n\n${summary}` : description,
      summary: summary ?? null,
      deleteAt: deletion.deleteAt,
      scheduleName: deletion.scheduleName,
    });
  } catch (error) {
    // The attachment must not outlive its minute because the analysis failed.
    if (!scheduled)
      await scheduleAttachmentDeletion(object.bucket, object.key).catch((scheduleError: unknown) =>
        logger.error('could not schedule attachment deletion', { error: scheduleError as Error }),
      );
    throw error;
  }
});
