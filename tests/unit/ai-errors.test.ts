import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import apiErrorsPtBR from '../../shared/i18n/api-errors/pt-BR';
import { mapOpenAiError } from '../../lambdas/_lib/ai/openai';
import { neuralText } from '../../lambdas/_lib/ai/assistant';
import { invoke } from './ai-event';
import { completion, quotaError, startFakeOpenAi, type FakeOpenAi } from './ai-fake-openai';

// Burst limits count requests in DynamoDB (covered by their own tests); these handlers run without it here.
vi.mock('../../lambdas/_lib/rate-limit', () => ({ enforceRateLimit: async () => undefined }));

/** Every message of the spec's AI-tools catalogue (§5, §8) that the backend produces. */
type ErrorBody = { error: { code: string; message: string; params?: Record<string, string | number> } };

let fake: FakeOpenAi;
const saved = { ...process.env };
beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterAll(() => fake.close());
afterEach(() => {
  for (const key of ['OPENAI_API_KEY', 'OPENAI_BASE_URL', 'OPENAI_MAX_RETRIES', 'STAGE', 'OSC_DELIVERY']) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
  fake.replies.length = 0;
});

function online(): void {
  process.env.OPENAI_API_KEY = 'sk-test';
  process.env.OPENAI_BASE_URL = fake.url;
  process.env.OPENAI_MAX_RETRIES = '0';
}

describe('Neural Engine messages', () => {
  it('maps a 429 insufficient_quota to the quota message', async () => {
    online();
    fake.replies.push(quotaError);
    const answer = await invoke<ErrorBody>('neural-engine-v2', { prompt: 'Como mixar?', mode: 'production' });
    expect(answer.status).toBe(429);
    expect(answer.body.error.message).toBe(
      'Limite de quota da API OpenAI excedido. Verifique seu plano e detalhes de cobrança.',
    );
  });

  it("answers 'Resposta vazia do servidor neural' when the provider returns no choices", async () => {
    online();
    fake.replies.push({
      status: 200,
      body: { id: 'x', object: 'chat.completion', created: 1, model: 'm', choices: [] },
    });
    const answer = await invoke<ErrorBody>('neural-engine-v2', { prompt: 'Olá' });
    expect(answer.body.error.message).toBe('Resposta vazia do servidor neural');
    expect(() => neuralText(null)).toThrow('Resposta vazia do servidor neural');
  });

  it("answers 'Processamento concluído sem resposta' when the message has no text", async () => {
    online();
    fake.replies.push(completion(''));
    const answer = await invoke<ErrorBody>('neural-engine-v2', { prompt: 'Olá' });
    expect(answer.body.error.message).toBe('Processamento concluído sem resposta');
  });

  it("falls back to 'Erro no processamento neural' for other provider failures", () => {
    expect(mapOpenAiError({ status: 400, message: 'bad' }).message).toBe('Erro no processamento neural');
  });

  it('maps creativity and depth to temperature and max tokens and returns the metadata', async () => {
    online();
    fake.replies.push(completion('Use sidechain no baixo.'));
    const answer = await invoke<{ response: string; metadata: Record<string, unknown> }>('neural-engine-v2', {
      prompt: 'Dica de mix',
      mode: 'analytical',
      creativity: 0.3,
      depth: 2000,
    });
    expect(answer.body.response).toBe('Use sidechain no baixo.');
    expect(answer.body.metadata).toMatchObject({
      model: 'gpt-test',
      tokens: 30,
      mode: 'analytical',
      temperature: 0.3,
      maxTokens: 2000,
    });
    const sent = JSON.parse(fake.requests.at(-1)!.body) as { temperature: number; max_tokens: number };
    expect(sent).toMatchObject({ temperature: 0.3, max_tokens: 2000 });
  });

  it("rejects a blank prompt with 'Prompt necessário — Digite sua pergunta para o Neural Engine V2'", async () => {
    const answer = await invoke<ErrorBody>('neural-engine-v2', { prompt: '   ', mode: 'creative' });
    expect(answer.status).toBe(400);
    expect(answer.body.error.message).toContain(
      'Prompt necessário — Digite sua pergunta para o Neural Engine V2',
    );
  });

  it('rejects creativity and depth outside their sliders', async () => {
    expect((await invoke('neural-engine-v2', { prompt: 'x', creativity: 1.5 })).status).toBe(400);
    expect((await invoke('neural-engine-v2', { prompt: 'x', depth: 400 })).status).toBe(400);
    expect((await invoke('neural-engine-v2', { prompt: 'x', depth: 3100 })).status).toBe(400);
  });

  it('answers offline from the knowledge base without a key, labelled offline', async () => {
    delete process.env.OPENAI_API_KEY;
    const answer = await invoke<{ offline: boolean; sources: string[]; metadata: { model: string } }>(
      'neural-engine-v2',
      {
        prompt: 'como usar compressão na voz',
        mode: 'educational',
      },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.offline).toBe(true);
    expect(answer.body.sources.length).toBeGreaterThan(0);
    expect(answer.body.metadata.model).toBe('offline-knowledge-base');
  });
});

describe('chat messages', () => {
  it('maps quota, rejected key and provider outage', () => {
    expect(mapOpenAiError({ status: 429, code: 'insufficient_quota' }).message).toBe(
      apiErrorsPtBR.AI_QUOTA_EXCEEDED,
    );
    expect(mapOpenAiError({ status: 429, message: 'Rate limit reached' }).status).toBe(429);
    expect(mapOpenAiError({ status: 401 }).message).toBe(apiErrorsPtBR.AI_UNAUTHORIZED);
    expect(mapOpenAiError({ status: 503 }).message).toBe(apiErrorsPtBR.AI_UNAVAILABLE);
    expect(mapOpenAiError({ name: 'APIConnectionTimeoutError' }).status).toBe(504);
  });

  it("replies 'Desculpe, não consegui processar sua mensagem.' when the model says nothing", async () => {
    online();
    fake.replies.push(completion(null));
    const answer = await invoke<{ response: string }>('chatbot', {
      message: 'oi',
      context: 'music production assistant',
    });
    expect(answer.body.response).toBe('Desculpe, não consegui processar sua mensagem.');
  });

  it("rejects an empty message with 'Input necessário'", async () => {
    const answer = await invoke<ErrorBody>('chatbot', { messages: [{ role: 'user', content: '  ' }] });
    expect(answer.status).toBe(400);
    expect(answer.body.error.message).toContain('Input necessário — Digite sua solicitação para processar');
  });
});

describe('voice input messages', () => {
  const audio = Buffer.alloc(4096, 7).toString('base64');

  it('answers 503 AI_KEY_REQUIRED without a key, naming the setting for the operator, never a transcript', async () => {
    delete process.env.OPENAI_API_KEY;
    const answer = await invoke<ErrorBody & { text?: string }>('voice-to-text', {
      audio,
      mimeType: 'audio/webm',
    });
    expect(answer.status).toBe(503);
    expect(answer.body.text).toBeUndefined();
    expect(answer.body.error.code).toBe('AI_KEY_REQUIRED');
    expect(answer.body.error.message).toMatch(/^A entrada por voz precisa do serviço de fala configurado/);
    expect(answer.body.error.message).toContain('OPENAI_API_KEY');
  });

  it("answers 'Nenhum áudio detectado' when the transcription is empty", async () => {
    online();
    fake.replies.push({ status: 200, body: { text: '  ' } });
    const answer = await invoke<ErrorBody>('voice-to-text', { audio, mimeType: 'audio/webm;codecs=opus' });
    expect(answer.status).toBe(400);
    expect(answer.body.error.message).toBe('Nenhum áudio detectado — Tente gravar novamente');
    expect(fake.requests.at(-1)!.path).toBe('/v1/audio/transcriptions');
    expect(fake.requests.at(-1)!.body).toContain('clip.webm');
  });

  it('returns the transcript', async () => {
    online();
    fake.replies.push({ status: 200, body: { text: 'Como mixar um vocal?' } });
    const answer = await invoke<{ text: string }>('voice-to-text', { audio, mimeType: 'audio/webm' });
    expect(answer.body.text).toBe('Como mixar um vocal?');
  });
});

describe('file attach and DAW messages', () => {
  it('answers 401 UNAUTHORIZED to an anonymous file analysis', async () => {
    const answer = await invoke<ErrorBody>('ai-file-analysis', { key: 'x/1_a.wav' });
    expect(answer.status).toBe(401);
    expect(answer.body.error).toMatchObject({ code: 'UNAUTHORIZED', message: 'Faça login para continuar.' });
  });

  it('answers AUDIO_FEATURES_REQUIRED to an analysis without audio features', async () => {
    const answer = await invoke<ErrorBody>('ai-daw-integration', {
      action: 'ai_audio_analysis',
      data: { analysisType: 'harmonic' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({
      code: 'AUDIO_FEATURES_REQUIRED',
      message: 'Selecione um arquivo de áudio primeiro.',
    });
  });

  it('answers OSC_SEND_FAILED with the host and port when the packet cannot be sent', async () => {
    process.env.STAGE = 'local';
    const answer = await invoke<ErrorBody>('daw-integration', {
      action: 'send_osc',
      dawType: 'ableton',
      data: { command: 'play', host: 'no-such-host.invalid', port: 11000 },
    });
    expect(answer.status).toBe(502);
    expect(answer.body.error).toMatchObject({
      code: 'OSC_SEND_FAILED',
      params: { host: 'no-such-host.invalid', port: 11000 },
    });
  });

  it('returns the encoded packet and the reason in the cloud', async () => {
    process.env.STAGE = 'cloud';
    const answer = await invoke<{ sent: boolean; packet: string; reason: string; port: number }>(
      'daw-integration',
      {
        action: 'send_osc',
        dawType: 'reaper',
        data: { command: 'tempo', value: 140, host: '192.168.0.10' },
      },
    );
    expect(answer.body.sent).toBe(false);
    expect(answer.body.port).toBe(8080);
    expect(answer.body.reason).toMatch(/nuvem/);
    expect(Buffer.from(answer.body.packet, 'base64').toString('latin1')).toContain('/tempo/raw');
  });

  it("rejects an empty generic tool input with 'Input necessário'", async () => {
    const answer = await invoke<ErrorBody>('vocal-synthesis', { prompt: '' });
    expect(answer.status).toBe(400);
    expect(answer.body.error.message).toContain('Input necessário — Digite sua solicitação para processar');
  });
});
