import { parentPort } from 'node:worker_threads';
import { lambdaContext, loadHandler } from './handlers';

/**
 * A stream consumer's handler on its own worker thread (infra/local/dynamodb-streams.ts): it keeps
 * running between batches, like a warm Lambda container, so indexing a big batch of beats does not
 * stall the emulators and the router on the main thread. Messages: `{id, functionName, event}` in,
 * `{id, ok, result}` or `{id, ok: false, name, message}` out.
 */
interface Invocation {
  id: number;
  functionName: string;
  event: unknown;
  timeoutSeconds: number;
}

parentPort?.on('message', (invocation: Invocation) => {
  void (async () => {
    try {
      const handler = await loadHandler(invocation.functionName);
      const context = lambdaContext(
        invocation.functionName,
        `stream-${invocation.id}`,
        invocation.timeoutSeconds,
      );
      const result = await handler(invocation.event, context);
      parentPort?.postMessage({ id: invocation.id, ok: true, result: result ?? null });
    } catch (error) {
      const err = error instanceof Error ? error : new Error(String(error));
      parentPort?.postMessage({ id: invocation.id, ok: false, name: err.name, message: err.message });
    }
  })();
});
