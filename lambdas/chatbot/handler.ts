import { ChatRequest } from '../../shared/schemas/ai';
import { chat } from '../_lib/ai/assistant';
import { httpHandler, json, parseBody } from '../_lib/http';
import { enforceRateLimit } from '../_lib/rate-limit';

/**
 * POST /api/functions/chatbot (public): the chat assistant and the AI Studio creative assistant.
 * OpenAI when a key is configured, otherwise the offline knowledge-base assistant ({offline: true}).
 */
export const handler = httpHandler(async (event) => {
  await enforceRateLimit(event, 'chat');
  const request = parseBody(event, ChatRequest);
  const answer = await chat(request);
  return json(200, answer);
});
