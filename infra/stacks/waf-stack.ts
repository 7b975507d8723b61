import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';

export interface WafStackProps extends StackProps {
  /** Requests per 5 minutes one client address may send to /api/* before WAF blocks it. */
  readonly apiRateLimitPer5Min?: number;
}

/** Default rate-based limit: ~7 requests/s sustained per address on the API. */
export const API_RATE_LIMIT_PER_5_MIN = 2000;

/**
 * The CloudFront web ACL (issue 7). A CLOUDFRONT-scoped ACL must live in us-east-1, so it is its own
 * stack there (`-c waf=true`); the Web stack attaches it to the distribution through a cross-region
 * reference. Rules, in order: AWS IP reputation list, known bad inputs, the common rule set (its
 * 8 KB body-size rule only counts: voice recordings are posted as base64 JSON), and a rate-based rule
 * per client address on /api/*.
 */
export class WafStack extends Stack {
  public readonly webAcl: wafv2.CfnWebACL;

  constructor(scope: Construct, id: string, props: WafStackProps = {}) {
    super(scope, id, props);
    const visibility = (metricName: string): wafv2.CfnWebACL.VisibilityConfigProperty => ({
      cloudWatchMetricsEnabled: true,
      sampledRequestsEnabled: true,
      metricName,
    });
    const managed = (
      priority: number,
      name: string,
      overrides: wafv2.CfnWebACL.RuleActionOverrideProperty[] = [],
    ): wafv2.CfnWebACL.RuleProperty => ({
      name,
      priority,
      overrideAction: { none: {} },
      statement: {
        managedRuleGroupStatement: {
          vendorName: 'AWS',
          name,
          ...(overrides.length ? { ruleActionOverrides: overrides } : {}),
        },
      },
      visibilityConfig: visibility(name),
    });

    this.webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
      name: `${id}-cloudfront`,
      // cfn-lint E3031: a web ACL description allows letters, digits, spaces and = : # @ / - , . only.
      description: '5D managed protections and a per-address rate limit on the API paths',
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility(`${id}-webacl`),
      rules: [
        managed(0, 'AWSManagedRulesAmazonIpReputationList'),
        managed(1, 'AWSManagedRulesKnownBadInputsRuleSet'),
        managed(2, 'AWSManagedRulesCommonRuleSet', [
          { name: 'SizeRestrictions_BODY', actionToUse: { count: {} } },
        ]),
        {
          name: 'ApiRateLimitPerAddress',
          priority: 3,
          action: { block: { customResponse: { responseCode: 429 } } },
          statement: {
            rateBasedStatement: {
              limit: props.apiRateLimitPer5Min ?? API_RATE_LIMIT_PER_5_MIN,
              evaluationWindowSec: 300,
              aggregateKeyType: 'IP',
              scopeDownStatement: {
                byteMatchStatement: {
                  fieldToMatch: { uriPath: {} },
                  positionalConstraint: 'STARTS_WITH',
                  searchString: '/api/',
                  textTransformations: [{ priority: 0, type: 'NONE' }],
                },
              },
            },
          },
          visibilityConfig: visibility('ApiRateLimitPerAddress'),
        },
      ],
    });
    new CfnOutput(this, 'WebAclArn', { value: this.webAcl.attrArn });
  }
}
