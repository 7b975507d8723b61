import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { functions, type FunctionDefinition } from '../../infra/functions';
import { stateMachines } from '../../infra/state-machines/catalogue';
import { synthPlatform } from './synth';

/** The generate-then-split state machine in the Api stack, and who may start it. */
let api: Template;
beforeAll(() => {
  api = Template.fromStack(synthPlatform().platform.api);
});

type Resource = { Properties: Record<string, unknown> };
const defs = functions as readonly FunctionDefinition[];

function logicalIdOf(description: string): string {
  const found = Object.entries(api.findResources('AWS::Lambda::Function') as Record<string, Resource>).find(
    ([, fn]) => fn.Properties.Description === description,
  );
  if (!found) throw new Error(`No function described '${description}'`);
  return found[0];
}

describe('generate-then-split state machine', () => {
  it('is a Standard machine from the ASL file, logging every event and traced with X-Ray', () => {
    api.resourceCountIs('AWS::StepFunctions::StateMachine', 1);
    api.hasResourceProperties('AWS::StepFunctions::StateMachine', {
      StateMachineType: 'STANDARD',
      TracingConfiguration: { Enabled: true },
      LoggingConfiguration: {
        Level: 'ALL',
        IncludeExecutionData: true,
        Destinations: [{ CloudWatchLogsLogGroup: { LogGroupArn: Match.anyValue() } }],
      },
    });
  });

  it('substitutes each task placeholder with its pipeline function ARN', () => {
    const [machine] = Object.values(
      api.findResources('AWS::StepFunctions::StateMachine') as Record<string, Resource>,
    );
    const substitutions = machine!.Properties.DefinitionSubstitutions as Record<
      string,
      { 'Fn::GetAtt': string[] }
    >;
    const tasks = stateMachines[0].tasks as Record<string, string>;
    expect(Object.keys(substitutions).sort()).toEqual(Object.keys(tasks).sort());
    for (const [placeholder, name] of Object.entries(tasks)) {
      const description = defs.find((d) => d.name === name)!.description;
      expect(substitutions[placeholder]).toEqual({ 'Fn::GetAtt': [logicalIdOf(description), 'Arn'] });
    }
  });

  it('lets the machine invoke the pipeline functions only', () => {
    // The state machine role's policies (other functions may hold async-invoke grants of their own).
    const [machine] = Object.values(
      api.findResources('AWS::StepFunctions::StateMachine') as Record<string, Resource>,
    );
    const roleId = (machine!.Properties.RoleArn as { 'Fn::GetAtt': string[] })['Fn::GetAtt'][0];
    const policies = Object.values(api.findResources('AWS::IAM::Policy') as Record<string, Resource>).filter(
      (p) => JSON.stringify(p.Properties.Roles) === JSON.stringify([{ Ref: roleId }]),
    );
    const invokes = policies.flatMap((p) =>
      (
        (p.Properties.PolicyDocument as { Statement: { Action: unknown; Resource: unknown }[] }).Statement ??
        []
      ).filter((s) => s.Action === 'lambda:InvokeFunction'),
    );
    const targets = new Set(
      invokes
        .flatMap((s) => (Array.isArray(s.Resource) ? s.Resource : [s.Resource]))
        .map((r) => JSON.stringify(r)),
    );
    for (const name of Object.values(stateMachines[0].tasks)) {
      const id = logicalIdOf(defs.find((d) => d.name === name)!.description);
      expect(targets.has(JSON.stringify({ 'Fn::GetAtt': [id, 'Arn'] }))).toBe(true);
    }
    expect(targets.size).toBe(Object.keys(stateMachines[0].tasks).length * 2); // each ARN and ARN:*
  });

  it('gives suno-create-music and neural-stem-splitter its ARN and states:StartExecution', () => {
    const starters = defs.filter((d) => d.stateMachine);
    expect(starters.map((d) => d.name).sort()).toEqual(['neural-stem-splitter', 'suno-create-music']);
    const [machineId] = Object.keys(api.findResources('AWS::StepFunctions::StateMachine'));
    for (const def of starters) {
      api.hasResourceProperties('AWS::Lambda::Function', {
        Description: def.description,
        Environment: { Variables: Match.objectLike({ STATE_MACHINE_ARN: { Ref: machineId } }) },
      });
    }
    api.hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Action: 'states:StartExecution',
            Effect: 'Allow',
            Resource: { Ref: machineId },
          }),
        ]),
      },
    });
  });

  it('sizes the split task within a new account: 3008 MB (8 GiB asked, once the quota allows) and 15 minutes', () => {
    expect(defs.find((d) => d.name === 'pipeline-split')!.memoryMb).toBe(8192);
    api.hasResourceProperties('AWS::Lambda::Function', {
      Description: defs.find((d) => d.name === 'pipeline-split')!.description,
      MemorySize: 3008,
      Timeout: 900,
    });
  });
});
