import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { beforeAll, describe, expect, it } from 'vitest';
import { functions, type FunctionDefinition } from '../../infra/functions';
import type { RouteDefinition } from '../../infra/routes';
import { synthPlatform } from './synth';

/**
 * Engineers grow infra/functions.ts and infra/routes.ts without touching the stacks: a new entry with
 * bucket grants, pool admin rights and a flag the infra does not know yet must still come out right.
 */
const grown: FunctionDefinition = {
  name: 'geo',
  description: 'geo, grown: reads audio, writes analysis, manages groups',
  audioBucket: 'read',
  analysisBucket: 'readwrite',
  userPoolAdmin: true,
  timeoutSeconds: 29,
  memoryMb: 1024,
  // A flag a later issue may add before the infra implements it.
  ...({ secrets: ['stripe'] } as object),
};
const trigger = functions.find((fn) => fn.name === 'post-confirmation');
const routes: RouteDefinition[] = [
  { method: 'POST', path: '/api/geo/{id}', functionName: 'geo', auth: 'user' },
];

let api: Template;
let data: Template;
let findings: string[];
let warnings: string[];

beforeAll(() => {
  const { app, platform } = synthPlatform(
    { stage: 'dev' },
    { functions: [grown, ...(trigger ? [trigger] : [])], routes },
  );
  api = Template.fromStack(platform.api);
  data = Template.fromStack(platform.data);
  warnings = Annotations.fromStack(platform.api)
    .findWarning('*', Match.stringLikeRegexp('secrets'))
    .map((w) => String(w.entry.data));
  findings = new AwsSolutionsChecks(app)
    .validateScope(app)
    .violations.flatMap((v) => v.violatingResources.map((r) => `${v.ruleName} at ${r.constructPath}`));
});

describe('a catalogue entry added later', () => {
  it('gets its timeout and memory from the catalogue', () => {
    api.hasResourceProperties('AWS::Lambda::Function', {
      Timeout: 29,
      MemorySize: 1024,
      Runtime: 'nodejs24.x',
    });
  });

  it('gets read on one bucket and read-write on the other, object-level, nothing more', () => {
    const policies = JSON.stringify(api.findResources('AWS::IAM::Policy'));
    expect(policies).toContain('s3:GetObject');
    expect(policies).toContain('s3:AbortMultipartUpload');
    expect(policies).not.toContain('s3:*');
    expect(policies).not.toContain('dynamodb:');
    // Only the analysis bucket (readwrite) gets writes: exactly one statement with PutObject.
    expect(policies.match(/s3:PutObject/g)).toHaveLength(1);
  });

  it('gets Cognito group rights on the platform pool only', () => {
    api.hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: {
        Statement: [
          Match.objectLike({
            Action: Match.arrayWith(['cognito-idp:AdminAddUserToGroup']),
            Resource: { 'Fn::ImportValue': Match.stringLikeRegexp('UserPool') },
          }),
        ],
      },
    });
  });

  it('is flagged at synth when it carries a flag the infra does not implement', () => {
    expect(warnings.join('\n')).toContain('secrets');
  });

  it('still synthesizes with no unacknowledged cdk-nag finding', () => {
    expect(findings).toEqual([]);
  });

  it('keeps non-production data deletable (no RETAIN, no deletion protection)', () => {
    data.hasResource('AWS::DynamoDB::GlobalTable', {
      DeletionPolicy: 'Delete',
      Properties: Match.objectLike({ Replicas: [Match.objectLike({ DeletionProtectionEnabled: false })] }),
    });
  });
});

it('refuses a route to a function the Api stack does not build', () => {
  expect(() =>
    synthPlatform(
      {},
      {
        functions: trigger ? [trigger] : [],
        routes: [{ method: 'GET', path: '/api/x', functionName: 'post-confirmation', auth: 'public' }],
      },
    ),
  ).toThrow(/post-confirmation/);
});
