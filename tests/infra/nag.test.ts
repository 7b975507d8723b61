import { Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { beforeAll, expect, it } from 'vitest';
import { synthPlatform } from './synth';

let findings: string[] = [];
let acknowledged: { path: string; id: string; reason: string }[] = [];

function collectAcknowledgements(root: IConstruct): { path: string; id: string; reason: string }[] {
  const out: { path: string; id: string; reason: string }[] = [];
  for (const construct of root.node.findAll()) {
    for (const entry of construct.node.metadata) {
      if (entry.type !== Validations.ACKNOWLEDGED_RULES_METADATA_KEY) continue;
      for (const [id, reason] of Object.entries(entry.data as Record<string, string>)) {
        out.push({ path: construct.node.path, id, reason });
      }
    }
  }
  return out;
}

beforeAll(() => {
  // The default deployment (no custom domain), exactly as `cdk synth` checks it.
  const { app } = synthPlatform();
  const report = new AwsSolutionsChecks(app).validateScope(app);
  findings = report.violations.flatMap((v) =>
    v.violatingResources.map((r) => `${v.severity} ${v.ruleName} at ${r.constructPath}`),
  );
  acknowledged = collectAcknowledgements(app);
});

it('has no unacknowledged AwsSolutions error or warning', () => {
  expect(findings).toEqual([]);
});

it('gives every acknowledgement a written reason', () => {
  console.log(`cdk-nag: ${acknowledged.length} acknowledgements`);
  expect(acknowledged.length).toBeGreaterThan(0);
  for (const ack of acknowledged)
    expect(ack.reason.trim().length, `${ack.id} at ${ack.path}`).toBeGreaterThan(15);
});
