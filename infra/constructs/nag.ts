import { Stack, Validations } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
// cdk-nag's own formatting of a CloudFormation reference in finding ids (not re-exported by its index).
import { flattenCfnReference } from 'cdk-nag/lib/utils/flatten-cfn-reference';

/**
 * Acknowledges `AwsSolutions-IAM5[Resource::<arn>]` for ARNs (tokens allowed) whose final form cdk-nag
 * reports: a reference to another stack becomes an import only once references are resolved, so the
 * id is computed in a node validation, which runs after that and before the validation plugins.
 */
export function acknowledgeWildcardResources(
  scope: IConstruct,
  policy: IConstruct,
  arns: () => readonly string[],
  reason: string,
): void {
  scope.node.addValidation({
    validate: () => {
      for (const arn of arns()) {
        const finding = flattenCfnReference(Stack.of(policy).resolve(arn));
        Validations.of(policy).acknowledge({ id: `AwsSolutions-IAM5[Resource::${finding}]`, reason });
      }
      return [];
    },
  });
}

export function acknowledgeWildcardActions(
  policy: IConstruct,
  actions: readonly string[],
  reason: string,
): void {
  for (const action of actions) {
    Validations.of(policy).acknowledge({ id: `AwsSolutions-IAM5[Action::${action}]`, reason });
  }
}
