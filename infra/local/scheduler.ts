import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
} from '@aws-sdk/lib-dynamodb';
import { closeServer, listen, readBody } from './net';
import { lambdaContext, loadHandler } from './handlers';
import { awsJsonErrorAnswer, containEmulator } from './containment';

/**
 * The local twin of EventBridge Scheduler: the REST-JSON subset the product uses (CreateSchedule,
 * GetSchedule, DeleteSchedule for one-time `at(...)` schedules with a Lambda target), so the Lambda's
 * code path is the production one (AWS_ENDPOINT_URL_SCHEDULER). Pending schedules are items
 * `SCHEDULE#<group>/<name>` / `META` in the table (GSI1 `SCHEDULES` / `<fire time>` lists them), so a
 * restart loses none: on start they are reloaded and overdue ones fire at once. A target function is
 * the real handler of `lambdas/<function name>/handler.ts`.
 */
export interface LocalSchedulerOptions {
  dynamoEndpoint: string;
  tableName: string;
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
  port?: number;
  quiet?: boolean;
  /** How a target is invoked (default: the real handler by function name). */
  invoke?: (functionName: string, input: unknown) => Promise<unknown>;
}

export interface LocalScheduler {
  endpoint: string;
  /** ARN the twin resolves back to `lambdas/<name>/handler.ts`. */
  functionArn(name: string): string;
  roleArn: string;
  /** Names of schedules with a timer armed in this process. */
  armed(): string[];
  stop(): Promise<void>;
}

interface StoredSchedule {
  PK: string;
  SK: 'META';
  GSI1PK: 'SCHEDULES';
  GSI1SK: string;
  type: 'schedule';
  name: string;
  group: string;
  arn: string;
  expression: string;
  timezone: string;
  fireAt: number;
  target: { Arn: string; RoleArn: string; Input?: string };
  actionAfterCompletion: 'DELETE' | 'NONE';
  state: 'ENABLED' | 'DISABLED';
  createdAt: number;
}

const ACCOUNT = '000000000000';
const NAME = /^[0-9a-zA-Z-_.]{1,64}$/;

class SchedulerError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

/** `at(2026-01-01T10:00:00)` in the given IANA zone (only UTC and fixed offsets are needed here). */
export function parseAtExpression(expression: string, timezone = 'UTC'): number {
  const match = /^at\((\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})\)$/.exec(expression);
  if (!match)
    throw new SchedulerError(
      400,
      'ValidationException',
      `Invalid Schedule Expression ${expression}. The local scheduler supports one-time at(...) schedules.`,
    );
  if (timezone !== 'UTC' && timezone !== 'Etc/UTC') {
    throw new SchedulerError(
      400,
      'ValidationException',
      `The local scheduler supports the UTC time zone only (got ${timezone}).`,
    );
  }
  return Date.parse(`${match[1]}Z`);
}

function functionNameOf(arn: string): string {
  const match = /^arn:aws[\w-]*:lambda:[\w-]+:\d{12}:function:([\w-]+)(?::[\w$-]+)?$/.exec(arn);
  if (!match)
    throw new SchedulerError(400, 'ValidationException', `Target ${arn} is not a Lambda function ARN.`);
  return match[1]!;
}

export async function startLocalScheduler(options: LocalSchedulerOptions): Promise<LocalScheduler> {
  const log = (line: string) => {
    if (!options.quiet) console.log(`[scheduler] ${line}`);
  };
  const db = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: options.dynamoEndpoint,
      region: options.region,
      credentials: options.credentials,
    }),
    { marshallOptions: { removeUndefinedValues: true } },
  );
  const table = options.tableName;
  const timers = new Map<string, NodeJS.Timeout>();
  let stopped = false;
  const invoke =
    options.invoke ??
    (async (functionName: string, input: unknown) => {
      const handler = await loadHandler(functionName);
      return handler(input, lambdaContext(functionName, randomUUID()));
    });

  const keyOf = (group: string, name: string) => ({ PK: `SCHEDULE#${group}/${name}`, SK: 'META' as const });

  async function fire(item: StoredSchedule, attempt = 0): Promise<void> {
    timers.delete(item.PK);
    if (stopped) return;
    const functionName = functionNameOf(item.target.Arn);
    try {
      const input: unknown = item.target.Input ? JSON.parse(item.target.Input) : {};
      await invoke(functionName, input);
      log(`${item.name} → ${functionName} done`);
    } catch (error) {
      if (attempt < 3 && !stopped) {
        log(`${item.name} → ${functionName} failed (${(error as Error).message}); retry ${attempt + 1}`);
        timers.set(
          item.PK,
          setTimeout(() => void fire(item, attempt + 1), 1000 * 2 ** attempt),
        );
        return;
      }
      log(`${item.name} → ${functionName} failed for good: ${(error as Error).message}`);
    }
    if (stopped) return;
    // One-time schedules run once; ActionAfterCompletion DELETE removes them, NONE keeps them (unarmed).
    if (item.actionAfterCompletion === 'DELETE')
      await db.send(new DeleteCommand({ TableName: table, Key: keyOf(item.group, item.name) }));
    else await db.send(new PutCommand({ TableName: table, Item: { ...item, GSI1PK: 'SCHEDULES#DONE' } }));
  }

  function arm(item: StoredSchedule): void {
    const existing = timers.get(item.PK);
    if (existing) clearTimeout(existing);
    if (item.state !== 'ENABLED') return;
    // setTimeout caps at ~24.8 days; re-arm long waits in steps.
    const delay = Math.max(0, item.fireAt - Date.now());
    const step = Math.min(delay, 2 ** 31 - 1);
    const timer = setTimeout(() => (step < delay ? arm(item) : void fire(item)), step);
    timer.unref?.();
    timers.set(item.PK, timer);
  }

  async function create(group: string, name: string, body: Record<string, unknown>): Promise<unknown> {
    if (!NAME.test(name)) throw new SchedulerError(400, 'ValidationException', 'Invalid schedule name.');
    const target = body.Target as StoredSchedule['target'] | undefined;
    if (!target?.Arn || !target.RoleArn)
      throw new SchedulerError(400, 'ValidationException', 'Target.Arn and Target.RoleArn are required.');
    functionNameOf(target.Arn);
    if (!(body.FlexibleTimeWindow as { Mode?: string } | undefined)?.Mode) {
      throw new SchedulerError(400, 'ValidationException', 'FlexibleTimeWindow is required.');
    }
    const expression = String(body.ScheduleExpression ?? '');
    const timezone = String(body.ScheduleExpressionTimezone ?? 'UTC');
    const fireAt = parseAtExpression(expression, timezone);
    const arn = `arn:aws:scheduler:${options.region}:${ACCOUNT}:schedule/${group}/${name}`;
    const item: StoredSchedule = {
      ...keyOf(group, name),
      GSI1PK: 'SCHEDULES',
      GSI1SK: `${new Date(fireAt).toISOString()}#${name}`,
      type: 'schedule',
      name,
      group,
      arn,
      expression,
      timezone,
      fireAt,
      target: {
        Arn: target.Arn,
        RoleArn: target.RoleArn,
        ...(target.Input !== undefined ? { Input: target.Input } : {}),
      },
      actionAfterCompletion: body.ActionAfterCompletion === 'DELETE' ? 'DELETE' : 'NONE',
      state: body.State === 'DISABLED' ? 'DISABLED' : 'ENABLED',
      createdAt: Date.now(),
    };
    try {
      await db.send(
        new PutCommand({ TableName: table, Item: item, ConditionExpression: 'attribute_not_exists(PK)' }),
      );
    } catch (error) {
      if ((error as { name?: string }).name === 'ConditionalCheckFailedException') {
        throw new SchedulerError(409, 'ConflictException', `Schedule ${name} already exists.`);
      }
      throw error;
    }
    arm(item);
    log(`${name} created, fires at ${new Date(fireAt).toISOString()}`);
    return { ScheduleArn: arn };
  }

  async function load(group: string, name: string): Promise<StoredSchedule> {
    const { Item } = await db.send(
      new GetCommand({ TableName: table, Key: keyOf(group, name), ConsistentRead: true }),
    );
    if (!Item || Item.type !== 'schedule')
      throw new SchedulerError(404, 'ResourceNotFoundException', `Schedule ${name} does not exist.`);
    return Item as StoredSchedule;
  }

  async function handle(req: http.IncomingMessage): Promise<{ status: number; body: unknown }> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const match = /^\/schedules\/([^/]+)$/.exec(url.pathname);
    if (!match)
      throw new SchedulerError(
        404,
        'UnknownOperationException',
        `Not supported by the local scheduler: ${req.method} ${url.pathname}`,
      );
    const name = decodeURIComponent(match[1]!);
    const text = (await readBody(req)).toString('utf8');
    const body = (text ? JSON.parse(text) : {}) as Record<string, unknown>;
    const group = url.searchParams.get('groupName') ?? (body.GroupName as string | undefined) ?? 'default';
    if (req.method === 'POST') return { status: 200, body: await create(group, name, body) };
    if (req.method === 'GET') {
      const item = await load(group, name);
      return {
        status: 200,
        body: {
          Arn: item.arn,
          Name: item.name,
          GroupName: item.group,
          ScheduleExpression: item.expression,
          ScheduleExpressionTimezone: item.timezone,
          State: item.state,
          ActionAfterCompletion: item.actionAfterCompletion,
          FlexibleTimeWindow: { Mode: 'OFF' },
          Target: item.target,
          CreationDate: item.createdAt / 1000,
        },
      };
    }
    if (req.method === 'DELETE') {
      const item = await load(group, name);
      const timer = timers.get(item.PK);
      if (timer) clearTimeout(timer);
      timers.delete(item.PK);
      await db.send(new DeleteCommand({ TableName: table, Key: keyOf(group, name) }));
      return { status: 200, body: {} };
    }
    throw new SchedulerError(405, 'UnknownOperationException', `Not supported: ${req.method}`);
  }

  const server = http.createServer((req, res) => {
    handle(req).then(
      ({ status, body }) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      },
      (error: unknown) => {
        const known = error instanceof SchedulerError;
        const status = known ? error.status : 500;
        const type = known ? error.type : 'InternalServerException';
        res.writeHead(status, { 'content-type': 'application/json', 'x-amzn-errortype': type });
        res.end(JSON.stringify({ Message: (error as Error).message }));
      },
    );
  });
  containEmulator(server, 'scheduler', awsJsonErrorAnswer('InternalServerException'));
  const port = await listen(server, options.port ?? 0);

  // Reload what an earlier run left pending; overdue ones fire now.
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: table,
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :p',
        ExpressionAttributeValues: { ':p': 'SCHEDULES' },
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of (page.Items ?? []) as StoredSchedule[]) arm(item);
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  if (timers.size > 0) log(`reloaded ${timers.size} pending schedule(s)`);

  return {
    endpoint: `http://127.0.0.1:${port}`,
    functionArn: (name) => `arn:aws:lambda:${options.region}:${ACCOUNT}:function:${name}`,
    roleArn: `arn:aws:iam::${ACCOUNT}:role/local-scheduler-invoke`,
    armed: () => [...timers.keys()].map((pk) => pk.slice(pk.indexOf('/') + 1)),
    stop: async () => {
      stopped = true;
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      await closeServer(server);
      db.destroy();
    },
  };
}
