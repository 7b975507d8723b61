import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { StateMachine } from 'aws-local-stepfunctions';

type JSONValue = Parameters<StateMachine['run']>[0];
import { functions, type FunctionDefinition } from '../functions';
import { stateMachineFile, stateMachines, type StateMachineDefinition } from '../state-machines/catalogue';
import { lambdaContext, loadHandler, repoRoot } from './handlers';
import { closeServer, listen, readBody } from './net';
import type { TaskWorkerInput } from './task-worker';
import { awsJsonErrorAnswer, containEmulator } from './containment';

/**
 * The local Step Functions endpoint: the subset of the JSON API our code calls (StartExecution,
 * DescribeExecution; `X-Amz-Target: AWSStepFunctions.<Action>`), running the very ASL files CDK deploys
 * with aws-local-stepfunctions. Each Task state's Resource placeholder is substituted with a Lambda ARN
 * and the state runs the real `lambdas/<name>/handler.ts` in this process. Executions live in memory.
 */

export interface LocalStepFunctions {
  endpoint: string;
  /** ARN of a state machine of infra/state-machines/catalogue.ts. */
  arnOf(name: string): string;
  /** Settles when the execution has finished (tests). */
  waitFor(executionArn: string): Promise<ExecutionRecord>;
  stop(): Promise<void>;
}

export interface StepFunctionsOptions {
  port?: number;
  region?: string;
  /** Shortens every Retry interval to this many ms (tests); absent = the ASL's own intervals. */
  retryIntervalMs?: number;
  quiet?: boolean;
}

type Status = 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'TIMED_OUT' | 'ABORTED';

export interface ExecutionRecord {
  executionArn: string;
  stateMachineArn: string;
  name: string;
  status: Status;
  startDate: number;
  stopDate?: number;
  input: string;
  output?: string;
  error?: string;
  cause?: string;
  done: Promise<void>;
  abort: () => void;
}

const ACCOUNT = '000000000000';

interface LoadedMachine {
  arn: string;
  definition: StateMachineDefinition;
  machine: StateMachine;
  handlers: Record<string, (input: JSONValue) => Promise<JSONValue>>;
  retryStates: string[];
}

type Asl = { States: Record<string, { Type: string; Resource?: string; Retry?: unknown[] }> };

function functionArn(region: string, name: string): string {
  return `arn:aws:lambda:${region}:${ACCOUNT}:function:${name}`;
}

/**
 * Tasks sized for big inputs (the catalogue gives them GBs of memory: the stem split) run on a worker
 * thread, one per invocation like a cold Lambda, and are stopped at the function's timeout as Lambda
 * would; everything else runs in process.
 */
export const HEAVY_TASK_MEMORY_MB = 2048;

export function runOnWorker(
  functionName: string,
  event: JSONValue,
  timeoutSeconds: number,
): Promise<JSONValue> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./task-worker.ts', import.meta.url), {
      workerData: { functionName, event, timeoutSeconds } satisfies TaskWorkerInput,
      // The worker loads TypeScript handlers through tsx, whatever started this process.
      execArgv: ['--import', 'tsx'],
    });
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(
        Object.assign(new Error(`Task timed out after ${timeoutSeconds} seconds`), {
          name: 'Sandbox.Timedout',
        }),
      );
    }, timeoutSeconds * 1000);
    worker.once(
      'message',
      (message: { ok: boolean; result?: JSONValue; name?: string; message?: string }) => {
        clearTimeout(timer);
        void worker.terminate();
        if (message.ok) resolve(message.result ?? null);
        else reject(Object.assign(new Error(message.message), { name: message.name ?? 'Error' }));
      },
    );
    worker.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

function loadMachine(definition: StateMachineDefinition, region: string): LoadedMachine {
  let text = readFileSync(path.join(repoRoot, stateMachineFile(definition.name)), 'utf8');
  for (const [placeholder, fn] of Object.entries(definition.tasks)) {
    text = text.split(`\${${placeholder}}`).join(functionArn(region, fn));
  }
  const unresolved = /\$\{(\w+)\}/.exec(text);
  if (unresolved) throw new Error(`${definition.name}: no function for placeholder ${unresolved[0]}`);
  const asl = JSON.parse(text) as Asl;
  const handlers: LoadedMachine['handlers'] = {};
  const retryStates: string[] = [];
  for (const [stateName, state] of Object.entries(asl.States)) {
    if (state.Retry) retryStates.push(stateName);
    if (state.Type !== 'Task' || !state.Resource) continue;
    const fn = state.Resource.split(':function:')[1]?.split(':')[0];
    if (!fn) throw new Error(`${definition.name}.${stateName}: Resource is not a Lambda function ARN`);
    const catalogued = (functions as readonly FunctionDefinition[]).find((f) => f.name === fn);
    const timeout = catalogued?.timeoutSeconds ?? 30;
    handlers[stateName] =
      (catalogued?.memoryMb ?? 0) >= HEAVY_TASK_MEMORY_MB
        ? (input) => runOnWorker(fn, input, timeout)
        : async (input) => {
            const handler = await loadHandler(fn);
            // Our task handlers return plain JSON objects (what Lambda would serialise).
            return (await handler(input, lambdaContext(fn, randomUUID(), timeout))) as JSONValue;
          };
  }
  // StateMachine's typings want its own definition type; the file was validated by it at construction.
  const machine = new StateMachine(asl as unknown as ConstructorParameters<typeof StateMachine>[0]);
  return {
    arn: `arn:aws:states:${region}:${ACCOUNT}:stateMachine:${definition.name}`,
    definition,
    machine,
    handlers,
    retryStates,
  };
}

class ApiError extends Error {
  constructor(
    readonly type: string,
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

export async function startLocalStepFunctions(
  options: StepFunctionsOptions = {},
): Promise<LocalStepFunctions> {
  const region = options.region ?? process.env.AWS_REGION ?? 'us-east-1';
  const machines = new Map<string, LoadedMachine>();
  for (const definition of stateMachines) {
    const loaded = loadMachine(definition, region);
    machines.set(loaded.arn, loaded);
  }
  const executions = new Map<string, ExecutionRecord>();

  function start(body: { stateMachineArn?: string; name?: string; input?: string }) {
    const loaded = machines.get(body.stateMachineArn ?? '');
    if (!loaded)
      throw new ApiError(
        'StateMachineDoesNotExist',
        `State Machine Does Not Exist: '${body.stateMachineArn}'`,
      );
    const name = body.name ?? randomUUID();
    if (!/^[\w-]{1,80}$/.test(name)) throw new ApiError('InvalidName', `Invalid Name: '${name}'`);
    const inputText = body.input ?? '{}';
    let input: JSONValue;
    try {
      input = JSON.parse(inputText) as JSONValue;
    } catch {
      throw new ApiError('InvalidExecutionInput', 'Invalid State Machine Execution Input');
    }
    const executionArn = `arn:aws:states:${region}:${ACCOUNT}:execution:${loaded.definition.name}:${name}`;
    const existing = executions.get(executionArn);
    if (existing) {
      // Step Functions answers the same execution for a repeated name with the same input.
      if (existing.input === inputText) return existing;
      throw new ApiError('ExecutionAlreadyExists', `Execution Already Exists: '${executionArn}'`);
    }
    const startDate = Date.now() / 1000;
    const run = loaded.machine.run(input, {
      overrides: {
        taskResourceLocalHandlers: loaded.handlers,
        ...(options.retryIntervalMs === undefined
          ? {}
          : {
              retryIntervalOverrides: Object.fromEntries(
                loaded.retryStates.map((s) => [s, options.retryIntervalMs!]),
              ),
            }),
      },
      context: {
        Execution: { Id: executionArn, Name: name, StartTime: new Date(startDate * 1000).toISOString() },
        StateMachine: { Id: loaded.arn, Name: loaded.definition.name },
      },
    });
    const record: ExecutionRecord = {
      executionArn,
      stateMachineArn: loaded.arn,
      name,
      status: 'RUNNING',
      startDate,
      input: inputText,
      abort: run.abort,
      done: run.result.then(
        (output: unknown) => {
          record.status = 'SUCCEEDED';
          record.output = JSON.stringify(output ?? null);
          record.stopDate = Date.now() / 1000;
        },
        (error: unknown) => {
          const err = error as Error & { cause?: Error };
          record.status =
            err.name === 'ExecutionTimeoutError'
              ? 'TIMED_OUT'
              : err.name === 'ExecutionAbortedError'
                ? 'ABORTED'
                : 'FAILED';
          record.error = err.cause?.name ?? err.name;
          record.cause = err.cause?.message ?? err.message;
          record.stopDate = Date.now() / 1000;
          if (!options.quiet && record.status === 'FAILED') {
            console.error(`[sfn] ${name} failed: ${record.error}: ${record.cause}`);
          }
        },
      ),
    };
    executions.set(executionArn, record);
    return record;
  }

  function describe(body: { executionArn?: string }) {
    const record = executions.get(body.executionArn ?? '');
    if (!record)
      throw new ApiError('ExecutionDoesNotExist', `Execution Does Not Exist: '${body.executionArn}'`);
    const { done: _done, abort: _abort, ...view } = record;
    return view;
  }

  const server = http.createServer((req, res) => {
    void (async () => {
      const target = String(req.headers['x-amz-target'] ?? '');
      const body = (await readBody(req)).toString('utf8');
      const reply = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': 'application/x-amz-json-1.0' });
        res.end(JSON.stringify(payload));
      };
      try {
        const parsed = (body ? JSON.parse(body) : {}) as Record<string, string>;
        if (target === 'AWSStepFunctions.StartExecution') {
          const record = start(parsed);
          reply(200, { executionArn: record.executionArn, startDate: record.startDate });
        } else if (target === 'AWSStepFunctions.DescribeExecution') {
          reply(200, describe(parsed));
        } else {
          throw new ApiError(
            'UnknownOperationException',
            `The local Step Functions endpoint does not implement ${target}`,
          );
        }
      } catch (error) {
        const err = error instanceof ApiError ? error : new ApiError('InternalFailure', String(error), 500);
        reply(err.status, { __type: `com.amazonaws.swf.service.v2.model#${err.type}`, message: err.message });
      }
    })();
  });
  containEmulator(server, 'step-functions', awsJsonErrorAnswer('InternalFailure'));
  const port = await listen(server, options.port ?? 0);

  return {
    endpoint: `http://127.0.0.1:${port}`,
    arnOf(name) {
      const found = [...machines.values()].find((m) => m.definition.name === name);
      if (!found) throw new Error(`No state machine ${name}`);
      return found.arn;
    },
    async waitFor(executionArn) {
      const record = executions.get(executionArn);
      if (!record) throw new Error(`No execution ${executionArn}`);
      await record.done;
      return record;
    },
    async stop() {
      for (const record of executions.values()) if (record.status === 'RUNNING') record.abort();
      await closeServer(server);
    },
  };
}
