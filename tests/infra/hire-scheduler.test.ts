import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { functions, type FunctionDefinition } from '../../infra/functions';
import { routes } from '../../infra/routes';
import { synthPlatform } from './synth';

/**
 * Paid hiring (issue 17): one-time EventBridge Scheduler schedules settle a held hire — refund at the
 * delivery deadline, release after the review period — by invoking hire-escrow. Its Scheduler role may
 * invoke exactly that function; only the order functions may create `hire-*` schedules and pass it.
 */
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

function hireRole(): [string, Resource] {
  const roles = Object.entries(api.findResources('AWS::IAM::Role') as Record<string, Resource>).filter(
    ([, role]) =>
      JSON.stringify(role.Properties.AssumeRolePolicyDocument).includes('scheduler.amazonaws.com') &&
      String(role.Properties.Description).includes('hire-escrow'),
  );
  expect(roles).toHaveLength(1);
  return roles[0]!;
}

describe('hire settlement schedules', () => {
  it('hire-escrow is never routed: only its Scheduler role invokes it', () => {
    expect(routes.filter((route) => route.functionName === ('hire-escrow' as never))).toEqual([]);
    const [, role] = hireRole();
    expect(role.Properties.AssumeRolePolicyDocument).toMatchObject({
      Statement: [
        {
          Action: 'sts:AssumeRole',
          Principal: { Service: 'scheduler.amazonaws.com' },
          Condition: { StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } } },
        },
      ],
    });
    const statements = (role.Properties.Policies as { PolicyDocument: { Statement: Statement[] } }[]).flatMap(
      (p) => p.PolicyDocument.Statement,
    );
    expect(statements).toEqual([
      {
        Action: 'lambda:InvokeFunction',
        Effect: 'Allow',
        Resource: { 'Fn::GetAtt': [logicalIdOf('hire-escrow'), 'Arn'] },
      },
    ]);
  });

  it('orders and creator-orders may create hire-* schedules and pass only that role, with its ARNs', () => {
    const [roleId] = hireRole();
    const policies = Object.values(api.findResources('AWS::IAM::Policy') as Record<string, Resource>);
    const scheduling = policies.filter((p) =>
      JSON.stringify(p.Properties.PolicyDocument).includes(':schedule/default/hire-*'),
    );
    const roles = scheduling.flatMap((p) => p.Properties.Roles as { Ref: string }[]).map((r) => r.Ref);
    const roleOf = (name: string) => {
      const fn = (api.findResources('AWS::Lambda::Function') as Record<string, Resource>)[logicalIdOf(name)]!;
      return (fn.Properties.Role as { 'Fn::GetAtt': string[] })['Fn::GetAtt'][0]!;
    };
    expect(roles.sort()).toEqual([roleOf('orders'), roleOf('creator-orders')].sort());
    for (const policy of scheduling) {
      const statements = (policy.Properties.PolicyDocument as { Statement: Statement[] }).Statement;
      expect(statements.find((s) => s.Action === 'iam:PassRole')).toEqual({
        Action: 'iam:PassRole',
        Effect: 'Allow',
        Resource: { 'Fn::GetAtt': [roleId, 'Arn'] },
        Condition: { StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } },
      });
    }
    for (const name of ['orders', 'creator-orders']) {
      const fn = (api.findResources('AWS::Lambda::Function') as Record<string, Resource>)[logicalIdOf(name)]!;
      const variables = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(variables.HIRE_SCHEDULER_ROLE_ARN, name).toEqual({ 'Fn::GetAtt': [roleId, 'Arn'] });
      expect(variables.HIRE_ESCROW_FUNCTION_ARN, name).toEqual({
        'Fn::GetAtt': [logicalIdOf('hire-escrow'), 'Arn'],
      });
    }
  });
});
