import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Context } from 'aws-lambda';
import sample from '../../events/api/me-profile-get.json';
import { httpHandler, json, parseBody, pathParam, type ApiEvent } from '../../lambdas/_lib/http';
import { NotFound } from '../../lambdas/_lib/errors';
import { requireCaller, requireCreator } from '../../lambdas/_lib/auth';

const context = {} as Context;
const event = (overrides: Partial<ApiEvent> = {}): ApiEvent => ({
  ...(sample as unknown as ApiEvent),
  ...overrides,
});
const Body = z.object({ title: z.string().min(1) }).strict();

describe('http middleware', () => {
  const handler = httpHandler(async (e) => json(200, parseBody(e, Body)));

  it('answers a malformed JSON body with 400 and the error shape', async () => {
    const result = await handler(event({ body: '{nope' }), context);
    expect(result.statusCode).toBe(400);
    expect(JSON.parse(result.body ?? '')).toEqual({
      error: { code: 'INVALID_JSON', message: 'O corpo da requisição não é JSON válido.' },
    });
  });

  it('answers a schema violation with 400 VALIDATION_ERROR naming the field', async () => {
    const result = await handler(event({ body: JSON.stringify({ title: 5 }) }), context);
    const body = JSON.parse(result.body ?? '');
    expect(result.statusCode).toBe(400);
    expect(body.error.code).toBe('VALIDATION_ERROR');
    expect(body.error.params).toEqual({ context: 'field', field: 'title' });
    expect(body.error.message).toBe('Dados inválidos em “title”. Confira e tente novamente.');
  });

  it('decodes a base64 body as API Gateway sends it', async () => {
    const body = Buffer.from(JSON.stringify({ title: 'Beat' })).toString('base64');
    const result = await handler(event({ body, isBase64Encoded: true }), context);
    expect(JSON.parse(result.body ?? '')).toEqual({ title: 'Beat' });
  });

  it('tells a missing path parameter from an over-long one', async () => {
    const byId = httpHandler(async (e) => json(200, { id: pathParam(e, 'id') }));
    const missing = await byId(event({ pathParameters: {} }), context);
    expect(missing.statusCode).toBe(400);
    expect(JSON.parse(missing.body ?? '').error).toEqual({
      code: 'MISSING_PARAMETER',
      message: 'Parâmetro ausente: id.',
      params: { name: 'id' },
    });
    const tooLong = await byId(event({ pathParameters: { id: 'x'.repeat(201) } }), context);
    expect(tooLong.statusCode).toBe(400);
    expect(JSON.parse(tooLong.body ?? '').error).toEqual({
      code: 'INVALID_PARAMETER',
      message: 'Parâmetro inválido: id (máximo de 200 caracteres).',
      params: { name: 'id', max: 200 },
    });
    const fine = await byId(event({ pathParameters: { id: 'x'.repeat(200) } }), context);
    expect(JSON.parse(fine.body ?? '')).toEqual({ id: 'x'.repeat(200) });
  });

  it('maps typed errors to their status and hides unexpected ones behind a 500', async () => {
    const notFound = await httpHandler(async () => {
      throw new NotFound('PROFILE_NOT_FOUND');
    })(event(), context);
    expect(notFound.statusCode).toBe(404);
    expect(JSON.parse(notFound.body ?? '').error).toEqual({
      code: 'PROFILE_NOT_FOUND',
      message: 'Perfil não encontrado.',
    });

    const crash = await httpHandler(async () => {
      throw new Error('secret internals');
    })(event(), context);
    expect(crash.statusCode).toBe(500);
    expect(crash.body).not.toContain('secret internals');
  });
});

describe('caller claims', () => {
  it('reads the caller from the authorizer claims, groups in API Gateway text form', () => {
    expect(requireCaller(event())).toEqual({
      sub: 'sample-user-sub',
      email: 'ana@example.com',
      name: 'Ana Souza',
      role: 'client',
      groups: ['client'],
    });
  });

  it('rejects a request without claims with 401 and a client calling a creator route with 403', () => {
    const anonymous = event({
      requestContext: { ...sample.requestContext, authorizer: undefined } as ApiEvent['requestContext'],
    });
    expect(() => requireCaller(anonymous)).toThrowError(expect.objectContaining({ status: 401 }));
    expect(() => requireCreator(event())).toThrowError(expect.objectContaining({ status: 403 }));
  });
});
