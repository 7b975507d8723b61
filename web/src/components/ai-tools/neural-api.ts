import { ApiError, apiRequest } from '../../api/client';

/**
 * Neural Engine V2 and the generic AI tools (AI-tools spec §7; docs/ai-api.md). The error texts are the
 * spec's (§8): a quota problem, an empty answer and an answer without text each have their own.
 */

export const NEURAL_MODES = ['creative', 'analytical', 'educational', 'production'] as const;
export type NeuralMode = (typeof NEURAL_MODES)[number];

export const CREATIVITY = { min: 0, max: 1, step: 0.1, default: 0.7 } as const;
export const DEPTH = { min: 500, max: 3000, step: 100, default: 1500 } as const;

export interface NeuralMetadata {
  model?: string;
  tokens?: number;
  mode?: string;
  processingTime?: number;
  temperature?: number;
  version?: string;
}

export interface NeuralResult {
  answer: string;
  metadata: NeuralMetadata;
  offline: boolean;
}

export const NEURAL_MESSAGES = {
  quota: 'Limite de quota da API OpenAI excedido. Verifique seu plano e detalhes de cobrança.',
  generic: 'Erro no processamento neural',
  empty: 'Resposta vazia do servidor neural',
  noAnswer: 'Processamento concluído sem resposta',
} as const;

export class NeuralError extends Error {
  override readonly name = 'NeuralError';
}

function isQuota(error: unknown): boolean {
  const text = `${(error as { code?: unknown }).code ?? ''} ${(error as Error).message ?? ''}`;
  return /insufficient_quota|quota/i.test(text);
}

export async function runNeuralEngine(input: {
  prompt: string;
  mode: NeuralMode;
  creativity: number;
  depth: number;
  userId?: string;
}): Promise<NeuralResult> {
  let body: unknown;
  try {
    body = await apiRequest<unknown>('/api/functions/neural-engine-v2', {
      method: 'POST',
      body: {
        prompt: input.prompt,
        mode: input.mode,
        temperature: input.creativity,
        maxTokens: input.depth,
        context: 'neural engine v2',
        userId: input.userId,
      },
    });
  } catch (error) {
    if (isQuota(error)) throw new NeuralError(NEURAL_MESSAGES.quota);
    const message = error instanceof ApiError && error.status !== 0 ? error.message : '';
    throw new NeuralError(message || NEURAL_MESSAGES.generic);
  }
  if (
    body === null ||
    body === undefined ||
    body === '' ||
    (typeof body === 'object' && Object.keys(body).length === 0)
  )
    throw new NeuralError(NEURAL_MESSAGES.empty);
  const value = body as {
    answer?: unknown;
    response?: unknown;
    metadata?: NeuralMetadata;
    offline?: unknown;
  };
  const answer = value.answer ?? value.response;
  if (typeof answer !== 'string' || !answer.trim()) throw new NeuralError(NEURAL_MESSAGES.noAnswer);
  return { answer, metadata: value.metadata ?? {}, offline: value.offline === true };
}

export type GenericToolId = 'vocal-synthesis' | 'creative-assistant' | 'mastering-analyzer';

/**
 * A generic tool's answer for the UI (spec §7: response, result, analysis, message or status, else the
 * whole answer): its text (Markdown) when it answered in words, or the structured value it returned
 * (shown as rows, never as JSON text).
 */
export function readToolResult(body: unknown): { text?: string; data?: unknown } {
  if (typeof body === 'string') return { text: body };
  const value = (body ?? {}) as Record<string, unknown>;
  for (const field of ['answer', 'response', 'result', 'analysis', 'message', 'status']) {
    const candidate = value[field];
    if (typeof candidate === 'string' && candidate.trim()) return { text: candidate };
    if (candidate && typeof candidate === 'object') return { data: candidate };
  }
  return { data: body };
}

export interface ToolResult {
  text?: string;
  data?: unknown;
  /** Audio the tool rendered (vocal synthesis), as a data URL for an <audio> element. */
  audioUrl?: string;
}

export async function runGenericTool(
  tool: GenericToolId,
  prompt: string,
  userId?: string,
): Promise<ToolResult> {
  const context = 'ai studio';
  const call =
    tool === 'vocal-synthesis'
      ? { path: 'vocal-synthesis', body: { prompt, mode: 'creative', context, userId } }
      : tool === 'creative-assistant'
        ? {
            path: 'chatbot',
            body: { messages: [{ role: 'user', content: prompt }], mode: 'creative', context, userId },
          }
        : {
            path: 'audio-analysis',
            body: {
              analysisType: 'analyze',
              prompt,
              settings: { detail: 'high', mastering: true },
              context,
              userId,
            },
          };
  const body = await apiRequest<unknown>(`/api/functions/${call.path}`, { method: 'POST', body: call.body });
  const { audio, mimeType } = (body ?? {}) as { audio?: unknown; mimeType?: unknown };
  const audioUrl =
    typeof audio === 'string' && audio && typeof mimeType === 'string' && mimeType.startsWith('audio/')
      ? `data:${mimeType};base64,${audio}`
      : undefined;
  return { ...readToolResult(body), audioUrl };
}
