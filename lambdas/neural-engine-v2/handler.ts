import { NeuralRequest } from '../../shared/schemas/ai';
import { neuralEngine } from '../_lib/ai/assistant';
import { httpHandler, json, parseBody } from '../_lib/http';

/**
 * POST /api/functions/neural-engine-v2 (public): creativity → temperature, depth → max tokens.
 * Answers {response, offline, sources, metadata}.
 */
export const handler = httpHandler(async (event) => {
  const request = parseBody(event, NeuralRequest);
  const answer = await neuralEngine({
    prompt: request.prompt,
    mode: request.mode,
    temperature: request.temperature ?? request.creativity,
    maxTokens: request.maxTokens ?? request.depth,
    context: request.context,
  });
  return json(200, answer);
});
