import type { Context } from 'aws-lambda';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { aiClient } from '../../lambdas/_lib/ai/openai';
import { publicAppOrigin, readPaymentsEnv, stripeSecrets } from '../../lambdas/_lib/payments/config';
import { providerSettings } from '../../lambdas/_lib/provider-settings';
import { clearSecretCache, refreshSeconds } from '../../lambdas/_lib/secrets';
import {
  startFakeParameterStore,
  useFakeParameterStore,
  type FakeParameterStore,
} from './fake-aws-parameters';

/**
 * Secrets stored after deploy take effect within the refresh interval, and "missing" is never cached
 * for good (issue 15): the real Powertools providers and SDK clients against a local endpoint.
 */
let store: FakeParameterStore;
const STRIPE = 'arn:aws:secretsmanager:us-east-1:123456789012:secret:stripe';
const OPENAI = 'arn:aws:secretsmanager:us-east-1:123456789012:secret:openai';
const PROVIDERS = 'arn:aws:secretsmanager:us-east-1:123456789012:secret:providers';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
void ({} as Context);

beforeAll(async () => {
  store = await startFakeParameterStore();
  useFakeParameterStore(store);
  process.env.SECRETS_REFRESH_SECONDS = '1';
});
afterAll(async () => {
  delete process.env.SECRETS_REFRESH_SECONDS;
  delete process.env.STRIPE_SECRET_ARN;
  await store.close();
});
beforeEach(() => clearSecretCache());

describe('secrets with a refresh interval', () => {
  it('reads the refresh interval from SECRETS_REFRESH_SECONDS (default 5 minutes)', () => {
    expect(refreshSeconds({})).toBe(300);
    expect(refreshSeconds({ SECRETS_REFRESH_SECONDS: '60' })).toBe(60);
    expect(refreshSeconds({ SECRETS_REFRESH_SECONDS: 'soon' })).toBe(300);
  });

  it('Stripe: an empty secret answers 503, and the key stored afterwards is used without a restart', async () => {
    store.secrets.set(STRIPE, '{}');
    process.env.STRIPE_SECRET_ARN = STRIPE;
    await expect(stripeSecrets()).rejects.toMatchObject({ status: 503, code: 'PAYMENTS_UNAVAILABLE' });
    store.secrets.set(STRIPE, JSON.stringify({ secretKey: 'sk_live_x', webhookSecret: 'whsec_x' }));
    // Cached for the interval (no call per request)…
    const before = store.calls.length;
    await expect(stripeSecrets()).rejects.toMatchObject({ code: 'PAYMENTS_UNAVAILABLE' });
    expect(store.calls.length).toBe(before);
    // …then read again.
    await sleep(1100);
    await expect(stripeSecrets()).resolves.toEqual({ secretKey: 'sk_live_x', webhookSecret: 'whsec_x' });
  });

  it('OpenAI: offline while the secret has no key, online once it has one', async () => {
    store.secrets.set(OPENAI, '{}');
    const env = { OPENAI_SECRET_ARN: OPENAI };
    expect(await aiClient(env)).toBeUndefined();
    store.secrets.set(OPENAI, JSON.stringify({ apiKey: 'sk-test' }));
    await sleep(1100);
    const client = await aiClient(env);
    expect(client?.client.apiKey).toBe('sk-test');
    // A rolled key gets a new client.
    store.secrets.set(OPENAI, JSON.stringify({ apiKey: 'sk-rolled' }));
    await sleep(1100);
    expect((await aiClient(env))?.client.apiKey).toBe('sk-rolled');
  });

  it('providers: keys and URLs from the Providers secret override the environment', async () => {
    store.secrets.set(
      PROVIDERS,
      JSON.stringify({ musicProviderKey: 'mk', stemsProviderUrl: 'https://stems.example.com' }),
    );
    const settings = await providerSettings({
      PROVIDERS_SECRET_ARN: PROVIDERS,
      MUSIC_PROVIDER_URL: 'https://music.example.com',
      STEMS_PROVIDER_URL: '',
    });
    expect(settings).toMatchObject({
      MUSIC_PROVIDER_URL: 'https://music.example.com',
      MUSIC_PROVIDER_KEY: 'mk',
      STEMS_PROVIDER_URL: 'https://stems.example.com',
    });
    expect(await providerSettings({ MUSIC_PROVIDER_KEY: 'local' })).toEqual({ MUSIC_PROVIDER_KEY: 'local' });
  });

  it("the app origin comes from the Web stack's SSM parameter", async () => {
    const env = readPaymentsEnv({ PUBLIC_APP_URL_PARAMETER: '/five-d/dev/public-app-url' });
    await expect(publicAppOrigin(env)).rejects.toMatchObject({ code: 'PAYMENTS_UNAVAILABLE' });
    store.parameters.set('/five-d/dev/public-app-url', 'https://d111111abcdef8.cloudfront.net');
    clearSecretCache();
    await expect(publicAppOrigin(env)).resolves.toBe('https://d111111abcdef8.cloudfront.net');
  });
});
