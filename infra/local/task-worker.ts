import { randomUUID } from 'node:crypto';
import { parentPort, workerData } from 'node:worker_threads';
import { lambdaContext, loadHandler } from './handlers';

/**
 * Runs one Lambda handler invocation on a worker thread for the local Step Functions runner, so a
 * CPU-heavy task (the DSP stem split of a long upload) does not stall the emulators and the router that
 * share the main thread. Answers `{ok, result}` or `{ok: false, name, message}`.
 */
export interface TaskWorkerInput {
  functionName: string;
  event: unknown;
  timeoutSeconds: number;
}

const input = workerData as TaskWorkerInput;
try {
  const handler = await loadHandler(input.functionName);
  const result = await handler(
    input.event,
    lambdaContext(input.functionName, randomUUID(), input.timeoutSeconds),
  );
  parentPort?.postMessage({ ok: true, result: result ?? null });
} catch (error) {
  const err = error instanceof Error ? error : new Error(String(error));
  parentPort?.postMessage({ ok: false, name: err.name, message: err.message });
}
