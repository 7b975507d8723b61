import { ErrorCode } from '../../shared/errors';
import { checkInputPolicy } from '../../shared/generation/input-policy';
import { CreateMusicRequest, type InputPolicyReason } from '../../shared/schemas/generation';
import { optionalCaller } from '../_lib/auth';
import { submitGeneration } from '../_lib/generation/jobs';
import { anonymousClientId, viewerAddress } from '../_lib/generation/metering';
import { errorResult, httpHandler, json, parseBody } from '../_lib/http';
import { logger } from '../_lib/logger';
import { countMetric, METRIC } from '../_lib/metrics';
import { enforceRateLimit } from '../_lib/rate-limit';

/** Which variant of INPUT_POLICY's message each reason reads (both: the combined base text). */
const INPUT_POLICY_PARAMS: Record<InputPolicyReason, { context: string } | Record<string, never>> = {
  artist: { context: 'artist' },
  producer_tag: { context: 'producer' },
  both: {},
};

/**
 * POST /api/functions/suno-create-music (open route): validate, refuse artist names and producer tags
 * (403 INPUT_POLICY), meter (plan → coins → 402; anonymous daily quota → 429), start the
 * generate-then-split state machine and answer 202 with the job to poll at GET /api/generations/{id}.
 */
export const handler = httpHandler(async (event) => {
  const request = parseBody(event, CreateMusicRequest);
  const verdict = checkInputPolicy(request.description, request.lyrics);
  if (!verdict.allowed && verdict.reason) {
    logger.info('prompt refused by input policy', { reason: verdict.reason });
    // `reason` stays beside the code for callers that branch on it (the generator's banner).
    return errorResult(403, ErrorCode.InputPolicy, INPUT_POLICY_PARAMS[verdict.reason], undefined, {
      reason: verdict.reason,
    });
  }
  const caller = await optionalCaller(event);
  // Burst limit per user and per address (429 RATE_LIMIT) before any job or quota is touched.
  await enforceRateLimit(event, 'generation', caller?.sub);
  const job = await submitGeneration({
    request,
    ...(caller
      ? { owner: caller.sub }
      : { client: anonymousClientId(viewerAddress(event.headers, event.requestContext.http.sourceIp)) }),
  });
  countMetric(METRIC.GenerationsStarted);
  return json(202, { jobId: job.id, status: job.status });
});
