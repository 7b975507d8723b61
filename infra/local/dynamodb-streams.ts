import { Worker } from 'node:worker_threads';
import type { DynamoDBStreamEvent, DynamoDBRecord } from 'aws-lambda';
import { functions, type FunctionDefinition } from '../functions';
import { matchesStreamFilter, type StreamConsumerDefinition } from '../stream-consumers';

/**
 * DynamoDB Streams for the local twin: dynalite has no streams, so the DynamoDB front reports every
 * successful write (its keys) here, and each consumer of infra/stream-consumers.ts gets those records the
 * way Lambda's event source mapping delivers them: keys-only stream records, filtered by the same
 * pattern, in write order, up to `batchSize` per invocation after a short batching window. A batch that
 * throws, or reports `batchItemFailures`, is retried from the first failed record `retryAttempts` times;
 * then its records are dropped to the "dead-letter queue" (logged and counted), as in AWS. Each
 * consumer runs on its own worker thread (infra/local/stream-worker.ts), kept between batches.
 */

export interface ChangedKeys {
  eventName: 'INSERT' | 'MODIFY' | 'REMOVE';
  /** Key attributes in DynamoDB JSON ({ PK: { S: '…' }, SK: { S: '…' } }). */
  keys: Record<string, { S: string }>;
}

export interface StreamStats {
  records: number;
  batches: number;
  deadLettered: number;
}

export interface LocalStreams {
  /** Called by the DynamoDB front after each successful write. */
  publish(changes: readonly ChangedKeys[]): void;
  /** Resolves once every record published so far has been delivered (or dead-lettered). */
  drain(): Promise<StreamStats>;
  stop(): Promise<void>;
}

interface Options {
  consumers: readonly StreamConsumerDefinition[];
  region: string;
  tableName: string;
  quiet?: boolean;
  /** Scales the batching window and retry back-off (tests use small values). */
  timeScale?: number;
}

type BatchResult = { batchItemFailures?: { itemIdentifier: string }[] } | null;

/** One consumer's warm worker: invocations in order, answers matched by id. */
class ConsumerWorker {
  private worker: Worker | undefined;
  private next = 0;
  private readonly waiting = new Map<
    number,
    { resolve: (value: BatchResult) => void; reject: (error: Error) => void }
  >();

  constructor(
    private readonly functionName: string,
    private readonly timeoutSeconds: number,
  ) {}

  invoke(event: DynamoDBStreamEvent): Promise<BatchResult> {
    // Started on first use: the platform's environment (endpoints, table) is set by then.
    const worker = (this.worker ??= this.start());
    const id = (this.next += 1);
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      worker.postMessage({ id, functionName: this.functionName, event, timeoutSeconds: this.timeoutSeconds });
    });
  }

  private start(): Worker {
    const worker = new Worker(new URL('./stream-worker.ts', import.meta.url), {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env },
    });
    worker.on(
      'message',
      (message: { id: number; ok: boolean; result?: BatchResult; name?: string; message?: string }) => {
        const waiter = this.waiting.get(message.id);
        this.waiting.delete(message.id);
        if (message.ok) waiter?.resolve(message.result ?? null);
        else waiter?.reject(Object.assign(new Error(message.message), { name: message.name ?? 'Error' }));
      },
    );
    worker.on('error', (error) => {
      for (const waiter of this.waiting.values()) waiter.reject(error);
      this.waiting.clear();
      this.worker = undefined;
    });
    worker.unref();
    return worker;
  }

  async stop(): Promise<void> {
    await this.worker?.terminate();
    this.worker = undefined;
  }
}

export function startLocalStreams(options: Options): LocalStreams {
  let sequence = 0;
  const streamArn = `arn:aws:dynamodb:${options.region}:000000000000:table/${options.tableName}/stream/local`;
  const scale = options.timeScale ?? 1;
  const pumps = options.consumers.map((consumer) => {
    const queue: DynamoDBRecord[] = [];
    const stats: StreamStats = { records: 0, batches: 0, deadLettered: 0 };
    let running: Promise<void> | undefined;
    let stopped = false;
    let waiters: (() => void)[] = [];
    const definition = (functions as readonly FunctionDefinition[]).find(
      (fn) => fn.name === consumer.functionName,
    );
    const worker = new ConsumerWorker(consumer.functionName, definition?.timeoutSeconds ?? 60);

    const settle = () => {
      if (queue.length > 0 || running) return;
      const done = waiters;
      waiters = [];
      for (const resolve of done) resolve();
    };

    async function deliver(batch: DynamoDBRecord[]): Promise<void> {
      let pending = batch;
      for (let attempt = 0; pending.length > 0; attempt += 1) {
        let failedFrom: number;
        try {
          const result = await worker.invoke({ Records: pending });
          const failed = new Set((result?.batchItemFailures ?? []).map((failure) => failure.itemIdentifier));
          failedFrom = pending.findIndex((record) => failed.has(record.dynamodb?.SequenceNumber ?? ''));
          if (failedFrom < 0) return;
        } catch (error) {
          if (!options.quiet) console.error(`[streams] ${consumer.functionName} failed:`, error);
          failedFrom = 0;
        }
        pending = pending.slice(failedFrom);
        if (attempt >= consumer.retryAttempts) {
          stats.deadLettered += pending.length;
          console.error(
            `[streams] ${consumer.functionName}: ${pending.length} record(s) to the dead-letter queue after ${attempt + 1} attempts`,
          );
          return;
        }
        await sleep(Math.min(2000, 50 * 2 ** attempt) * scale);
      }
    }

    function pump(): void {
      if (running || stopped || queue.length === 0) return;
      running = (async () => {
        // The batching window: gather a little more unless a full batch is already waiting.
        if (queue.length < consumer.batchSize)
          await sleep(Math.min(50, consumer.maxBatchingWindowSeconds * 1000) * scale);
        while (queue.length > 0 && !stopped) {
          const batch = queue.splice(0, consumer.batchSize);
          stats.batches += 1;
          await deliver(batch);
        }
      })()
        .catch((error: unknown) => console.error(`[streams] ${consumer.functionName}:`, error))
        .finally(() => {
          running = undefined;
          if (queue.length > 0) pump();
          else settle();
        });
    }

    return {
      consumer,
      stats,
      offer(record: DynamoDBRecord) {
        const keys = record.dynamodb?.Keys as Record<string, unknown>;
        if (!matchesStreamFilter(consumer.filter, keys)) return;
        queue.push(record);
        stats.records += 1;
        pump();
      },
      drained(): Promise<void> {
        if (queue.length === 0 && !running) return Promise.resolve();
        return new Promise((resolve) => waiters.push(resolve));
      },
      async stop() {
        stopped = true;
        queue.length = 0;
        await running;
        await worker.stop();
      },
    };
  });

  return {
    publish(changes) {
      const now = Math.floor(Date.now() / 1000);
      for (const change of changes) {
        sequence += 1;
        const record: DynamoDBRecord = {
          eventID: `local-${sequence}`,
          eventName: change.eventName,
          eventVersion: '1.1',
          eventSource: 'aws:dynamodb',
          awsRegion: options.region,
          eventSourceARN: streamArn,
          dynamodb: {
            ApproximateCreationDateTime: now,
            Keys: change.keys,
            SequenceNumber: String(sequence).padStart(21, '0'),
            SizeBytes: JSON.stringify(change.keys).length,
            StreamViewType: 'KEYS_ONLY',
          },
        };
        for (const pump of pumps) pump.offer(record);
      }
    },
    async drain() {
      // Consumers may write records for one another: drain until nothing moves.
      for (;;) {
        const before = pumps.reduce((sum, pump) => sum + pump.stats.records, 0);
        await Promise.all(pumps.map((pump) => pump.drained()));
        if (pumps.reduce((sum, pump) => sum + pump.stats.records, 0) === before) break;
      }
      return pumps.reduce<StreamStats>(
        (sum, pump) => ({
          records: sum.records + pump.stats.records,
          batches: sum.batches + pump.stats.batches,
          deadLettered: sum.deadLettered + pump.stats.deadLettered,
        }),
        { records: 0, batches: 0, deadLettered: 0 },
      );
    },
    async stop() {
      await Promise.all(pumps.map((pump) => pump.stop()));
    },
  };
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
