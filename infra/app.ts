import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { repoRoot } from './constructs/app-function';
import { buildPlatform, settingsFromContext } from './stacks/platform';
import { ensureWebBuild } from './web-build';

/**
 * `npx cdk synth` / `npx cdk deploy --all`. Synth is offline: no lookups, the account/region come from
 * the CLI's environment when present (CDK_DEFAULT_*) and stay environment-agnostic otherwise.
 * The Web stack deploys web/dist, built here when it is missing (infra/web-build.ts).
 */
const app = new App();
const account = process.env.CDK_DEFAULT_ACCOUNT;
const region = process.env.CDK_DEFAULT_REGION;
buildPlatform(app, settingsFromContext(app), account && region ? { account, region } : undefined, {
  webDist: ensureWebBuild(repoRoot),
});

// AwsSolutions on every resource; synth fails on any finding that is not acknowledged with a reason.
Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }));

app.synth();
