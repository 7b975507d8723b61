import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { functions, type FunctionDefinition } from '../functions';
import { handlerExists, lambdaContext, loadHandler } from './handlers';
import { closeServer, listen, readBody } from './net';
import { HEAVY_TASK_MEMORY_MB, runOnWorker } from './step-functions';
import { awsJsonErrorAnswer, containEmulator } from './containment';

/**
 * A local Lambda Invoke endpoint (`POST /2015-03-31/functions/{name}/invocations`, the call the AWS SDK
 * makes), used by cognito-local to fire user-pool triggers. It runs `lambdas/<name>/handler.ts`, or one
 * of the built-in functions below that fill gaps of the emulator, and answers like Lambda does:
 * the handler's JSON result, or `X-Amz-Function-Error: Unhandled` with `{errorType, errorMessage}`.
 * An asynchronous invoke (`X-Amz-Invocation-Type: Event`, background jobs such as licence-stems-zip) is
 * answered 202 at once and runs afterwards — on a worker thread for functions sized for heavy work, like
 * the Step Functions twin's tasks, so it does not stall the emulators sharing this thread.
 */
export interface LocalLambda {
  endpoint: string;
  stop(): Promise<void>;
}

type TriggerEvent = {
  request?: { userAttributes?: Record<string, string> };
  response?: Record<string, unknown>;
};

/** Standard attributes real Cognito puts in ID tokens and cognito-local leaves out (it adds only custom:*). */
const STANDARD_ID_TOKEN_CLAIMS = ['name', 'given_name', 'family_name', 'locale', 'picture', 'phone_number'];

export const LOCAL_PRE_TOKEN_FUNCTION = 'local-pre-token-generation';

const builtins: Record<string, (event: TriggerEvent) => Promise<unknown>> = {
  async [LOCAL_PRE_TOKEN_FUNCTION](event) {
    const attributes = event.request?.userAttributes ?? {};
    const claims: Record<string, string> = {};
    for (const name of STANDARD_ID_TOKEN_CLAIMS) if (attributes[name]) claims[name] = attributes[name];
    return { ...event, response: { claimsOverrideDetails: { claimsToAddOrOverride: claims } } };
  },
};

/** Like Lambda's asynchronous invocation: a failed run (error, crash, timeout) is retried twice. */
async function runAsync(name: string, body: Buffer, requestId: string, quiet?: boolean): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runOnce(name, body, requestId);
    } catch (error) {
      if (attempt >= 3) throw error;
      if (!quiet) console.error(`[lambda] ${name} (async) attempt ${attempt} failed, retrying:`, error);
      // Lambda waits about a minute, then two; shortened here.
      await new Promise((resolve) => setTimeout(resolve, 1000 * attempt));
    }
  }
}

async function runOnce(name: string, body: Buffer, requestId: string): Promise<void> {
  const event = (body.length ? JSON.parse(body.toString('utf8')) : {}) as Parameters<typeof runOnWorker>[1];
  const definition = (functions as readonly FunctionDefinition[]).find((f) => f.name === name);
  const timeout = definition?.timeoutSeconds ?? 10;
  if ((definition?.memoryMb ?? 0) >= HEAVY_TASK_MEMORY_MB) {
    await runOnWorker(name, event, timeout);
    return;
  }
  await (
    await loadHandler(name)
  )(event, lambdaContext(name, requestId, timeout));
}

const INVOKE_PATH = /^\/2015-03-31\/functions\/([^/]+)\/invocations$/;

export async function startLocalLambda(
  options: { port?: number; quiet?: boolean } = {},
): Promise<LocalLambda> {
  const server = http.createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const match = INVOKE_PATH.exec(new URL(req.url ?? '/', 'http://local').pathname);
      const name = match ? decodeURIComponent(match[1]!).split(':').pop()! : '';
      const builtin = builtins[name];
      if (req.method !== 'POST' || !match || (!builtin && !handlerExists(name))) {
        res.writeHead(404, {
          'content-type': 'application/json',
          'x-amzn-errortype': 'ResourceNotFoundException',
        });
        res.end(JSON.stringify({ Type: 'User', message: `Function not found: ${name}` }));
        return;
      }
      const requestId = randomUUID();
      if (!builtin && String(req.headers['x-amz-invocation-type'] ?? '') === 'Event') {
        res.writeHead(202, { 'x-amzn-requestid': requestId });
        res.end();
        runAsync(name, body, requestId, options.quiet).catch((error: unknown) => {
          if (!options.quiet) console.error(`[lambda] ${name} (async) failed:`, error);
        });
        return;
      }
      try {
        const event = (body.length ? JSON.parse(body.toString('utf8')) : {}) as TriggerEvent;
        const result = builtin
          ? await builtin(event)
          : await (
              await loadHandler(name)
            )(event, lambdaContext(name, requestId));
        res.writeHead(200, { 'content-type': 'application/json', 'x-amz-executed-version': '$LATEST' });
        res.end(JSON.stringify(result ?? null));
      } catch (error) {
        const err = error instanceof Error ? error : new Error(String(error));
        if (!options.quiet) console.error(`[lambda] ${name} failed:`, err);
        res.writeHead(200, {
          'content-type': 'application/json',
          'x-amz-function-error': 'Unhandled',
          'x-amzn-requestid': requestId,
        });
        res.end(JSON.stringify({ errorType: err.name, errorMessage: err.message }));
      }
    })();
  });
  containEmulator(server, 'lambda', awsJsonErrorAnswer('ServiceException'));
  const port = await listen(server, options.port ?? 0);
  return { endpoint: `http://127.0.0.1:${port}`, stop: () => closeServer(server) };
}
