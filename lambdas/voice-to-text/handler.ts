import { AI_ERROR_CODES, MAX_VOICE_BASE64_CHARS, VoiceRequest } from '../../shared/schemas/ai';
import { transcribe } from '../_lib/ai/assistant';
import { AppError, BadRequest, PayloadTooLarge, ValidationFailed } from '../_lib/errors';
import { httpHandler, json, rawBody } from '../_lib/http';
import { enforceRateLimit } from '../_lib/rate-limit';

/**
 * POST /api/functions/voice-to-text {audio: base64, mimeType}: OpenAI transcription. Without a key a
 * plain 503 (never a fake transcript); no speech → 400 'Nenhum áudio detectado'.
 * The body is parsed here, not by parseBody, because a recording is larger than its 256 KiB limit.
 */
export const handler = httpHandler(async (event) => {
  await enforceRateLimit(event, 'voice');
  const text = rawBody(event);
  if (text.length > MAX_VOICE_BASE64_CHARS + 1024) throw new PayloadTooLarge({ context: 'recording' });
  let value: unknown;
  try {
    value = JSON.parse(text || '{}');
  } catch {
    throw new BadRequest('INVALID_JSON');
  }
  const parsed = VoiceRequest.safeParse(value);
  if (!parsed.success) throw new ValidationFailed(parsed.error);
  const base64 = parsed.data.audio.replace(/^data:[^,]*,/, '');
  if (!/^[A-Za-z0-9+/=\s_-]+$/.test(base64)) throw new BadRequest('AUDIO_NOT_BASE64');
  const audio = Buffer.from(base64, 'base64');
  // A webm header alone is ~200 bytes: anything that small holds no speech.
  if (audio.length < 256) throw new AppError(400, AI_ERROR_CODES.noAudio);
  const transcript = await transcribe(audio, parsed.data.mimeType);
  return json(200, { text: transcript });
});
