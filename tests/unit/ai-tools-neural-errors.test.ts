import { afterEach, describe, expect, it, vi } from 'vitest';
import { readToolAnswer, runNeuralEngine } from '../../web/src/components/ai-tools/neural-api';

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
  it('reads response, result, analysis, message or status, else the whole JSON', () => {
    expect(readToolAnswer({ response: 'a' })).toBe('a');
    expect(readToolAnswer({ result: 'b' })).toBe('b');
    expect(readToolAnswer({ analysis: 'c' })).toBe('c');
    expect(readToolAnswer({ message: 'd' })).toBe('d');
    expect(readToolAnswer({ status: 'e' })).toBe('e');
    expect(readToolAnswer({ other: 1 })).toBe(JSON.stringify({ other: 1 }, null, 2));
  });
});
