import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { functions, type FunctionDefinition } from '../../infra/functions';
import { synthPlatform } from './synth';

/** Attachment deletion through EventBridge Scheduler, and the AI functions' OpenAI secret (issue 6). */
let api: Template;
beforeAll(() => {
  api = Template.fromStack(synthPlatform().platform.api);
});

type Resource = { Properties: Record<string, unknown> };
type Statement = { Action: string | string[]; Resource: unknown; Condition?: unknown; Effect: string };
const defs = functions as readonly FunctionDefinition[];

function logicalIdOf(name: string): string {
  const description = defs.find((d) => d.name === name)!.description;
  const found = Object.entries(api.findResources('AWS::Lambda::Function') as Record<string, Resource>).find(
    ([, fn]) => fn.Properties.Description === description,
  );
  if (!found) throw new Error(`No function ${name}`);
  return found[0];
}

/** The Scheduler role of the attachment schedules (the hire schedules have their own: hire-scheduler.test.ts). */
function schedulerRole(): [string, Resource] {
  const roles = Object.entries(api.findResources('AWS::IAM::Role') as Record<string, Resource>).filter(
    ([, role]) =>
      JSON.stringify(role.Properties.AssumeRolePolicyDocument).includes('scheduler.amazonaws.com') &&
      String(role.Properties.Description).includes('attachment-cleanup'),
  );
  expect(roles).toHaveLength(1);
  return roles[0]!;
}

describe('attachment deletion scheduler role', () => {
  it('is assumed by EventBridge Scheduler of this account only', () => {
    const [, role] = schedulerRole();
    expect(role.Properties.AssumeRolePolicyDocument).toMatchObject({
      Statement: [
        {
          Action: 'sts:AssumeRole',
          Effect: 'Allow',
          Principal: { Service: 'scheduler.amazonaws.com' },
          Condition: { StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } } },
        },
      ],
    });
  });

  it('may do exactly lambda:InvokeFunction on the attachment-cleanup function, nothing else', () => {
    const [roleId, role] = schedulerRole();
    expect(role.Properties.ManagedPolicyArns).toBeUndefined();
    const policies = role.Properties.Policies as { PolicyDocument: { Statement: Statement[] } }[];
    const statements = policies.flatMap((p) => p.PolicyDocument.Statement);
    expect(statements).toEqual([
      {
        Action: 'lambda:InvokeFunction',
        Effect: 'Allow',
        Resource: { 'Fn::GetAtt': [logicalIdOf('attachment-cleanup'), 'Arn'] },
      },
    ]);
    // No other policy is attached to the role.
    const attached = Object.values(api.findResources('AWS::IAM::Policy') as Record<string, Resource>).filter(
      (p) => JSON.stringify(p.Properties.Roles).includes(roleId),
    );
    expect(attached).toHaveLength(0);
  });
});

describe('ai-file-analysis scheduling grants', () => {
  it('may create attachment-* schedules and pass only the scheduler role, only to Scheduler', () => {
    const [roleId] = schedulerRole();
    const policies = Object.values(api.findResources('AWS::IAM::Policy') as Record<string, Resource>);
    const statements = policies.flatMap(
      (p) => (p.Properties.PolicyDocument as { Statement: Statement[] }).Statement,
    );
    const create = statements.filter(
      (s) => s.Action === 'scheduler:CreateSchedule' && JSON.stringify(s.Resource).includes('attachment-'),
    );
    expect(create).toHaveLength(1);
    expect(JSON.stringify(create[0]!.Resource)).toContain(':schedule/default/attachment-*');
    const pass = statements.filter(
      (s) => s.Action === 'iam:PassRole' && JSON.stringify(s.Resource).includes(roleId),
    );
    expect(pass).toEqual([
      {
        Action: 'iam:PassRole',
        Effect: 'Allow',
        Resource: { 'Fn::GetAtt': [roleId, 'Arn'] },
        Condition: { StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } },
      },
    ]);
  });

  it('gets the role and target ARNs in its environment', () => {
    const [roleId] = schedulerRole();
    const fn = (api.findResources('AWS::Lambda::Function') as Record<string, Resource>)[
      logicalIdOf('ai-file-analysis')
    ]!;
    const variables = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(variables.SCHEDULER_ROLE_ARN).toEqual({ 'Fn::GetAtt': [roleId, 'Arn'] });
    expect(variables.CLEANUP_FUNCTION_ARN).toEqual({
      'Fn::GetAtt': [logicalIdOf('attachment-cleanup'), 'Arn'],
    });
  });

  it('attachment-cleanup may only delete objects of the ai-analysis bucket', () => {
    const id = logicalIdOf('attachment-cleanup');
    const fn = (api.findResources('AWS::Lambda::Function') as Record<string, Resource>)[id]!;
    const roleId = (fn.Properties.Role as { 'Fn::GetAtt': string[] })['Fn::GetAtt'][0]!;
    const s3Statements = Object.values(api.findResources('AWS::IAM::Policy') as Record<string, Resource>)
      .filter((p) => JSON.stringify(p.Properties.Roles) === JSON.stringify([{ Ref: roleId }]))
      .flatMap((p) => (p.Properties.PolicyDocument as { Statement: Statement[] }).Statement)
      .filter((s) => JSON.stringify(s.Action).includes('s3:'));
    expect(s3Statements).toHaveLength(1);
    expect(s3Statements[0]!.Action).toBe('s3:DeleteObject');
  });
});

describe('OpenAI secret', () => {
  it('is read by exactly the openaiSecret functions, through OPENAI_SECRET_ARN', () => {
    for (const definition of defs.filter((d) => d.openaiSecret)) {
      const fn = (api.findResources('AWS::Lambda::Function') as Record<string, Resource>)[
        logicalIdOf(definition.name)
      ]!;
      const variables = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(variables.OPENAI_SECRET_ARN, definition.name).toBeDefined();
    }
    const fn = (api.findResources('AWS::Lambda::Function') as Record<string, Resource>)[
      logicalIdOf('daw-integration')
    ]!;
    expect(
      (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables.OPENAI_SECRET_ARN,
    ).toBeUndefined();
  });
});
