import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RemovalPolicy } from 'aws-cdk-lib';
import { Annotations, Duration, Stack, Validations } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { LAMBDA_HANDLER, lambdaBuildEnvironment, lambdaBuildFromContext, lambdaCode } from '../bundling';
import { asyncTargetVariable, functionEntry, type FunctionDefinition } from '../functions';
import { tableDefinition } from '../table-definition';
import { acknowledgeWildcardResources } from './nag';

const tableReadActions = [
  'dynamodb:GetItem',
  'dynamodb:BatchGetItem',
  'dynamodb:Query',
  'dynamodb:ConditionCheckItem',
  'dynamodb:DescribeTable',
];
const tableWriteActions = [
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
];
const bucketReadActions = ['s3:ListBucket'];
const bucketWriteActions = ['s3:ListBucketMultipartUploads'];
const objectReadActions = ['s3:GetObject'];
const objectWriteActions = [
  's3:PutObject',
  's3:DeleteObject',
  's3:AbortMultipartUpload',
  's3:ListMultipartUploadParts',
];

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Catalogue flags this construct knows how to honour; anything else is reported at synth. */
const knownFlags = new Set<string>([
  'name',
  'description',
  'table',
  'audioBucket',
  'analysisBucket',
  'userPoolAdmin',
  'cognitoTrigger',
  'stripeSecret',
  'timeoutSeconds',
  'memoryMb',
  'reservedConcurrency',
  // Honoured by the Api stack, which builds the state machines (infra/constructs/state-machine.ts).
  'stateMachine',
  'pipelineTask',
  'openaiSecret',
  'musicProvider',
  'stemsProvider',
  // Honoured by the Api stack, which builds the attachment-deletion scheduler role.
  'schedulesAttachmentDeletion',
  'schedulerTarget',
  'schedulesHireSettlement',
  'hireSettlementTarget',
  'invokesAsync',
  'asyncTarget',
  // Honoured by the Api stack, which builds the event source mapping (infra/constructs/stream-consumer.ts).
  'streamConsumer',
]);

/** The Cognito admin calls a `userPoolAdmin` function may make: role-group management only. */
export const userPoolAdminActions = [
  'cognito-idp:AdminAddUserToGroup',
  'cognito-idp:AdminRemoveUserFromGroup',
  'cognito-idp:AdminListGroupsForUser',
  'cognito-idp:AdminGetUser',
];

export interface AppFunctionResources {
  readonly table: ITableV2;
  readonly audioBucket: IBucket;
  readonly analysisBucket: IBucket;
  /**
   * Pool ARN for `userPoolAdmin` functions. A trigger of the pool cannot have it yet (the pool needs the
   * function first): its stack calls `grantUserPoolAdmin` after creating the pool. Either way the grant
   * is a separate IAM policy the function does not depend on, so there is no pool ↔ function cycle and
   * the grant stays scoped to the one pool (no `userpool/*` wildcard).
   */
  readonly userPoolArn?: string;
  /** Omitted for the pool's own triggers (they read the pool id from the event). */
  readonly userPoolId?: string;
  /** The web app client: open routes verify an optional ID token against it (lambdas/_lib/auth.ts). */
  readonly userPoolClientId?: string;
  /** Secrets Manager JSON `{ secretKey, webhookSecret }`, for `stripeSecret` functions. */
  readonly stripeSecret?: secretsmanager.ISecret;
  /** Secrets Manager JSON `{ apiKey }`, for `openaiSecret` functions. */
  readonly openaiSecret?: secretsmanager.ISecret;
  /**
   * SSM parameter holding the web app's public https origin (Stripe return URLs); the Web stack writes it
   * from the distribution (or the custom domain), so no deployed function carries a default.
   */
  readonly publicAppUrlParameter?: string;
  /** Secrets Manager JSON `{ musicProviderKey?, stemsProviderKey?, …Url? }`, for provider functions. */
  readonly providersSecret?: secretsmanager.ISecret;
  /** Provider endpoints from context (`-c musicProviderUrl=…`); the Providers secret may override them. */
  readonly musicProviderUrl?: string;
  readonly stemsProviderUrl?: string;
}

export interface AppFunctionProps {
  readonly definition: FunctionDefinition;
  readonly resources: AppFunctionResources;
  readonly logRetention: logs.RetentionDays;
  readonly removalPolicy: RemovalPolicy;
  /**
   * What the account allows (infra/stacks/settings.ts): memory above `maxMemoryMb` is capped with a synth
   * warning, and the catalogue's `reservedConcurrency` applies only when `reservedConcurrency` is on.
   */
  readonly limits?: { readonly maxMemoryMb: number; readonly reservedConcurrency: boolean };
}

/**
 * One Lambda of the catalogue with every platform default: Node 24 on arm64, esbuild ESM bundle
 * (infra/bundling.ts), its own log group with retention, X-Ray tracing, and exactly the grants it declares.
 */
export class AppFunction extends Construct {
  public readonly function: lambda.Function;
  public readonly logGroup: logs.LogGroup;
  public readonly definition: FunctionDefinition;
  private userPoolAdminPolicy?: iam.Policy;
  private readonly asyncTargets = new Set<string>();

  constructor(scope: Construct, id: string, props: AppFunctionProps) {
    super(scope, id);
    const { definition, resources } = props;
    this.definition = definition;
    const build = lambdaBuildFromContext(this.node);

    this.logGroup = new logs.LogGroup(this, 'Logs', {
      retention: props.logRetention,
      removalPolicy: props.removalPolicy,
    });

    const environment: Record<string, string> = {
      TABLE_NAME: resources.table.tableName,
      AUDIO_BUCKET: resources.audioBucket.bucketName,
      ANALYSIS_BUCKET: resources.analysisBucket.bucketName,
      STAGE: 'cloud',
      ...lambdaBuildEnvironment(build),
    };
    if (resources.userPoolId) {
      environment.USER_POOL_ID = resources.userPoolId;
      environment.COGNITO_ISSUER = `https://cognito-idp.${Stack.of(this).region}.amazonaws.com/${resources.userPoolId}`;
    }
    if (resources.userPoolClientId) environment.USER_POOL_CLIENT_ID = resources.userPoolClientId;
    if (definition.openaiSecret) {
      if (!resources.openaiSecret)
        throw new Error(`${definition.name}: openaiSecret needs the OpenAI secret`);
      environment.OPENAI_SECRET_ARN = resources.openaiSecret.secretArn;
    }
    if (definition.stripeSecret) {
      if (!resources.stripeSecret)
        throw new Error(`${definition.name}: stripeSecret needs the Stripe secret`);
      environment.STRIPE_SECRET_ARN = resources.stripeSecret.secretArn;
      if (!resources.publicAppUrlParameter)
        throw new Error(`${definition.name}: stripeSecret needs the public app URL parameter`);
      environment.PUBLIC_APP_URL_PARAMETER = resources.publicAppUrlParameter;
    }
    if (definition.musicProvider || definition.stemsProvider) {
      if (!resources.providersSecret)
        throw new Error(`${definition.name}: musicProvider/stemsProvider needs the Providers secret`);
      environment.PROVIDERS_SECRET_ARN = resources.providersSecret.secretArn;
      if (definition.musicProvider && resources.musicProviderUrl)
        environment.MUSIC_PROVIDER_URL = resources.musicProviderUrl;
      if (definition.stemsProvider && resources.stemsProviderUrl)
        environment.STEMS_PROVIDER_URL = resources.stemsProviderUrl;
    }

    this.function = new lambda.Function(this, 'Function', {
      description: definition.description,
      code: lambdaCode(functionEntry(definition.name), build),
      handler: LAMBDA_HANDLER,
      runtime: lambda.Runtime.NODEJS_24_X,
      architecture: lambda.Architecture.ARM_64,
      timeout: Duration.seconds(definition.timeoutSeconds ?? 10),
      memorySize: this.memoryMb(definition, props.limits),
      // Costly functions get a ceiling (issue 7) when ops turn it on: a burst cannot starve the rest of
      // the account. Off by default, since a new account has no unreserved concurrency to spare.
      ...(definition.reservedConcurrency !== undefined && props.limits?.reservedConcurrency
        ? { reservedConcurrentExecutions: definition.reservedConcurrency }
        : {}),
      tracing: lambda.Tracing.ACTIVE,
      logGroup: this.logGroup,
      environment,
    });

    this.grantDeclaredAccess(definition, resources);
    this.reportUnknownFlags(definition);
    this.wireAsyncInvokes(scope);

    Validations.of(this.function).acknowledge({
      id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      reason: 'AWS managed basic execution role: only lets the function write its own CloudWatch logs.',
    });
  }

  private memoryMb(definition: FunctionDefinition, limits: AppFunctionProps['limits']): number {
    const wanted = definition.memoryMb ?? 512;
    if (!limits || wanted <= limits.maxMemoryMb) return wanted;
    Annotations.of(this).addWarningV2(
      'five-d:memory-capped',
      `${definition.name}: ${wanted} MB asked, ${limits.maxMemoryMb} MB given (raise the Lambda memory quota, then -c maxFunctionMemoryMb=${wanted})`,
    );
    return limits.maxMemoryMb;
  }

  private grantDeclaredAccess(definition: FunctionDefinition, resources: AppFunctionResources): void {
    const fn = this.function;
    const table = resources.table;
    if (definition.table) {
      // The table and each GSI by name (from infra/table-definition.ts), never `index/*`.
      fn.addToRolePolicy(
        new iam.PolicyStatement({
          actions:
            definition.table === 'read' ? tableReadActions : [...tableReadActions, ...tableWriteActions],
          resources: [
            table.tableArn,
            ...tableDefinition.globalSecondaryIndexes.map(
              (index) => `${table.tableArn}/index/${index.indexName}`,
            ),
          ],
        }),
      );
    }
    if (definition.stripeSecret && resources.stripeSecret) resources.stripeSecret.grantRead(fn);
    if (definition.openaiSecret && resources.openaiSecret) resources.openaiSecret.grantRead(fn);
    if ((definition.musicProvider || definition.stemsProvider) && resources.providersSecret)
      resources.providersSecret.grantRead(fn);
    if (definition.stripeSecret && resources.publicAppUrlParameter) {
      fn.addToRolePolicy(
        new iam.PolicyStatement({
          actions: ['ssm:GetParameter'],
          resources: [
            Stack.of(this).formatArn({
              service: 'ssm',
              resource: 'parameter',
              resourceName: resources.publicAppUrlParameter.replace(/^\//, ''),
            }),
          ],
        }),
      );
    }
    const objectArns: string[] = [];
    for (const [access, bucket] of [
      [definition.audioBucket, resources.audioBucket],
      [definition.analysisBucket, resources.analysisBucket],
    ] as const) {
      if (!access) continue;
      const objects = bucket.arnForObjects('*');
      objectArns.push(objects);
      if (access === 'delete') {
        fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['s3:DeleteObject'], resources: [objects] }));
        continue;
      }
      fn.addToRolePolicy(
        new iam.PolicyStatement({
          actions: access === 'read' ? bucketReadActions : [...bucketReadActions, ...bucketWriteActions],
          resources: [bucket.bucketArn],
        }),
      );
      fn.addToRolePolicy(
        new iam.PolicyStatement({
          actions: access === 'read' ? objectReadActions : [...objectReadActions, ...objectWriteActions],
          resources: [objects],
        }),
      );
    }

    const defaultPolicy = fn.role?.node.tryFindChild('DefaultPolicy');
    if (defaultPolicy) {
      Validations.of(defaultPolicy).acknowledge({
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason: 'X-Ray PutTraceSegments/PutTelemetryRecords support no resource-level permissions.',
      });
      // Object keys are per user and per upload, so object grants are `<bucket>/*` of our own buckets.
      acknowledgeWildcardResources(
        this,
        defaultPolicy,
        () => objectArns,
        'Object-level grant on one of our own buckets, as declared in infra/functions.ts.',
      );
    }

    if (definition.userPoolAdmin) {
      if (resources.userPoolArn) this.grantUserPoolAdmin(resources.userPoolArn);
      // A trigger of the pool gets its grant once the pool exists; synth fails if nobody makes it.
      this.node.addValidation({
        validate: () =>
          this.userPoolAdminPolicy
            ? []
            : [`${definition.name} declares userPoolAdmin but has no user pool grant`],
      });
    }
  }

  /** Cognito admin calls on one pool, in a policy of its own so the function never depends on it. */
  public grantUserPoolAdmin(userPoolArn: string): void {
    if (this.userPoolAdminPolicy) return;
    this.userPoolAdminPolicy = new iam.Policy(this, 'UserPoolAdmin', {
      roles: this.function.role ? [this.function.role] : [],
      statements: [new iam.PolicyStatement({ actions: userPoolAdminActions, resources: [userPoolArn] })],
    });
  }

  /**
   * `invokesAsync` between catalogue functions of the same stack, whichever of the two is built first:
   * the caller may invoke exactly the target (its ARN, no wildcard) and finds its name in the environment.
   */
  private wireAsyncInvokes(scope: Construct): void {
    for (const sibling of scope.node.children) {
      if (!(sibling instanceof AppFunction) || sibling === this) continue;
      if (this.definition.invokesAsync?.includes(sibling.definition.name)) this.allowAsyncInvoke(sibling);
      if (sibling.definition.invokesAsync?.includes(this.definition.name)) sibling.allowAsyncInvoke(this);
    }
    const wanted = this.definition.invokesAsync ?? [];
    if (wanted.length > 0) {
      this.node.addValidation({
        validate: () =>
          wanted
            .filter((name) => !this.asyncTargets.has(name))
            .map((name) => `${this.definition.name} invokes ${name}, which is not built in the same stack`),
      });
    }
  }

  private allowAsyncInvoke(target: AppFunction): void {
    const name = target.definition.name;
    if (this.asyncTargets.has(name)) return;
    this.asyncTargets.add(name);
    this.function.addEnvironment(asyncTargetVariable(name), target.function.functionName);
    this.function.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['lambda:InvokeFunction'],
        resources: [target.function.functionArn],
      }),
    );
  }

  private reportUnknownFlags(definition: FunctionDefinition): void {
    const unknown = Object.keys(definition).filter((key) => !knownFlags.has(key));
    if (unknown.length > 0) {
      Annotations.of(this).addWarningV2(
        'five-d:unknown-function-flag',
        `${definition.name}: catalogue flags ${unknown.join(', ')} are not implemented by AppFunction; no grant made`,
      );
    }
  }
}
