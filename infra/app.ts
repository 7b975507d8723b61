import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { buildPlatform, settingsFromContext } from './stacks/platform';

/**
 * `npx cdk synth` / `npx cdk deploy --all`. Synth is offline: no lookups, the account/region come from
 * the CLI's environment when present (CDK_DEFAULT_*) and stay environment-agnostic otherwise.
 * Build the web app first (`npm run build:web`) so the Web stack deploys it; without web/dist only
 * /config.json is deployed.
 */
const app = new App();
const account = process.env.CDK_DEFAULT_ACCOUNT;
const region = process.env.CDK_DEFAULT_REGION;
buildPlatform(app, settingsFromContext(app), account && region ? { account, region } : undefined);

// AwsSolutions on every resource; synth fails on any finding that is not acknowledged with a reason.
Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }));

app.synth();
