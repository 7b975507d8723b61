import { apiRequest } from '../../api/client';
import type { UploadApi } from '../../lib/multipart-uploader';
import { formatTimeOfDay } from '../../lib/format';

/**
 * The chat widget's server calls (docs/ai-api.md): `chatbot` answers, `voice-to-text` transcribes a
 * webm recording, `ai-file-analysis` analyses an attachment uploaded with purpose 'chat-attachment'.
 */

export interface ChatTurn {
  role: 'user' | 'assistant';
  content: string;
}

export interface ChatAnswer {
  answer: string;
  offline?: boolean;
  sources?: string[];
  /** The offline assistant's closest topics when it does not know the answer. */
  suggestions?: string[];
}

/** Only the last turns travel: enough context for a follow-up, bounded payload. */
const HISTORY_TURNS = 12;

export async function askChatbot(
  turns: ChatTurn[],
  signal?: AbortSignal,
  mode: 'assistant' | 'creative' = 'assistant',
): Promise<ChatAnswer> {
  const body = await apiRequest<(Partial<ChatAnswer> & { response?: string }) | null>(
    '/api/functions/chatbot',
    {
      method: 'POST',
      body: { messages: turns.slice(-HISTORY_TURNS), mode },
      signal,
    },
  );
  const answer = body?.answer ?? body?.response;
  if (typeof answer !== 'string' || !answer.trim()) throw new Error('Empty chat answer');
  return {
    answer,
    offline: body?.offline === true,
    sources: Array.isArray(body?.sources) ? body.sources.filter((s) => typeof s === 'string') : [],
    suggestions: Array.isArray(body?.suggestions)
      ? body.suggestions.filter((s) => typeof s === 'string')
      : [],
  };
}

export async function transcribe(audioBase64: string, mimeType: string): Promise<string> {
  const body = await apiRequest<{ text?: unknown } | null>('/api/functions/voice-to-text', {
    method: 'POST',
    body: { audio: audioBase64, mimeType },
  });
  return typeof body?.text === 'string' ? body.text.trim() : '';
}

export interface FileAnalysis {
  analysis: string;
  deleteAt?: string;
}

export async function analyseAttachment(uploadId: string): Promise<FileAnalysis> {
  const body = await apiRequest<{ analysis?: unknown; message?: unknown; deleteAt?: unknown } | null>(
    '/api/functions/ai-file-analysis',
    { method: 'POST', body: { uploadId, analysisType: 'auto' } },
  );
  // The readable description (`message`) when there is one, else the raw analysis.
  const text =
    typeof body?.message === 'string' && body.message.trim()
      ? body.message
      : typeof body?.analysis === 'string'
        ? body.analysis
        : body?.analysis
          ? JSON.stringify(body.analysis, null, 2)
          : '';
  if (!text) throw new Error('Falha no processamento');
  return { analysis: text, deleteAt: typeof body?.deleteAt === 'string' ? body.deleteAt : undefined };
}

export const uploadApi: UploadApi = {
  post: <T>(path: string, body: unknown, signal?: AbortSignal) =>
    apiRequest<T>(path, { method: 'POST', body, signal }),
  get: <T>(path: string, signal?: AbortSignal) => apiRequest<T>(path, { signal }),
  delete: <T>(path: string, signal?: AbortSignal) => apiRequest<T>(path, { method: 'DELETE', signal }),
};

/** Base64 of a Blob without data-URL prefix (FileReader keeps it off the main thread's string building). */
export function blobToBase64(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(blob);
  });
}

/** Message times in the interface language: hh:mm in pt-BR (spec §9), '10:41 PM' in en-US. */
export function formatChatTime(date: Date): string {
  return formatTimeOfDay(date);
}
