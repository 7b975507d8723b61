import { describe, expect, it, inject } from 'vitest';

describe('integration environment', () => {
  it('reaches the test process before handler modules load', async () => {
    const env = inject('platformEnv');
    expect(env.AWS_ENDPOINT_URL_DYNAMODB).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    for (const [name, value] of Object.entries(env)) expect(process.env[name], name).toBe(value);
    const { config } = await import('../../lambdas/_lib/config');
    expect(config.STAGE).toBe('local');
    expect(config.USER_POOL_ID).toBe(env.USER_POOL_ID);
    expect(config.S3_FORCE_PATH_STYLE).toBe(true);
  });
});
