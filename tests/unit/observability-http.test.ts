import type { Context } from 'aws-lambda';
import { afterEach, describe, expect, it, vi } from 'vitest';
import sample from '../../events/api/me-profile-get.json';
import { httpHandler, isTransientAwsError, json, type ApiEvent } from '../../lambdas/_lib/http';
import { logger } from '../../lambdas/_lib/logger';
import { RateLimited } from '../../lambdas/_lib/rate-limit';

/**
 * Issue 7 in the shared middleware: correlation ids (logged and echoed), dependency outages as 503 +
 * Retry-After instead of a bare 500, and the rate limit's Retry-After; and EMF output of the metrics.
 */
const context = {} as Context;
const event = (headers: Record<string, string> = {}): ApiEvent => {
  const base = structuredClone(sample) as unknown as ApiEvent;
  return { ...base, headers: { ...base.headers, ...headers } };
};

afterEach(() => vi.restoreAllMocks());

describe('correlation id', () => {
  it("echoes the caller's x-correlation-id and logs it on every line of the invocation", async () => {
    const lines: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    });
    const handler = httpHandler(async () => {
      logger.info('inside the handler');
      return json(200, { ok: true });
    });
    const result = await handler(event({ 'x-correlation-id': 'ticket-123.abc' }), context);
    logger.info('after the invocation');
    vi.restoreAllMocks();
    const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(logged.find((l) => l.message === 'inside the handler')).toMatchObject({
      correlationId: 'ticket-123.abc',
      route: 'GET /api/me/profile',
    });
    // Keys do not leak into the next invocation.
    expect(logged.find((l) => l.message === 'after the invocation')?.correlationId).toBeUndefined();
    expect(result.headers?.['x-correlation-id']).toBe('ticket-123.abc');
  });

  it("falls back to API Gateway's request id for a missing or hostile header, on errors too", async () => {
    const requestId = (sample as { requestContext: { requestId: string } }).requestContext.requestId;
    vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    const handler = httpHandler(async () => {
      throw new Error('boom');
    });
    const result = await handler(event({ 'x-correlation-id': 'a b\nforged: 1' }), context);
    expect(result.statusCode).toBe(500);
    expect(result.headers?.['x-correlation-id']).toBe(requestId);
  });
});

describe('dependency outages and rate limits', () => {
  it('maps SDK network failures and throttling to 503 SERVICE_UNAVAILABLE with Retry-After', async () => {
    vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' });
    const throttled = Object.assign(new Error('slow down'), {
      name: 'ProvisionedThroughputExceededException',
      $metadata: { httpStatusCode: 400 },
    });
    for (const error of [refused, throttled]) {
      const result = await httpHandler(async () => {
        throw error;
      })(event(), context);
      expect(result.statusCode).toBe(503);
      expect(result.headers?.['retry-after']).toBe('2');
      expect(JSON.parse(result.body ?? '')).toMatchObject({ error: { code: 'SERVICE_UNAVAILABLE' } });
    }
    expect(isTransientAwsError(new Error('plain bug'))).toBe(false);
    expect(
      isTransientAwsError({ name: 'ConditionalCheckFailedException', $metadata: { httpStatusCode: 400 } }),
    ).toBe(false);
  });

  it('a rate limit answers 429 RATE_LIMIT with the spec message and Retry-After', async () => {
    vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
    const result = await httpHandler(async () => {
      throw new RateLimited(17);
    })(event(), context);
    expect(result.statusCode).toBe(429);
    expect(result.headers?.['retry-after']).toBe('17');
    expect(JSON.parse(result.body ?? '')).toEqual({
      error: {
        code: 'RATE_LIMIT',
        message: 'Muitas solicitações — aguarde alguns segundos e tente novamente.',
      },
    });
  });
});

describe('metrics', () => {
  it('emits CloudWatch EMF in the cloud (namespace FiveD, service dimension, Count unit)', async () => {
    vi.resetModules();
    const previous = process.env.STAGE;
    process.env.STAGE = 'cloud';
    const lines: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    });
    try {
      const { countMetric, METRIC } = await import('../../lambdas/_lib/metrics');
      countMetric(METRIC.WebhookSignatureFailed);
    } finally {
      process.env.STAGE = previous;
    }
    const emf = lines.map((line) => JSON.parse(line) as Record<string, unknown>).find((doc) => '_aws' in doc);
    expect(emf).toMatchObject({
      _aws: {
        CloudWatchMetrics: [
          {
            Namespace: 'FiveD',
            Dimensions: [['service']],
            Metrics: [{ Name: 'WebhookSignatureFailed', Unit: 'Count' }],
          },
        ],
      },
      service: '5d-platform',
      WebhookSignatureFailed: 1,
    });
  });
});
