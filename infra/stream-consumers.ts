import type { FunctionName } from './functions';

/**
 * Lambda functions fed by the table's change stream (DynamoDB Streams, keys only), each with the event
 * source mapping settings and the filter that picks its records. Read by the CDK Api stack (the event
 * source mappings, their dead-letter queues and alarms) and by the local twin (infra/local/
 * dynamodb-streams.ts delivers the same records to the same handler with the same settings).
 */
export interface StreamFilterPattern {
  readonly dynamodb: {
    readonly Keys: Readonly<
      Record<string, { readonly S: readonly (string | { readonly prefix: string })[] }>
    >;
  };
}

export interface StreamConsumerDefinition {
  readonly functionName: FunctionName;
  /** Records per invocation (Lambda allows up to 10,000 for DynamoDB streams). */
  readonly batchSize: number;
  /** How long Lambda gathers records before invoking with fewer than batchSize. */
  readonly maxBatchingWindowSeconds: number;
  /** Retries of a failing batch before its records go to the dead-letter queue. */
  readonly retryAttempts: number;
  /** Lambda event filtering (the only records the function is invoked with). */
  readonly filter: StreamFilterPattern;
}

export const streamConsumers: readonly StreamConsumerDefinition[] = [
  {
    // Every change of a beat (its META item) re-indexes that beat in the catalogue (issue 16).
    functionName: 'catalogue-indexer',
    batchSize: 1000,
    maxBatchingWindowSeconds: 1,
    retryAttempts: 5,
    filter: { dynamodb: { Keys: { PK: { S: [{ prefix: 'PROJECT#' }] }, SK: { S: ['META'] } } } },
  },
];

/** Whether a record's keys match a filter pattern (the subset of Lambda event filtering used here). */
export function matchesStreamFilter(pattern: StreamFilterPattern, keys: Record<string, unknown>): boolean {
  return Object.entries(pattern.dynamodb.Keys).every(([name, rule]) => {
    const value = (keys[name] as { S?: unknown } | undefined)?.S;
    if (typeof value !== 'string') return false;
    return rule.S.some((allowed) =>
      typeof allowed === 'string' ? value === allowed : value.startsWith(allowed.prefix),
    );
  });
}
