import OpenAI from 'openai';
import { z } from 'zod';
import { AI_ERROR_CODES } from '../../../shared/schemas/ai';
import { AppError } from '../errors';
import { readSecretJson, stringField } from '../secrets';

/**
 * OpenAI settings. In AWS the key lives in Secrets Manager (`OPENAI_SECRET_ARN`, JSON `{ apiKey }`),
 * re-read every few minutes (lambdas/_lib/secrets.ts) so a key stored after deploy is used without a
 * redeploy; locally it comes from the environment (.env). No key at all means the offline assistant
 * answers instead (docs/architecture.md: Providers).
 */
const Env = z.object({
  OPENAI_API_KEY: z.string().default(''),
  OPENAI_SECRET_ARN: z.string().default(''),
  OPENAI_BASE_URL: z.union([z.literal(''), z.url()]).default(''),
  OPENAI_MODEL: z.string().min(1).default('gpt-4o-mini'),
  OPENAI_TRANSCRIBE_MODEL: z.string().min(1).default('whisper-1'),
  /** One retry: a Lambda behind API Gateway has 29 s, and quota errors never get better by retrying. */
  OPENAI_MAX_RETRIES: z.coerce.number().int().min(0).max(5).default(1),
  OPENAI_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120_000).default(25_000),
});
export type OpenAiEnv = z.infer<typeof Env>;

export function readOpenAiEnv(env: NodeJS.ProcessEnv = process.env): OpenAiEnv {
  return Env.parse(env);
}

export async function loadOpenAiKey(env: OpenAiEnv): Promise<string> {
  if (env.OPENAI_SECRET_ARN) return stringField(await readSecretJson(env.OPENAI_SECRET_ARN), 'apiKey');
  return env.OPENAI_API_KEY;
}

export interface AiClient {
  client: OpenAI;
  model: string;
  transcribeModel: string;
}

let cached: { key: string; client: AiClient } | undefined;

/**
 * The OpenAI client, or undefined when no key is configured (offline). The settings and the key are
 * read on each call (the key through the refreshing secret cache), so a key stored, rolled or removed
 * after deploy takes effect within minutes; the client itself is reused while they stay the same.
 */
export async function aiClient(envSource: NodeJS.ProcessEnv = process.env): Promise<AiClient | undefined> {
  const env = readOpenAiEnv(envSource);
  const apiKey = await loadOpenAiKey(env);
  if (!apiKey) return undefined;
  const cacheKey = JSON.stringify([
    apiKey,
    env.OPENAI_BASE_URL,
    env.OPENAI_MODEL,
    env.OPENAI_TRANSCRIBE_MODEL,
  ]);
  if (cached?.key === cacheKey) return cached.client;
  const client: AiClient = {
    client: new OpenAI({
      apiKey,
      ...(env.OPENAI_BASE_URL ? { baseURL: env.OPENAI_BASE_URL } : {}),
      maxRetries: env.OPENAI_MAX_RETRIES,
      timeout: env.OPENAI_TIMEOUT_MS,
    }),
    model: env.OPENAI_MODEL,
    transcribeModel: env.OPENAI_TRANSCRIBE_MODEL,
  };
  cached = { key: cacheKey, client };
  return client;
}

/** A provider failure as the spec words it (AI-tools §8). */
export class AiProviderError extends AppError {}

/** Maps any OpenAI SDK failure to one AppError with the spec's text; never leaks the provider's body. */
export function mapOpenAiError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const e = error as {
    status?: number;
    code?: string | null;
    type?: string;
    message?: string;
    name?: string;
  };
  const text = `${e.code ?? ''} ${e.type ?? ''} ${e.message ?? ''}`.toLowerCase();
  if (error instanceof OpenAI.APIConnectionTimeoutError || e.name === 'APIConnectionTimeoutError') {
    return new AiProviderError(504, AI_ERROR_CODES.timeout);
  }
  if (e.status === 429 || text.includes('quota')) {
    if (text.includes('quota')) return new AiProviderError(429, AI_ERROR_CODES.quota);
    return new AiProviderError(429, AI_ERROR_CODES.rateLimit);
  }
  if (e.status === 401 || e.status === 403) {
    return new AiProviderError(502, AI_ERROR_CODES.unauthorized);
  }
  if (error instanceof OpenAI.APIConnectionError || (e.status !== undefined && e.status >= 500)) {
    return new AiProviderError(503, AI_ERROR_CODES.unavailable);
  }
  if (e.status === 400 || e.status === 404 || e.status === 413 || e.status === 422) {
    return new AiProviderError(502, AI_ERROR_CODES.unavailable, { context: 'failed' });
  }
  return new AiProviderError(502, AI_ERROR_CODES.unavailable, { context: 'failed' });
}
