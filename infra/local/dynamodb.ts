import { createHash, randomUUID } from 'node:crypto';
import http, { type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { crc32 } from 'node:zlib';
import dynalite from 'dynalite';
import { tableDefinition } from '../table-definition';
import { STREAM_DRAIN_PATH } from './constants';
import type { ChangedKeys, LocalStreams } from './dynamodb-streams';
import { closeServer, listen, readBody } from './net';
import { awsJsonErrorAnswer, containEmulator } from './containment';

/**
 * DynamoDB API for the local twin: dynalite (in memory or LevelDB on disk) behind a small HTTP front.
 * The front passes every JSON-protocol call through unchanged, except TransactWriteItems and
 * TransactGetItems, which dynalite lacks: those are implemented here with DynamoDB's documented
 * semantics (validation, all-or-nothing, cancellation reasons in action order, isolation).
 *
 * Isolation: a readers/writer lock. Every pass-through call holds it shared (dynalite makes single-item
 * calls atomic by itself); a transaction holds it exclusively, so nobody observes a half-applied
 * transaction and no write slips in between its checks and its writes.
 */

/** DynamoDB attribute values and items as they travel on the wire (JSON protocol). */
type AttributeValue = Record<string, unknown>;
type Item = Record<string, AttributeValue>;
type Json = Record<string, unknown>;

export interface LocalDynamoOptions {
  /** Directory for dynalite's LevelDB files; in memory when absent. */
  path?: string;
  /** Port of the front (the endpoint handed to the SDK); 0 = random. */
  port?: number;
  tableName: string;
  /** The table's change stream (dynalite has none): the keys of every successful write, in order. */
  streams?: LocalStreams;
}

export interface LocalDynamo {
  endpoint: string;
  tableName: string;
  /** What ensureTable found: a table kept from an older definition is rebuilt with every index. */
  table: 'created' | 'kept' | 'rebuilt';
  stop(): Promise<void>;
}

/** Twin-only path of the front: waits until the stream consumers have caught up (tests, seeder). */
export { STREAM_DRAIN_PATH };

const API_PREFIX = 'DynamoDB_20120810.';
const ERROR_PREFIX = 'com.amazonaws.dynamodb.v20120810#';
const MAX_TRANSACTION_ITEMS = 100;
const IDEMPOTENCY_WINDOW_MS = 10 * 60 * 1000;

export class DynamoError extends Error {
  constructor(
    readonly type: string,
    message: string,
    readonly status = 400,
    readonly extra: Json = {},
  ) {
    super(message);
  }
}

/** Readers/writer lock, FIFO, so a waiting transaction is not starved by a stream of single calls. */
export class RwLock {
  private readers = 0;
  private writer = false;
  private readonly queue: { exclusive: boolean; grant: () => void }[] = [];

  async shared<T>(fn: () => Promise<T>): Promise<T> {
    await this.acquire(false);
    try {
      return await fn();
    } finally {
      this.readers -= 1;
      this.pump();
    }
  }

  async exclusive<T>(fn: () => Promise<T>): Promise<T> {
    await this.acquire(true);
    try {
      return await fn();
    } finally {
      this.writer = false;
      this.pump();
    }
  }

  private acquire(exclusive: boolean): Promise<void> {
    return new Promise((grant) => {
      this.queue.push({ exclusive, grant });
      this.pump();
    });
  }

  private pump(): void {
    while (this.queue.length > 0) {
      const next = this.queue[0]!;
      if (next.exclusive) {
        if (this.writer || this.readers > 0) return;
        this.queue.shift();
        this.writer = true;
        next.grant();
        return;
      }
      if (this.writer) return;
      this.queue.shift();
      this.readers += 1;
      next.grant();
    }
  }
}

interface Backend {
  call(operation: string, body: Json): Promise<Json>;
  forward(
    req: IncomingMessage,
    body: Buffer,
  ): Promise<{ status: number; headers: http.OutgoingHttpHeaders; body: Buffer }>;
}

function createBackend(port: number, agent: http.Agent): Backend {
  const send = (headers: http.OutgoingHttpHeaders, body: Buffer) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const request = http.request(
        { host: '127.0.0.1', port, method: 'POST', path: '/', headers, agent },
        (response) => {
          readBody(response).then(
            (data) => resolve({ status: response.statusCode ?? 500, headers: response.headers, body: data }),
            reject,
          );
        },
      );
      request.on('error', reject);
      request.end(body);
    });

  return {
    async call(operation, body) {
      const payload = Buffer.from(JSON.stringify(body));
      const response = await send(
        {
          'content-type': 'application/x-amz-json-1.0',
          'x-amz-target': API_PREFIX + operation,
          // dynalite wants a SigV4-shaped header; it does not check the signature.
          authorization:
            'AWS4-HMAC-SHA256 Credential=local/20200101/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=0',
          'x-amz-date': '20200101T000000Z',
          'content-length': payload.length,
        },
        payload,
      );
      const json = (response.body.length ? JSON.parse(response.body.toString('utf8')) : {}) as Json;
      if (response.status >= 400) {
        const type =
          String(json.__type ?? 'InternalFailure')
            .split('#')
            .pop() ?? 'InternalFailure';
        throw new DynamoError(type, String(json.message ?? json.Message ?? type), response.status);
      }
      return json;
    },
    async forward(req, body) {
      const headers: http.OutgoingHttpHeaders = { ...req.headers, host: `127.0.0.1:${port}` };
      delete headers.connection;
      const response = await send(headers, body);
      const out: http.OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(response.headers)) {
        if (
          value !== undefined &&
          name !== 'connection' &&
          name !== 'keep-alive' &&
          name !== 'transfer-encoding'
        ) {
          out[name] = value;
        }
      }
      out['content-length'] = response.body.length;
      return { status: response.status, headers: out, body: response.body };
    },
  };
}

/** The CreateTable request of the platform table, from the same definition the CDK Data stack uses. */
function createTableRequest(tableName: string): Json {
  const keyTypes = new Map<string, string>([
    [tableDefinition.partitionKey, 'S'],
    [tableDefinition.sortKey, 'S'],
  ]);
  for (const gsi of tableDefinition.globalSecondaryIndexes) {
    keyTypes.set(gsi.partitionKey, 'S');
    keyTypes.set(gsi.sortKey, gsi.sortKeyType ?? 'S');
  }
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [...keyTypes].map(([name, type]) => ({ AttributeName: name, AttributeType: type })),
    KeySchema: [
      { AttributeName: tableDefinition.partitionKey, KeyType: 'HASH' },
      { AttributeName: tableDefinition.sortKey, KeyType: 'RANGE' },
    ],
    GlobalSecondaryIndexes: tableDefinition.globalSecondaryIndexes.map((gsi) => ({
      IndexName: gsi.indexName,
      KeySchema: [
        { AttributeName: gsi.partitionKey, KeyType: 'HASH' },
        { AttributeName: gsi.sortKey, KeyType: 'RANGE' },
      ],
      Projection: { ProjectionType: 'ALL' },
    })),
  };
}

/**
 * Creates the platform table when missing. A table kept in a local data dir from before an index was
 * added is rebuilt with every index (dynalite cannot add one to an existing table): its items are read,
 * the table re-created and the items written back, so `npm start` keeps the local data.
 */
async function ensureTable(backend: Backend, tableName: string): Promise<'created' | 'kept' | 'rebuilt'> {
  const tables = (await backend.call('ListTables', {})) as { TableNames?: string[] };
  if (!tables.TableNames?.includes(tableName)) {
    await backend.call('CreateTable', createTableRequest(tableName));
    return 'created';
  }
  const described = (await backend.call('DescribeTable', { TableName: tableName })) as {
    Table: { GlobalSecondaryIndexes?: { IndexName: string }[] };
  };
  const present = new Set((described.Table.GlobalSecondaryIndexes ?? []).map((gsi) => gsi.IndexName));
  if (tableDefinition.globalSecondaryIndexes.every((gsi) => present.has(gsi.indexName))) return 'kept';
  const items: Item[] = [];
  let startKey: Item | undefined;
  do {
    const page = (await backend.call('Scan', { TableName: tableName, ExclusiveStartKey: startKey })) as {
      Items?: Item[];
      LastEvaluatedKey?: Item;
    };
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  await backend.call('DeleteTable', { TableName: tableName });
  await backend.call('CreateTable', createTableRequest(tableName));
  for (let start = 0; start < items.length; start += 25) {
    const requests = items.slice(start, start + 25).map((item) => ({ PutRequest: { Item: item } }));
    await backend.call('BatchWriteItem', { RequestItems: { [tableName]: requests } });
  }
  return 'rebuilt';
}

type ActionKind = 'Put' | 'Update' | 'Delete' | 'ConditionCheck';
interface TransactAction {
  kind: ActionKind;
  params: Json;
  tableName: string;
  key: Item;
}

/** Implements the two transactional operations on top of single-item dynalite calls. */
export class Transactions {
  private readonly keySchemas = new Map<string, string[]>();
  private readonly tokens = new Map<string, { hash: string; at: number; response: Json }>();

  constructor(
    private readonly backend: Backend,
    private readonly onWritten: (changes: ChangedKeys[]) => void = () => undefined,
  ) {}

  async write(request: Json): Promise<Json> {
    const items = this.checkCount(request.TransactItems);
    const actions: TransactAction[] = [];
    for (const entry of items) {
      const kinds = (['Put', 'Update', 'Delete', 'ConditionCheck'] as const).filter(
        (kind) => entry && typeof entry === 'object' && (entry as Json)[kind] !== undefined,
      );
      if (kinds.length !== 1) {
        throw new DynamoError(
          'ValidationException',
          'TransactItems can only contain one of Check, Put, Update or Delete',
        );
      }
      const kind = kinds[0]!;
      const params = (entry as Json)[kind] as Json;
      if (kind === 'ConditionCheck' && typeof params.ConditionExpression !== 'string') {
        throw new DynamoError('ValidationException', 'ConditionCheck requires a ConditionExpression');
      }
      const tableName = String(params.TableName ?? '');
      const key = kind === 'Put' ? await this.keyOf(tableName, params.Item as Item) : (params.Key as Item);
      if (!key || typeof key !== 'object')
        throw new DynamoError('ValidationException', `${kind} needs a key`);
      actions.push({ kind, params, tableName, key });
    }
    this.checkDistinct(actions);

    const token = typeof request.ClientRequestToken === 'string' ? request.ClientRequestToken : undefined;
    const hash = createHash('sha256').update(JSON.stringify(request.TransactItems)).digest('hex');
    if (token) {
      this.expireTokens();
      const seen = this.tokens.get(token);
      if (seen) {
        if (seen.hash !== hash) {
          throw new DynamoError(
            'IdempotentParameterMismatchException',
            'The request uses the same client token as a previous, but non-identical request.',
          );
        }
        return seen.response;
      }
    }

    const saved: (Item | undefined)[] = [];
    for (const action of actions) saved.push(await this.get(action.tableName, action.key));

    const applied: number[] = [];
    const reasons: Json[] = [];
    let failure: DynamoError | undefined;
    for (const [index, action] of actions.entries()) {
      try {
        await this.apply(action, saved[index]);
        if (action.kind !== 'ConditionCheck') applied.push(index);
        reasons.push({ Code: 'None' });
      } catch (error) {
        if (error instanceof DynamoError && error.type === 'ConditionalCheckFailedException') {
          const reason: Json = { Code: 'ConditionalCheckFailed', Message: 'The conditional request failed' };
          if (action.params.ReturnValuesOnConditionCheckFailure === 'ALL_OLD' && saved[index]) {
            reason.Item = saved[index];
          }
          reasons.push(reason);
        } else {
          failure =
            error instanceof DynamoError ? error : new DynamoError('InternalFailure', String(error), 500);
          break;
        }
      }
    }

    const cancelled = failure !== undefined || reasons.some((reason) => reason.Code !== 'None');
    if (cancelled) {
      // Undo in reverse order: every item goes back to its copy from before the transaction.
      for (const index of applied.reverse()) {
        const action = actions[index]!;
        const before = saved[index];
        if (before) await this.backend.call('PutItem', { TableName: action.tableName, Item: before });
        else await this.backend.call('DeleteItem', { TableName: action.tableName, Key: action.key });
      }
      if (failure) throw failure;
      const codes = reasons.map((reason) => String(reason.Code)).join(', ');
      const message = `Transaction cancelled, please refer cancellation reasons for specific reasons [${codes}]`;
      throw new DynamoError('TransactionCanceledException', message, 400, {
        Message: message,
        CancellationReasons: reasons,
      });
    }

    const response: Json = {};
    if (token) this.tokens.set(token, { hash, at: Date.now(), response });
    this.onWritten(
      actions
        .filter((action) => action.kind !== 'ConditionCheck')
        .map((action) => ({
          eventName: action.kind === 'Delete' ? 'REMOVE' : 'MODIFY',
          keys: action.key as ChangedKeys['keys'],
        })),
    );
    return response;
  }

  async read(request: Json): Promise<Json> {
    const items = this.checkCount(request.TransactItems);
    const gets: (TransactAction & { params: Json })[] = items.map((entry) => {
      const params = (entry as Json | undefined)?.Get as Json | undefined;
      if (!params || Object.keys(entry as Json).length !== 1) {
        throw new DynamoError(
          'ValidationException',
          'TransactItems of TransactGetItems can only contain Get',
        );
      }
      return {
        kind: 'ConditionCheck',
        params,
        tableName: String(params.TableName ?? ''),
        key: params.Key as Item,
      };
    });
    this.checkDistinct(gets);
    const responses: Json[] = [];
    for (const get of gets) {
      const result = await this.backend.call('GetItem', { ...get.params, ConsistentRead: true });
      responses.push(result.Item ? { Item: result.Item } : {});
    }
    return { Responses: responses };
  }

  private checkCount(value: unknown): unknown[] {
    if (!Array.isArray(value) || value.length < 1 || value.length > MAX_TRANSACTION_ITEMS) {
      throw new DynamoError(
        'ValidationException',
        `1 validation error detected: Value at 'transactItems' failed to satisfy constraint: ` +
          `Member must have length less than or equal to ${MAX_TRANSACTION_ITEMS} and greater than or equal to 1`,
      );
    }
    return value;
  }

  private checkDistinct(actions: TransactAction[]): void {
    const seen = new Set<string>();
    for (const action of actions) {
      const id = `${action.tableName}\u0000${canonical(action.key)}`;
      if (seen.has(id)) {
        throw new DynamoError(
          'ValidationException',
          'Transaction request cannot include multiple operations on one item',
        );
      }
      seen.add(id);
    }
  }

  private async keyOf(tableName: string, item: Item | undefined): Promise<Item> {
    if (!item || typeof item !== 'object') throw new DynamoError('ValidationException', 'Put needs an Item');
    let names = this.keySchemas.get(tableName);
    if (!names) {
      const described = (await this.backend.call('DescribeTable', { TableName: tableName })) as {
        Table: { KeySchema: { AttributeName: string }[] };
      };
      names = described.Table.KeySchema.map((entry) => entry.AttributeName);
      this.keySchemas.set(tableName, names);
    }
    const key: Item = {};
    for (const name of names) {
      const value = item[name];
      if (!value) {
        throw new DynamoError(
          'ValidationException',
          'One or more parameter values were invalid: Missing the key ' + name + ' in the item',
        );
      }
      key[name] = value;
    }
    return key;
  }

  private async get(tableName: string, key: Item): Promise<Item | undefined> {
    const result = await this.backend.call('GetItem', {
      TableName: tableName,
      Key: key,
      ConsistentRead: true,
    });
    return result.Item as Item | undefined;
  }

  /** One action as a conditional single-item call; the item is known not to be touched by another action. */
  private async apply(action: TransactAction, before: Item | undefined): Promise<void> {
    const { ReturnValuesOnConditionCheckFailure: _rv, ...params } = action.params;
    switch (action.kind) {
      case 'Put':
        await this.backend.call('PutItem', params);
        return;
      case 'Update':
        await this.backend.call('UpdateItem', params);
        return;
      case 'Delete':
        await this.backend.call('DeleteItem', params);
        return;
      case 'ConditionCheck': {
        // Evaluate the condition without changing anything: write the item back as it is (or delete the
        // absent item), conditionally. We hold the exclusive lock, so "as it is" cannot go stale.
        const common = {
          TableName: action.tableName,
          ConditionExpression: params.ConditionExpression,
          ExpressionAttributeNames: params.ExpressionAttributeNames,
          ExpressionAttributeValues: params.ExpressionAttributeValues,
        };
        if (before) await this.backend.call('PutItem', { ...common, Item: before });
        else await this.backend.call('DeleteItem', { ...common, Key: action.key });
        return;
      }
    }
  }

  private expireTokens(): void {
    const limit = Date.now() - IDEMPOTENCY_WINDOW_MS;
    for (const [token, entry] of this.tokens) if (entry.at < limit) this.tokens.delete(token);
  }
}

const STREAMED_OPERATIONS = new Set(['PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem']);

/** The items a successful single-item or batch write changed in `tableName`, as stream records see them. */
function changedKeys(operation: string, body: Buffer, tableName: string): ChangedKeys[] {
  const request = JSON.parse(body.toString('utf8')) as Json;
  const keyOf = (item: Item): ChangedKeys['keys'] => ({
    [tableDefinition.partitionKey]: item[tableDefinition.partitionKey] as { S: string },
    [tableDefinition.sortKey]: item[tableDefinition.sortKey] as { S: string },
  });
  if (operation === 'BatchWriteItem') {
    const writes = ((request.RequestItems as Record<string, Json[]> | undefined) ?? {})[tableName] ?? [];
    return writes.flatMap((write): ChangedKeys[] => {
      const put = write.PutRequest as { Item?: Item } | undefined;
      const remove = write.DeleteRequest as { Key?: Item } | undefined;
      if (put?.Item) return [{ eventName: 'MODIFY', keys: keyOf(put.Item) }];
      if (remove?.Key) return [{ eventName: 'REMOVE', keys: keyOf(remove.Key) }];
      return [];
    });
  }
  if (request.TableName !== tableName) return [];
  if (operation === 'PutItem') return [{ eventName: 'MODIFY', keys: keyOf(request.Item as Item) }];
  // An UpdateItem or DeleteItem whose condition failed answered 400, so it never gets here.
  return [{ eventName: operation === 'DeleteItem' ? 'REMOVE' : 'MODIFY', keys: keyOf(request.Key as Item) }];
}

/** Key attributes in a stable order, so the same item always gives the same text. */
function canonical(key: Item): string {
  return JSON.stringify(
    Object.keys(key)
      .sort()
      .map((name) => [name, key[name]]),
  );
}

function sendJson(res: ServerResponse, status: number, body: Json): void {
  const data = Buffer.from(JSON.stringify(body));
  res.writeHead(status, {
    'content-type': 'application/x-amz-json-1.0',
    'content-length': data.length,
    'x-amzn-requestid': randomUUID(),
    'x-amz-crc32': String(crc32(data)),
  });
  res.end(data);
}

function sendError(res: ServerResponse, error: DynamoError): void {
  sendJson(res, error.status, { __type: ERROR_PREFIX + error.type, message: error.message, ...error.extra });
}

export async function startLocalDynamo(options: LocalDynamoOptions): Promise<LocalDynamo> {
  const inner = dynalite({
    createTableMs: 0,
    deleteTableMs: 0,
    updateTableMs: 0,
    ...(options.path ? { path: options.path } : {}),
  });
  containEmulator(
    inner,
    'dynamodb',
    awsJsonErrorAnswer('com.amazonaws.dynamodb.v20120810#InternalServerError'),
  );
  const innerPort = await listen(inner, 0);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
  const backend = createBackend(innerPort, agent);
  const streams = options.streams;
  const transactions = new Transactions(backend, (changes) => streams?.publish(changes));
  const lock = new RwLock();
  const table = await ensureTable(backend, options.tableName);

  const front: Server = http.createServer((req, res) => {
    void (async () => {
      if (req.url?.startsWith(STREAM_DRAIN_PATH)) {
        req.resume();
        const stats = streams ? await streams.drain() : { records: 0, batches: 0, deadLettered: 0 };
        sendJson(res, 200, stats as unknown as Json);
        return;
      }
      const body = await readBody(req);
      const target = String(req.headers['x-amz-target'] ?? '');
      const operation = target.startsWith(API_PREFIX) ? target.slice(API_PREFIX.length) : '';
      try {
        if (operation === 'TransactWriteItems' || operation === 'TransactGetItems') {
          let request: Json;
          try {
            request = JSON.parse(body.toString('utf8')) as Json;
          } catch {
            throw new DynamoError(
              'SerializationException',
              'Start of structure or map found where not expected.',
            );
          }
          const result = await lock.exclusive(() =>
            operation === 'TransactWriteItems' ? transactions.write(request) : transactions.read(request),
          );
          sendJson(res, 200, result);
          return;
        }
        const answer = await lock.shared(() => backend.forward(req, body));
        res.writeHead(answer.status, answer.headers);
        res.end(answer.body);
        if (streams && answer.status === 200 && STREAMED_OPERATIONS.has(operation)) {
          streams.publish(changedKeys(operation, body, options.tableName));
        }
      } catch (error) {
        sendError(
          res,
          error instanceof DynamoError ? error : new DynamoError('InternalFailure', String(error), 500),
        );
      }
    })();
  });
  containEmulator(
    front,
    'dynamodb',
    awsJsonErrorAnswer('com.amazonaws.dynamodb.v20120810#InternalServerError'),
  );
  const port = await listen(front, options.port ?? 0);

  return {
    endpoint: `http://127.0.0.1:${port}`,
    tableName: options.tableName,
    table,
    async stop() {
      await closeServer(front);
      agent.destroy();
      await closeServer(inner);
    },
  };
}
