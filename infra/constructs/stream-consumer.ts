import { Duration, Validations, type RemovalPolicy } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { StreamConsumerDefinition } from '../stream-consumers';

export interface StreamConsumerProps {
  readonly definition: StreamConsumerDefinition;
  readonly function: lambda.IFunction;
  readonly table: dynamodb.ITableV2;
  readonly removalPolicy: RemovalPolicy;
}

/**
 * A Lambda fed by the table's change stream (infra/stream-consumers.ts): the event source mapping with
 * the consumer's filter, batch size and batching window, retries that split a failing batch to isolate a
 * bad record, and an encrypted dead-letter queue for what still fails (its depth and the stream's
 * iterator age are alarmed in the Ops stack). The local twin delivers the same records with the same
 * settings (infra/local/dynamodb-streams.ts).
 */
export class StreamConsumer extends Construct {
  public readonly deadLetterQueue: sqs.Queue;
  public readonly mapping: lambda.EventSourceMapping;

  constructor(scope: Construct, id: string, props: StreamConsumerProps) {
    super(scope, id);
    const { definition, table } = props;
    if (!table.tableStreamArn) throw new Error(`${definition.functionName}: the table has no stream`);
    this.deadLetterQueue = new sqs.Queue(this, 'DeadLetters', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
      removalPolicy: props.removalPolicy,
    });
    Validations.of(this.deadLetterQueue).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason: 'This queue is itself the dead-letter queue of the stream consumer (its depth is alarmed).',
    });
    this.mapping = new lambda.EventSourceMapping(this, 'Mapping', {
      target: props.function,
      eventSourceArn: table.tableStreamArn,
      startingPosition: lambda.StartingPosition.TRIM_HORIZON,
      batchSize: definition.batchSize,
      maxBatchingWindow: Duration.seconds(definition.maxBatchingWindowSeconds),
      retryAttempts: definition.retryAttempts,
      bisectBatchOnError: true,
      reportBatchItemFailures: true,
      // Stream records live 24 h; a stuck batch goes to the dead-letter queue before they expire.
      maxRecordAge: Duration.hours(12),
      onFailure: new SqsDlq(this.deadLetterQueue),
      filters: [lambda.FilterCriteria.filter(definition.filter as unknown as Record<string, unknown>)],
    });
    table.grantStreamRead(props.function);
  }
}
