import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { App } from 'aws-cdk-lib';
import { repoRoot } from '../../infra/constructs/app-function';
import { buildPlatform, settingsFromContext, type Platform } from '../../infra/stacks/platform';

/** A three-file stand-in for web/dist, so the tests need no `npm run build:web` on a fresh clone. */
export const fixtureWebDist = path.join(repoRoot, 'tests/infra/fixtures/web-dist');

/**
 * The CDK app as `cdk synth` builds it (same cdk.json context, same stacks), in-process and with Lambda
 * bundling skipped so a test file synthesizes in a few seconds.
 */
export function synthPlatform(
  extraContext: Record<string, string> = {},
  tables: Parameters<typeof buildPlatform>[3] = {},
): { app: App; platform: Platform } {
  const cdkJson = JSON.parse(readFileSync(path.join(repoRoot, 'cdk.json'), 'utf8')) as {
    context: Record<string, unknown>;
  };
  const app = new App({
    context: { ...cdkJson.context, 'aws:cdk:bundling-stacks': [], ...extraContext },
  });
  const platform = buildPlatform(app, settingsFromContext(app), undefined, {
    webDist: fixtureWebDist,
    ...tables,
  });
  app.synth();
  return { app, platform };
}
