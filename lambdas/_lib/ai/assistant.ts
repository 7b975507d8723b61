import { toFile } from 'openai';
import {
  AI_ERROR_CODES,
  aiMessages,
  NEURAL_DEFAULTS,
  type ChatAnswer,
  type ChatMessage,
  type NeuralMode,
} from '../../../shared/schemas/ai';
import { AppError } from '../errors';
import { aiClient, mapOpenAiError } from './openai';
import { offlineAnswer } from './offline';

/** The chat, Neural Engine and transcription services over OpenAI, with the offline fallback. */

const SYSTEM_PROMPTS: Record<'assistant' | 'creative', string> = {
  assistant:
    'Você é o assistente de produção musical da plataforma 5D. Responda de forma prática e objetiva sobre produção, mixagem, masterização, harmonia, home studio e carreira musical. Responda no idioma do usuário (português do Brasil por padrão).',
  creative:
    'Você é o assistente criativo da plataforma 5D: sugira ideias de composição, letras, timbres, arranjos e referências musicais originais. Responda no idioma do usuário (português do Brasil por padrão).',
};

const NEURAL_PROMPTS: Record<NeuralMode, string> = {
  creative:
    'Modo criativo: proponha ideias originais e variações ousadas para a produção musical do usuário.',
  analytical:
    'Modo analítico: analise tecnicamente, com números de referência (dB, Hz, BPM, LUFS) e justificativas.',
  educational:
    'Modo educacional: explique os conceitos passo a passo, com exemplos, como um professor de produção musical.',
  production: 'Modo produção: dê passos práticos e configurações concretas para aplicar agora na DAW.',
};

export interface ChatInput {
  messages: ChatMessage[];
  mode: 'assistant' | 'creative';
  context?: string;
  attachments?: { name: string; analysis: string }[];
}

function lastUserText(messages: ChatMessage[]): string {
  return [...messages].reverse().find((m) => m.role === 'user')?.content ?? '';
}

export async function chat(input: ChatInput): Promise<ChatAnswer> {
  const ai = await aiClient();
  const question = lastUserText(input.messages);
  if (!ai) {
    const history = input.messages
      .filter((m) => m.role === 'user')
      .slice(-3, -1)
      .map((m) => m.content)
      .join(' ');
    return offlineAnswer(question, { mode: input.mode, history });
  }
  const attachmentNotes = (input.attachments ?? []).map(
    (a) => ({ role: 'system', content: `Análise do arquivo anexado ${a.name}:\n${a.analysis}` }) as const,
  );
  try {
    const completion = await ai.client.chat.completions.create({
      model: ai.model,
      messages: [
        { role: 'system', content: SYSTEM_PROMPTS[input.mode] },
        ...attachmentNotes,
        ...input.messages.slice(-20).map((m) => ({ role: m.role, content: m.content })),
      ],
      temperature: input.mode === 'creative' ? 0.9 : 0.6,
      max_tokens: 900,
    });
    const text = completion.choices[0]?.message?.content?.trim();
    return {
      response: text || aiMessages.chatFallback,
      offline: false,
      sources: [],
      model: completion.model || ai.model,
      language: 'pt',
    };
  } catch (error) {
    throw mapOpenAiError(error);
  }
}

export interface NeuralInput {
  prompt: string;
  mode: NeuralMode;
  temperature?: number;
  maxTokens?: number;
  context?: string;
}

export interface NeuralAnswer {
  response: string;
  offline: boolean;
  sources: string[];
  metadata: {
    model: string;
    tokens: number;
    tokensUsed: number;
    temperature: number;
    maxTokens: number;
    mode: NeuralMode;
    processingTime: number;
    version: 'v2';
  };
}

export async function neuralEngine(input: NeuralInput): Promise<NeuralAnswer> {
  const started = Date.now();
  const temperature = input.temperature ?? NEURAL_DEFAULTS.temperature;
  const maxTokens = input.maxTokens ?? NEURAL_DEFAULTS.maxTokens;
  const ai = await aiClient();
  if (!ai) {
    const answer = offlineAnswer(input.prompt, { mode: input.mode, limit: maxTokens >= 2000 ? 4 : 3 });
    return {
      response: answer.response,
      offline: true,
      sources: answer.sources,
      metadata: {
        model: answer.model,
        tokens: 0,
        tokensUsed: 0,
        temperature,
        maxTokens,
        mode: input.mode,
        processingTime: Date.now() - started,
        version: 'v2',
      },
    };
  }
  let completion;
  try {
    completion = await ai.client.chat.completions.create({
      model: ai.model,
      messages: [
        { role: 'system', content: `${SYSTEM_PROMPTS.assistant}\n${NEURAL_PROMPTS[input.mode]}` },
        { role: 'user', content: input.prompt },
      ],
      temperature,
      max_tokens: maxTokens,
    });
  } catch (error) {
    throw mapOpenAiError(error);
  }
  return {
    response: neuralText(completion),
    offline: false,
    sources: [],
    metadata: {
      model: completion?.model || ai.model,
      tokens: completion?.usage?.total_tokens ?? 0,
      tokensUsed: completion?.usage?.total_tokens ?? 0,
      temperature,
      maxTokens,
      mode: input.mode,
      processingTime: Date.now() - started,
      version: 'v2',
    },
  };
}

/**
 * The spec's two empty cases: no data at all ('Resposta vazia do servidor neural') and a completion
 * whose message carries no text ('Processamento concluído sem resposta').
 */
export function neuralText(completion: unknown): string {
  const choices = (completion as { choices?: { message?: { content?: string | null } }[] } | null)?.choices;
  if (!completion || !Array.isArray(choices) || choices.length === 0) {
    throw new AppError(502, AI_ERROR_CODES.emptyResponse);
  }
  const text = choices[0]?.message?.content?.trim();
  if (!text) throw new AppError(502, AI_ERROR_CODES.noResponse);
  return text;
}

const EXTENSIONS: Record<string, string> = {
  'audio/webm': 'webm',
  'audio/ogg': 'ogg',
  'audio/mp4': 'm4a',
  'audio/mpeg': 'mp3',
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
};

/** What an operator sets to turn voice input on (docs and the 503 say it): the OpenAI key. */
export const SPEECH_SETTING = 'OPENAI_API_KEY (.env) / OpenAiSecret (AWS)';

export async function transcribe(audio: Uint8Array, mimeType: string): Promise<string> {
  const ai = await aiClient();
  if (!ai) throw new AppError(503, AI_ERROR_CODES.needsKey, { setting: SPEECH_SETTING });
  const base = mimeType.split(';')[0]!.trim().toLowerCase();
  const file = await toFile(audio, `clip.${EXTENSIONS[base] ?? 'webm'}`, { type: base || 'audio/webm' });
  let text: string;
  try {
    const result = await ai.client.audio.transcriptions.create({ file, model: ai.transcribeModel });
    text = (result as { text?: string }).text ?? '';
  } catch (error) {
    throw mapOpenAiError(error);
  }
  if (text.trim() === '') throw new AppError(400, AI_ERROR_CODES.noAudio);
  return text.trim();
}

/** A short LLM summary of a file's text, only when a key is configured (undefined otherwise). */
export async function summarize(name: string, text: string): Promise<string | undefined> {
  const ai = await aiClient();
  if (!ai) return undefined;
  try {
    const completion = await ai.client.chat.completions.create({
      model: ai.model,
      messages: [
        {
          role: 'system',
          content:
            'Resuma o arquivo em português do Brasil em até 5 frases, destacando o que importa para um produtor musical.',
        },
        { role: 'user', content: `Arquivo ${name}:\n${text.slice(0, 12_000)}` },
      ],
      max_tokens: 400,
      temperature: 0.3,
    });
    return completion.choices[0]?.message?.content?.trim() || undefined;
  } catch (error) {
    throw mapOpenAiError(error);
  }
}
