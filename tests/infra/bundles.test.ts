import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { App } from 'aws-cdk-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { bundleLambda, lambdaBuildFromContext, METAFILE } from '../../infra/bundling';
import { functionEntry } from '../../infra/functions';
import { packageOf, sizeOf } from '../bench/cold-start/bundles';

/**
 * What a cold start loads, checked on the bundles `cdk deploy` ships (infra/bundling.ts, the same esbuild
 * options): a function bundles only the SDK clients it calls, heavy libraries sit in lazy chunks, and no
 * source maps ship unless asked for. Sizes and times are tests/bench/cold-start's business; this guards
 * the causes without a clock.
 */
const work = mkdtempSync(path.join(tmpdir(), 'bundles-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

interface Built {
  /** Packages (or `lambdas/`, `shared/`) in index.mjs and the chunks it imports statically. */
  atStart: Set<string>;
  /** Packages anywhere in the bundle, lazy chunks included. */
  anywhere: Set<string>;
  files: string[];
}

const built = new Map<string, Built>();
function build(name: string): Built {
  const cached = built.get(name);
  if (cached) return cached;
  const dir = path.join(work, name);
  bundleLambda(functionEntry(name), dir, { sourceMaps: false, metafile: true });
  const meta = JSON.parse(readFileSync(path.join(dir, METAFILE), 'utf8')) as {
    inputs: Record<string, unknown>;
  };
  const result: Built = {
    atStart: new Set(sizeOf(dir).weights.map(([pkg]) => pkg)),
    anywhere: new Set(Object.keys(meta.inputs).map(packageOf)),
    files: readdirSync(dir),
  };
  built.set(name, result);
  return result;
}

describe('Lambda bundles (infra/bundling.ts)', () => {
  it('ship no source maps and no --enable-source-maps by default', () => {
    expect(lambdaBuildFromContext(new App().node)).toEqual({ sourceMaps: false, metafile: false });
    expect(lambdaBuildFromContext(new App({ context: { sourceMaps: 'true' } }).node).sourceMaps).toBe(true);
    expect(build('geo').files.filter((file) => file.endsWith('.map'))).toEqual([]);
  });

  it('a function answering from its own code starts no AWS SDK client', () => {
    const geo = build('geo');
    const clients = (packages: Set<string>) =>
      [...packages].filter((pkg) => pkg.startsWith('@aws-sdk/client-'));
    expect(clients(geo.atStart)).toEqual([]);
    // Only the origin secret's readers (lambdas/_lib/secrets.ts), in a chunk read when the secret is.
    expect(clients(geo.anywhere).sort()).toEqual(['@aws-sdk/client-secrets-manager', '@aws-sdk/client-ssm']);
  });

  it('a DynamoDB-only function bundles neither S3 nor Cognito', () => {
    const profile = build('creator-profile');
    expect(profile.atStart).toContain('@aws-sdk/client-dynamodb');
    expect(profile.anywhere).not.toContain('@aws-sdk/client-s3');
    expect(profile.anywhere).not.toContain('@aws-sdk/client-cognito-identity-provider');
  });

  it("the Stripe webhook checks signatures without loading Stripe's SDK at start", () => {
    const webhook = build('stripe-webhook');
    expect(webhook.atStart).not.toContain('stripe');
    expect(webhook.atStart).not.toContain('@aws-sdk/client-s3');
  });

  it('the MP3 encoder is bundled by the renditions job only, never by the licences API', () => {
    expect(build('beat-renditions').atStart).toContain('@breezystack/lamejs');
    expect(build('licences').anywhere).not.toContain('@breezystack/lamejs');
    expect(build('licences').atStart).not.toContain('pdf-lib');
  });

  it('the assistant loads OpenAI on the first request that calls the model, not at cold start', () => {
    const chatbot = build('chatbot');
    expect(chatbot.anywhere).toContain('openai');
    expect(chatbot.atStart).not.toContain('openai');
  });

  it('the orders functions load the Scheduler client only on the request that schedules a hire settlement', () => {
    for (const name of ['orders', 'creator-orders']) {
      expect(build(name).anywhere).toContain('@aws-sdk/client-scheduler');
      expect(build(name).atStart).not.toContain('@aws-sdk/client-scheduler');
    }
  });
});
