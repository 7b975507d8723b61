import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { asyncTargetVariable, functions, type FunctionDefinition } from '../../infra/functions';
import { routes } from '../../infra/routes';
import { synthPlatform } from './synth';

/**
 * Background jobs started with asynchronous invokes (`invokesAsync`): licences → licence-stems-zip, and
 * projects / licences → beat-renditions.
 */
let api: Template;
beforeAll(() => {
  api = Template.fromStack(synthPlatform().platform.api);
});

type Resource = { Properties: Record<string, unknown> };
const defs = functions as readonly FunctionDefinition[];

function logicalIdOf(name: string): string {
  const description = defs.find((d) => d.name === name)!.description;
  const found = Object.entries(api.findResources('AWS::Lambda::Function') as Record<string, Resource>).find(
    ([, fn]) => fn.Properties.Description === description,
  );
  if (!found) throw new Error(`No function ${name}`);
  return found[0];
}

describe('async invokes between catalogue functions', () => {
  const pairs = defs.flatMap((d) => (d.invokesAsync ?? []).map((target) => [d.name, target] as const));

  it('the licences function starts the stems ZIP job, an unrouted async target sized for its streamed build', () => {
    expect(pairs).toContainEqual(['licences', 'licence-stems-zip']);
    for (const [, target] of pairs) {
      expect(defs.find((d) => d.name === target)?.asyncTarget).toBe(true);
      expect(routes.some((r) => r.functionName === target)).toBe(false);
    }
    // The ZIP streams (peak ~370 MB for a 10-minute master): 2 GiB for a full vCPU, not the 3008 MB the
    // in-memory build needed.
    const lambdas = api.findResources('AWS::Lambda::Function') as Record<string, Resource>;
    expect(lambdas[logicalIdOf('licence-stems-zip')]!.Properties).toMatchObject({
      MemorySize: 2048,
      Timeout: 600,
    });
  });

  it('publishing a beat and asking for its files start the renditions job, a 2 GiB unrouted async target', () => {
    expect(pairs).toContainEqual(['projects', 'beat-renditions']);
    expect(pairs).toContainEqual(['licences', 'beat-renditions']);
    const lambdas = api.findResources('AWS::Lambda::Function') as Record<string, Resource>;
    const job = lambdas[logicalIdOf('beat-renditions')]!.Properties;
    expect(job).toMatchObject({ MemorySize: 2048, Timeout: 300 });
    // Nothing else may start it: only the two callers get its name.
    const holders = Object.entries(lambdas)
      .filter(([, fn]) =>
        Object.keys(
          (fn.Properties.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables ?? {},
        ).includes(asyncTargetVariable('beat-renditions')),
      )
      .map(([id]) => id)
      .sort();
    expect(holders).toEqual([logicalIdOf('licences'), logicalIdOf('projects')].sort());
  });

  it("gives the caller the target's name and lambda:InvokeFunction on exactly its ARN", () => {
    const lambdas = api.findResources('AWS::Lambda::Function') as Record<string, Resource>;
    const policies = Object.values(api.findResources('AWS::IAM::Policy') as Record<string, Resource>);
    for (const [caller, target] of pairs) {
      const callerId = logicalIdOf(caller);
      const targetId = logicalIdOf(target);
      const variables = (lambdas[callerId]!.Properties.Environment as { Variables: Record<string, unknown> })
        .Variables;
      expect(variables[asyncTargetVariable(target)]).toEqual({ Ref: targetId });
      const roleId = (lambdas[callerId]!.Properties.Role as { 'Fn::GetAtt': string[] })['Fn::GetAtt'][0];
      const statements = policies
        .filter((p) =>
          (p.Properties.Roles as unknown[]).some(
            (r) => JSON.stringify(r) === JSON.stringify({ Ref: roleId }),
          ),
        )
        .flatMap(
          (p) =>
            (p.Properties.PolicyDocument as { Statement: { Action: unknown; Resource: unknown }[] })
              .Statement,
        )
        .filter((s) => s.Action === 'lambda:InvokeFunction');
      // The licences function starts two jobs: one statement each, or both ARNs in one.
      expect(statements.flatMap((s) => [s.Resource].flat())).toContainEqual({
        'Fn::GetAtt': [targetId, 'Arn'],
      });
      for (const resource of statements.flatMap((s) => [s.Resource].flat())) {
        const allowed = pairs.filter(([c]) => c === caller).map(([, t]) => logicalIdOf(t));
        expect(allowed.map((id) => ({ 'Fn::GetAtt': [id, 'Arn'] }))).toContainEqual(resource);
      }
    }
  });
});
