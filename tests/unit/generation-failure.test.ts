import { describe, expect, it } from 'vitest';
import {
  describeGenerationAnswer,
  describeGenerationException,
  describeGenerationFailure,
} from '../../shared/generation/failure';

describe('describeGenerationFailure (core spec §8, Generator)', () => {
  it('a prompt naming an artist gives the warning banner asking to remove artist names', () => {
    expect(
      describeGenerationFailure({ status: 403, code: 'INPUT_POLICY', message: 'x', reason: 'artist' }),
    ).toEqual({
      kind: 'banner',
      severity: 'warning',
      code: 'INPUT_POLICY',
      title: 'Atenção',
      message: 'Remova nomes de artistas/bandas do seu prompt.',
      messageKey: 'inputPolicyArtist',
    });
  });

  it('a producer tag gives the producer-tag banner, and an unknown reason the combined one', () => {
    expect(describeGenerationFailure({ status: 403, reason: 'producer-tag' }).message).toBe(
      "Remova tags de produtor como 'DJ X on the beat'.",
    );
    const combined = describeGenerationFailure({ status: 403, reason: 'artist+producer-tag' });
    expect(combined.messageKey).toBe('inputPolicyCombined');
    expect(describeGenerationFailure({ status: 403 }).messageKey).toBe('inputPolicyCombined');
  });

  it('a failed job with the INPUT_POLICY code (no HTTP status) is the same banner', () => {
    expect(describeGenerationFailure({ code: 'INPUT_POLICY', reason: 'band' })).toMatchObject({
      kind: 'banner',
      title: 'Atenção',
      messageKey: 'inputPolicyArtist',
    });
  });

  it('400 "task not found" is the TASK_NOT_FOUND toast; another 400 is the UNKNOWN toast', () => {
    expect(describeGenerationFailure({ status: 400, message: 'Task not found' })).toMatchObject({
      kind: 'toast',
      code: 'TASK_NOT_FOUND',
      message: 'Tarefa não encontrada — tente gerar novamente.',
    });
    expect(describeGenerationFailure({ status: 404, code: 'NOT_FOUND', message: 'No such job' }).code).toBe(
      'TASK_NOT_FOUND',
    );
    expect(
      describeGenerationFailure({ status: 400, code: 'VALIDATION_ERROR', message: 'bad style' }),
    ).toMatchObject({
      kind: 'toast',
      code: 'UNKNOWN',
      message: 'Ocorreu um erro. Tente novamente.',
    });
  });

  it('a timeout mentions the refund only when the server says credits were refunded', () => {
    expect(describeGenerationFailure({ status: 504, message: 'Timed out; credits refunded' }).message).toBe(
      'Tempo esgotado — seus créditos foram reembolsados automaticamente.',
    );
    expect(describeGenerationFailure({ code: 'TIMEOUT', message: 'provider did not answer' }).message).toBe(
      'Tempo esgotado — tente novamente.',
    );
  });

  it('429, RATE_LIMIT or a "rate limit" message is the RATE_LIMIT toast', () => {
    for (const failure of [
      { status: 429 },
      { code: 'RATE_LIMIT' },
      { status: 502, message: 'Rate limit hit' },
    ]) {
      expect(describeGenerationFailure(failure)).toMatchObject({
        kind: 'toast',
        code: 'RATE_LIMIT',
        message: 'Muitas solicitações — aguarde alguns segundos e tente novamente.',
      });
    }
  });

  it('provider authentication failures are an error banner titled Erro', () => {
    for (const failure of [{ status: 401 }, { message: 'Invalid API key' }, { code: 'UNAUTHORIZED' }]) {
      expect(describeGenerationFailure(failure)).toMatchObject({
        kind: 'banner',
        severity: 'error',
        code: 'UNAUTHORIZED',
        title: 'Erro',
      });
    }
  });

  it('500 is the SERVER_ERROR banner', () => {
    expect(describeGenerationFailure({ status: 500, message: 'boom' })).toMatchObject({
      kind: 'banner',
      code: 'SERVER_ERROR',
      title: 'Erro',
      message: 'Problema temporário no servidor. Tente novamente.',
    });
  });

  it('402 keeps the server message about what ran out', () => {
    expect(describeGenerationFailure({ status: 402, message: 'Sem gerações no plano.' })).toEqual({
      kind: 'toast',
      severity: 'warning',
      code: 'INSUFFICIENT_FUNDS',
      message: 'Sem gerações no plano.',
    });
  });

  it('anything else, and an exception, is the UNKNOWN toast', () => {
    expect(describeGenerationFailure({ status: 418 }).code).toBe('UNKNOWN');
    expect(describeGenerationException().message).toBe('Ocorreu um erro. Tente novamente.');
  });
});

describe('describeGenerationAnswer', () => {
  it('a policy flag is a warning banner with the server message', () => {
    expect(describeGenerationAnswer({ policy: true, message: 'Prompt recusado.' })).toEqual({
      ok: false,
      notice: {
        kind: 'banner',
        severity: 'warning',
        code: 'INPUT_POLICY',
        title: 'Atenção',
        message: 'Prompt recusado.',
      },
    });
  });

  it('an answer without success or track is the toast "Falha ao gerar música."', () => {
    for (const answer of [{}, { success: true }, { success: false, track: { id: 't', audioUrl: 'u' } }]) {
      const outcome = describeGenerationAnswer(answer);
      expect(outcome.ok).toBe(false);
      if (!outcome.ok)
        expect(outcome.notice).toMatchObject({ kind: 'toast', message: 'Falha ao gerar música.' });
    }
  });

  it('a successful answer hands the track over', () => {
    const track = { id: 't1', title: 'Noite', audioUrl: 'https://x/a.wav' };
    expect(describeGenerationAnswer({ success: true, track })).toEqual({ ok: true, track });
  });
});
