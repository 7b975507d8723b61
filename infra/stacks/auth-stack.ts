import { Stack, type StackProps } from 'aws-cdk-lib';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { AppFunction } from '../constructs/app-function';
import { UserDirectory } from '../constructs/user-directory';
import type { FunctionDefinition } from '../functions';
import { functionLimitsOf, logRetentionOf, removalPolicyOf, type PlatformSettings } from './settings';

export interface AuthStackProps extends StackProps {
  readonly settings: PlatformSettings;
  /** The catalogue entries wired as Cognito triggers (`cognitoTrigger` set). */
  readonly triggerFunctions: readonly FunctionDefinition[];
  readonly table: dynamodb.ITableV2;
  readonly audioBucket: s3.IBucket;
  readonly analysisBucket: s3.IBucket;
  readonly stripeSecret: secretsmanager.ISecret;
}

/**
 * Identity: the user pool, its groups and web client, and the catalogue's Cognito triggers. The
 * triggers live here (not in the Api stack) because the pool needs them and the API needs the pool.
 */
export class AuthStack extends Stack {
  public readonly userPool: cognito.UserPool;
  public readonly webClient: cognito.UserPoolClient;
  /** The trigger functions by catalogue name (the Ops stack alarms on them like on the Api stack's). */
  public readonly functions: ReadonlyMap<string, AppFunction>;

  constructor(scope: Construct, id: string, props: AuthStackProps) {
    super(scope, id, props);
    const triggers = new Map<string, AppFunction>();
    const functions = new Map<string, AppFunction>();
    for (const definition of props.triggerFunctions) {
      functions.set(
        definition.name,
        new AppFunction(this, `Fn-${definition.name}`, {
          definition,
          resources: {
            table: props.table,
            audioBucket: props.audioBucket,
            analysisBucket: props.analysisBucket,
          },
          logRetention: logRetentionOf(props.settings),
          removalPolicy: removalPolicyOf(props.settings),
          limits: functionLimitsOf(props.settings),
        }),
      );
      triggers.set(definition.cognitoTrigger ?? definition.name, functions.get(definition.name)!);
    }
    this.functions = functions;

    const postConfirmation = triggers.get('postConfirmation');
    const directory = new UserDirectory(this, 'Users', {
      retain: props.settings.retainData,
      postConfirmation: postConfirmation?.function,
      sesFromAddress: props.settings.sesFromAddress,
      sesRegion: props.settings.sesRegion,
    });
    this.userPool = directory.userPool;
    this.webClient = directory.webClient;

    // Admin grants for triggers are added only now that the pool exists, as separate policies the
    // functions do not depend on (see AppFunctionResources.userPoolArn): no pool ↔ function cycle.
    for (const definition of props.triggerFunctions) {
      if (!definition.userPoolAdmin) continue;
      triggers
        .get(definition.cognitoTrigger ?? definition.name)
        ?.grantUserPoolAdmin(this.userPool.userPoolArn);
    }
  }
}
