import { afterEach, describe, expect, it, vi } from 'vitest';
import { readToolResult, runNeuralEngine } from '../../web/src/components/ai-tools/neural-api';

function answerWith(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(body === undefined ? '' : JSON.stringify(body), { status })),
  );
}

const input = { prompt: 'Como mixar um 808?', mode: 'production' as const, creativity: 0.7, depth: 1500 };

afterEach(() => vi.unstubAllGlobals());

describe('Neural Engine error texts (spec §8)', () => {
  it('turns a quota error into the quota message', async () => {
    answerWith(429, { error: { code: 'AI_QUOTA_EXCEEDED', message: 'insufficient_quota' } });
    await expect(runNeuralEngine(input)).rejects.toThrow(
      'Limite de quota da API OpenAI excedido. Verifique seu plano e detalhes de cobrança.',
    );
  });

  it('shows the server message for other errors', async () => {
    answerWith(503, { error: { code: 'AI_UNAVAILABLE', message: 'Serviço indisponível' } });
    await expect(runNeuralEngine(input)).rejects.toThrow('Serviço indisponível');
  });

  it("falls back to 'Erro no processamento neural' when the network fails", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(runNeuralEngine(input)).rejects.toThrow('Erro no processamento neural');
  });

  it("says 'Resposta vazia do servidor neural' for an empty answer", async () => {
    answerWith(200, undefined);
    await expect(runNeuralEngine(input)).rejects.toThrow('Resposta vazia do servidor neural');
  });

  it("says 'Processamento concluído sem resposta' when the response field is missing", async () => {
    answerWith(200, { metadata: { model: 'x' } });
    await expect(runNeuralEngine(input)).rejects.toThrow('Processamento concluído sem resposta');
  });

  it('returns the response and metadata, sending creativity as temperature and depth as max tokens', async () => {
    answerWith(200, {
      response: 'Use sidechain.',
      metadata: { model: 'offline-kb', tokens: 12 },
      offline: true,
    });
    const result = await runNeuralEngine(input);
    expect(result).toEqual({
      answer: 'Use sidechain.',
      metadata: { model: 'offline-kb', tokens: 12 },
      offline: true,
    });
    const sent = JSON.parse(String((vi.mocked(fetch).mock.calls[0]![1] as RequestInit).body)) as Record<
      string,
      unknown
    >;
    expect(sent).toMatchObject({
      prompt: input.prompt,
      mode: 'production',
      temperature: 0.7,
      maxTokens: 1500,
    });
  });
});

describe('generic tool answers (spec §7)', () => {
  it('reads response, result, analysis, message or status as text, and anything else as data, never JSON text', () => {
    expect(readToolResult({ response: 'a' })).toEqual({ text: 'a' });
    expect(readToolResult({ result: 'b' })).toEqual({ text: 'b' });
    expect(readToolResult({ analysis: 'c' })).toEqual({ text: 'c' });
    expect(readToolResult({ message: 'd' })).toEqual({ text: 'd' });
    expect(readToolResult({ status: 'e' })).toEqual({ text: 'e' });
    expect(readToolResult({ analysis: { lufs: -9 } })).toEqual({ data: { lufs: -9 } });
    expect(readToolResult({ other: 1 })).toEqual({ data: { other: 1 } });
  });
});
