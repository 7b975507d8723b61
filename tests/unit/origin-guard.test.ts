import type { Context } from 'aws-lambda';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import sample from '../../events/api/me-profile-get.json';
import { handler as geo } from '../../lambdas/geo/handler';
import type { ApiEvent } from '../../lambdas/_lib/http';
import { cameThroughCloudFront, ORIGIN_HEADER } from '../../lambdas/_lib/origin-guard';
import { clearSecretCache } from '../../lambdas/_lib/secrets';
import {
  startFakeParameterStore,
  useFakeParameterStore,
  type FakeParameterStore,
} from './fake-aws-parameters';

/** CloudFront is the only way into the API (issue 15): the origin header is checked before any handler. */
const context = {} as Context;
const ARN = 'arn:aws:secretsmanager:us-east-1:123456789012:secret:origin';
let store: FakeParameterStore;

const geoEvent = (headers: Record<string, string>): ApiEvent => ({
  ...(sample as unknown as ApiEvent),
  routeKey: 'GET /api/geo',
  headers,
});

beforeAll(async () => {
  store = await startFakeParameterStore();
  useFakeParameterStore(store);
});
afterAll(() => store.close());
afterEach(() => {
  delete process.env.ORIGIN_VERIFY_SECRET;
  delete process.env.ORIGIN_SECRET_ARN;
  clearSecretCache();
});

describe('origin guard', () => {
  it('refuses a direct call with a forged country before the handler runs, answers CloudFront', async () => {
    process.env.ORIGIN_VERIFY_SECRET = 'from-cloudfront';
    const direct = await geo(geoEvent({ 'cloudfront-viewer-country': 'US' }), context);
    expect(direct.statusCode).toBe(403);
    expect(JSON.parse(direct.body ?? '')).toEqual({
      error: { code: 'ORIGIN_FORBIDDEN', message: 'Acesso direto à API não é permitido.' },
    });
    const wrong = await geo(
      geoEvent({ [ORIGIN_HEADER]: 'guess', 'cloudfront-viewer-country': 'US' }),
      context,
    );
    expect(wrong.statusCode).toBe(403);
    const viaCloudFront = await geo(
      geoEvent({ [ORIGIN_HEADER]: 'from-cloudfront', 'cloudfront-viewer-country': 'pt' }),
      context,
    );
    expect(viaCloudFront.statusCode).toBe(200);
    expect(JSON.parse(viaCloudFront.body ?? '')).toEqual({ country: 'PT' });
  });

  it('is off only when nothing configures it', async () => {
    expect(await cameThroughCloudFront({ headers: {} }, {})).toBe(true);
    expect(await cameThroughCloudFront({ headers: {} }, { ORIGIN_VERIFY_SECRET: 'x' })).toBe(false);
  });

  it('accepts the current and the previous value during a rotation, and a new value at once', async () => {
    store.secrets.set(ARN, JSON.stringify({ current: 'new-value', previous: 'old-value' }));
    const env = { ORIGIN_SECRET_ARN: ARN };
    const through = (value: string, now: number) =>
      cameThroughCloudFront({ headers: { [ORIGIN_HEADER]: value } }, env, now);
    expect(await through('new-value', 1_000_000)).toBe(true);
    expect(await through('old-value', 1_000_000)).toBe(true);
    // Rotated again while this instance still holds the cached pair: an unknown value forces one re-read.
    store.secrets.set(ARN, JSON.stringify({ current: 'newer-value', previous: 'new-value' }));
    expect(await through('newer-value', 1_000_000)).toBe(true);
    // Garbage forces at most one re-read per 30 s, so a flood of bad headers cannot flood Secrets Manager.
    const reads = () => store.calls.filter((call) => call.includes(ARN)).length;
    const before = reads();
    expect(await through('garbage-1', 1_010_000)).toBe(false);
    expect(await through('garbage-2', 1_010_001)).toBe(false);
    expect(reads() - before).toBe(0);
    expect(await through('garbage-3', 1_050_000)).toBe(false);
    expect(reads() - before).toBe(1);
  });
});
