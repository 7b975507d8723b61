import { AudioAnalysisRequest } from '../../shared/schemas/ai';
import { neuralEngine } from '../_lib/ai/assistant';
import { masteringAdvice } from '../_lib/ai/mix-advice';
import { callerObject } from '../_lib/analysis/attachment';
import { analyzeStoredAudio } from '../_lib/analysis/file';
import { optionalCaller, requireCaller } from '../_lib/auth';
import { config } from '../_lib/config';
import { BadRequest } from '../_lib/errors';
import { httpHandler, json, parseBody } from '../_lib/http';

/**
 * POST /api/functions/audio-analysis: the mastering analyser. With {uploadId|key} (signed-in) it
 * measures the caller's audio (WAV, MP3, FLAC, OGG: loudness, peaks, dynamics, spectral balance) and recommends; with only a
 * prompt it answers as the Neural Engine in analytical mode (OpenAI or the offline assistant).
 */
export const handler = httpHandler(async (event) => {
  const request = parseBody(event, AudioAnalysisRequest);
  if (request.uploadId || request.key) {
    const caller = requireCaller(event);
    const object = await callerObject(caller, { uploadId: request.uploadId, key: request.key }, [
      config.ANALYSIS_BUCKET,
      config.AUDIO_BUCKET,
    ]);
    // WAV, MP3, FLAC or Ogg Vorbis, decoded as it streams from S3; others are 415 UNSUPPORTED_AUDIO.
    const analysis = await analyzeStoredAudio(object);
    const recommendations = masteringAdvice(analysis);
    return json(200, {
      analysis,
      recommendations,
      response: recommendations.join('\n'),
      status: 'completed',
    });
  }
  await optionalCaller(event);
  if (request.prompt.trim() === '') throw new BadRequest('INPUT_REQUIRED');
  const answer = await neuralEngine({ prompt: `Masterização: ${request.prompt}`, mode: 'analytical' });
  return json(200, { ...answer, status: 'completed' });
});
