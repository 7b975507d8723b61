import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { App } from 'aws-cdk-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../infra/constructs/app-function';
import { ORIGIN_HEADER } from '../../infra/constructs/origin-secret';
import { functions } from '../../infra/functions';
import { routes } from '../../infra/routes';
import { buildPlatform, settingsFromContext } from '../../infra/stacks/platform';
import { NEW_ACCOUNT_MAX_MEMORY_MB } from '../../infra/stacks/settings';
import { fixtureWebDist } from './synth';

/**
 * Deploy readiness on a fresh AWS account (issue 15), on the templates as `cdk synth` writes them, in
 * the two contexts ops use: the default one, and `-c waf=true -c stage=prod` with a (dummy) account and
 * region. Every template must pass cfn-lint with zero errors, and none may carry a known deploy breaker.
 */
type Resource = {
  Type: string;
  Properties?: Record<string, unknown>;
  DeletionPolicy?: string;
  UpdateReplacePolicy?: string;
};
type Template = { Resources: Record<string, Resource> };
interface Synthesized {
  dir: string;
  templates: Map<string, Template>;
}

const CFN_LINT_INSTALL = 'pip install cfn-lint  (or: pipx install cfn-lint)';
const contexts = {
  default: {},
  'waf + prod': { waf: 'true', stage: 'prod' },
} as const;

/** Properties that give a resource a fixed physical name (a retained one blocks any re-create). */
const PHYSICAL_NAMES = [
  'LogGroupName',
  'BucketName',
  'TableName',
  'UserPoolName',
  'QueueName',
  'TopicName',
  'FunctionName',
  'StateMachineName',
  'RoleName',
  'AliasName',
  'Name',
];

function synthesize(context: Record<string, string>, withEnv: boolean): Synthesized {
  const cdkJson = JSON.parse(readFileSync(path.join(repoRoot, 'cdk.json'), 'utf8')) as {
    context: Record<string, unknown>;
  };
  const dir = mkdtempSync(path.join(tmpdir(), '5d-cfn-'));
  const app = new App({
    outdir: dir,
    context: { ...cdkJson.context, 'aws:cdk:bundling-stacks': [], ...context },
  });
  buildPlatform(
    app,
    settingsFromContext(app),
    withEnv ? { account: '123456789012', region: 'sa-east-1' } : undefined,
    { webDist: fixtureWebDist },
  );
  app.synth();
  const templates = new Map<string, Template>();
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.template.json')))
    templates.set(file, JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Template);
  return { dir, templates };
}

const synthesized = new Map<string, Synthesized>();
const resourcesOf = (name: keyof typeof contexts) =>
  [...synthesized.get(name)!.templates.entries()].flatMap(([file, template]) =>
    Object.entries(template.Resources).map(([id, resource]) => ({ file, id, resource })),
  );

beforeAll(() => {
  synthesized.set('default', synthesize(contexts.default, false));
  synthesized.set('waf + prod', synthesize(contexts['waf + prod'], true));
});
afterAll(() => {
  for (const { dir } of synthesized.values()) rmSync(dir, { recursive: true, force: true });
});

function cfnLintAvailable(): boolean {
  return spawnSync('cfn-lint', ['--version'], { encoding: 'utf8' }).status === 0;
}

describe.each(Object.keys(contexts) as (keyof typeof contexts)[])('cdk synth (%s context)', (name) => {
  it('passes cfn-lint with zero errors on every template', () => {
    if (!cfnLintAvailable()) {
      const message = `cfn-lint is not installed: ${CFN_LINT_INSTALL} (.ci/run installs it)`;
      console.warn(message);
      if (process.env.CI === 'true') throw new Error(message);
      return;
    }
    const { dir, templates } = synthesized.get(name)!;
    const files = [...templates.keys()].map((file) => path.join(dir, file));
    const lint = spawnSync(
      'cfn-lint',
      ['--format', 'json', '--regions', 'us-east-1', 'sa-east-1', '--', ...files],
      { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
    );
    const matches = JSON.parse(lint.stdout || '[]') as {
      Level: string;
      Rule: { Id: string };
      Message: string;
      Filename: string;
      Location: { Path: (string | number)[] };
    }[];
    const errors = matches
      .filter((match) => match.Level === 'Error')
      .map((m) => `${m.Rule.Id} ${path.basename(m.Filename)} ${m.Location.Path.join('/')}: ${m.Message}`);
    const warnings = matches.filter((match) => match.Level === 'Warning').length;
    console.log(
      `cfn-lint (${name}): ${files.length} templates, ${errors.length} errors, ${warnings} warnings`,
    );
    expect(lint.stderr.trim(), 'cfn-lint ran').not.toMatch(/Traceback|usage:/);
    expect(errors).toEqual([]);
  });

  it('has no localhost anywhere in any template', () => {
    for (const [file, template] of synthesized.get(name)!.templates)
      expect(JSON.stringify(template), file).not.toMatch(/localhost|127\.0\.0\.1/);
  });

  it('retains no resource with a fixed physical name (a failed first deploy can be retried)', () => {
    const fixed = resourcesOf(name)
      .filter(
        ({ resource }) => resource.DeletionPolicy === 'Retain' || resource.UpdateReplacePolicy === 'Retain',
      )
      .flatMap(({ file, id, resource }) =>
        PHYSICAL_NAMES.filter((key) => resource.Properties?.[key] !== undefined).map(
          (key) => `${file} ${id} ${resource.Type}.${key}`,
        ),
      );
    expect(fixed).toEqual([]);
  });

  it('encrypts the alarm topic with a customer-managed key CloudWatch may use', () => {
    const ops = [...synthesized.get(name)!.templates.entries()].find(([file]) => file.includes('-Ops'))![1];
    const topics = Object.values(ops.Resources).filter((r) => r.Type === 'AWS::SNS::Topic');
    expect(topics).toHaveLength(1);
    const keyId = (topics[0]!.Properties!.KmsMasterKeyId as { 'Fn::GetAtt': [string, string] })[
      'Fn::GetAtt'
    ][0];
    const key = ops.Resources[keyId]!;
    expect(key.Type).toBe('AWS::KMS::Key');
    const statements = (key.Properties!.KeyPolicy as { Statement: Record<string, unknown>[] }).Statement;
    expect(statements).toContainEqual(
      expect.objectContaining({
        Effect: 'Allow',
        Principal: { Service: 'cloudwatch.amazonaws.com' },
        Action: expect.arrayContaining(['kms:Decrypt', 'kms:GenerateDataKey*']),
      }),
    );
  });

  it('lets in only CloudFront: every routed function checks the origin header the distribution adds', () => {
    const routed = new Set(routes.map((route) => route.functionName));
    const all = resourcesOf(name);
    const lambdas = all.filter(
      ({ file, resource }) => file.includes('-Api') && resource.Type === 'AWS::Lambda::Function',
    );
    const byDescription = new Map(
      lambdas.map(({ resource }) => [resource.Properties!.Description, resource]),
    );
    for (const fn of functions.filter((definition) => routed.has(definition.name))) {
      const env = (byDescription.get(fn.description)?.Properties?.Environment as { Variables: object })
        ?.Variables;
      expect(env, fn.name).toHaveProperty('ORIGIN_SECRET_ARN');
    }
    const distribution = all.find(({ resource }) => resource.Type === 'AWS::CloudFront::Distribution')!;
    const origins = (
      distribution.resource.Properties!.DistributionConfig as { Origins: Record<string, unknown>[] }
    ).Origins;
    const api = origins.find((origin) => origin.CustomOriginConfig !== undefined)!;
    const header = (api.OriginCustomHeaders as { HeaderName: string; HeaderValue: unknown }[]).find(
      (h) => h.HeaderName === ORIGIN_HEADER,
    );
    // A dynamic reference to the origin secret, resolved by CloudFormation: never the value itself.
    expect(JSON.stringify(header?.HeaderValue)).toContain('{{resolve:secretsmanager:');
    const rotation = all.filter(({ resource }) => resource.Type === 'AWS::SecretsManager::RotationSchedule');
    expect(rotation).toHaveLength(1);
  });

  it('gives no deployed function a localhost default: Stripe return URLs come from the SSM parameter', () => {
    const all = resourcesOf(name);
    const parameter = all.find(({ resource }) => resource.Type === 'AWS::SSM::Parameter')!;
    const stage = name === 'default' ? 'dev' : 'prod';
    expect(parameter.resource.Properties!.Name).toBe(`/five-d/${stage}/public-app-url`);
    expect(JSON.stringify(parameter.resource.Properties!.Value)).toContain('DomainName');
    for (const { resource } of all.filter(({ resource }) => resource.Type === 'AWS::Lambda::Function')) {
      const variables = (resource.Properties!.Environment as { Variables?: Record<string, unknown> })
        ?.Variables;
      if (variables && 'STRIPE_SECRET_ARN' in variables)
        expect(variables.PUBLIC_APP_URL_PARAMETER).toBe(`/five-d/${stage}/public-app-url`);
    }
  });
});

describe('safe defaults for a new account', () => {
  it('default stage is dev: nothing retained, no deletion protection', () => {
    const files = [...synthesized.get('default')!.templates.keys()];
    expect(files.every((file) => file.startsWith('FiveD-dev-'))).toBe(true);
    const retained = resourcesOf('default').filter(({ resource }) => resource.DeletionPolicy === 'Retain');
    expect(retained.map(({ id }) => id)).toEqual([]);
    expect(JSON.stringify([...synthesized.get('default')!.templates.values()])).not.toMatch(
      /"DeletionProtectionEnabled":true|"DeletionProtection":"ACTIVE"/,
    );
  });

  it('prod is explicit and keeps its data: table, buckets and user pool retained and deletion-protected', () => {
    const prod = resourcesOf('waf + prod');
    for (const type of ['AWS::DynamoDB::GlobalTable', 'AWS::S3::Bucket', 'AWS::Cognito::UserPool'])
      for (const { resource } of prod.filter(({ resource }) => resource.Type === type))
        expect(resource.DeletionPolicy, type).toBe('Retain');
    const serialized = JSON.stringify([...synthesized.get('waf + prod')!.templates.values()]);
    expect(serialized).toContain('"DeletionProtectionEnabled":true');
    expect(serialized).toContain('"DeletionProtection":"ACTIVE"');
    expect([...synthesized.get('waf + prod')!.templates.keys()]).toContain('FiveD-prod-Waf.template.json');
  });

  it(`reserves no concurrency and gives no function more than ${NEW_ACCOUNT_MAX_MEMORY_MB} MB`, () => {
    for (const name of Object.keys(contexts) as (keyof typeof contexts)[]) {
      for (const { id, resource } of resourcesOf(name).filter(
        (r) => r.resource.Type === 'AWS::Lambda::Function',
      )) {
        expect(resource.Properties, id).not.toHaveProperty('ReservedConcurrentExecutions');
        expect(Number(resource.Properties!.MemorySize ?? 128), id).toBeLessThanOrEqual(
          NEW_ACCOUNT_MAX_MEMORY_MB,
        );
      }
    }
  });

  it('applies the catalogue ceilings and memory once ops ask for them by context', () => {
    const raised = synthesize({ reservedConcurrency: 'true', maxFunctionMemoryMb: '10240' }, false);
    try {
      const api = [...raised.templates.entries()].find(([file]) => file.includes('-Api'))![1];
      const lambdas = Object.values(api.Resources).filter((r) => r.Type === 'AWS::Lambda::Function');
      for (const fn of functions.filter((definition) => 'reservedConcurrency' in definition)) {
        const built = lambdas.find((r) => r.Properties!.Description === fn.description);
        expect(built?.Properties?.ReservedConcurrentExecutions, fn.name).toBe(
          (fn as { reservedConcurrency: number }).reservedConcurrency,
        );
      }
      const split = lambdas.find((r) =>
        String(r.Properties!.Description).startsWith('Pipeline task: exact stems'),
      );
      expect(split?.Properties?.MemorySize).toBe(8192);
    } finally {
      rmSync(raised.dir, { recursive: true, force: true });
    }
  });

  it('stops a synth with a clear message on a bad context value', () => {
    const settingsOf = (context: Record<string, string>) => settingsFromContext(new App({ context }));
    expect(() => settingsOf({ stage: 'Prod!' })).toThrow(/-c stage=/);
    expect(() => settingsOf({ publicAppUrl: 'http://localhost:5173' })).toThrow(/-c publicAppUrl=/);
    expect(() => settingsOf({ maxFunctionMemoryMb: '20000' })).toThrow(/-c maxFunctionMemoryMb=/);
    expect(() => settingsOf({ domainName: 'app.example.com' })).toThrow(/certificateArn/);
    expect(() => settingsOf({ sesFromAddress: 'nobody' })).toThrow(/-c sesFromAddress=/);
    expect(settingsOf({})).toMatchObject({ stage: 'dev', retainData: false, reservedConcurrency: false });
  });
});
