import { GenericToolRequest } from '../../shared/schemas/ai';
import { singText } from '../_lib/ai/formant-voice';
import { AppError } from '../_lib/errors';
import { httpHandler, json, parseBody } from '../_lib/http';

/**
 * POST /api/functions/vocal-synthesis {prompt}: sings the prompt's syllables with the built-in formant
 * synthesizer and returns a WAV (base64). No voice provider is wired, and the answer says so.
 */
export const handler = httpHandler(async (event) => {
  const request = parseBody(event, GenericToolRequest);
  const voice = singText(request.prompt);
  if (voice.syllables.length === 0) {
    throw new AppError(400, 'NO_SYLLABLES');
  }
  return json(200, {
    status: 'completed',
    response: `Voz sintética por formantes: ${voice.syllables.length} sílabas cantadas (${voice.syllables.join('-')}), ${voice.durationSeconds.toFixed(1)} s. Este ambiente não tem provedor de voz natural configurado.`,
    provider: 'formant-synthesizer',
    audio: Buffer.from(voice.wav).toString('base64'),
    mimeType: 'audio/wav',
    syllables: voice.syllables,
    durationSeconds: Math.round(voice.durationSeconds * 10) / 10,
  });
});
