import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Context } from 'aws-lambda';
import { functionEntry } from '../functions';

/** Loads the real Lambda handlers (`lambdas/<name>/handler.ts`) by function name, once each. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export type LambdaHandler = (event: unknown, context: Context) => Promise<unknown>;

const cache = new Map<string, Promise<LambdaHandler>>();

export function handlerExists(name: string): boolean {
  return /^[a-z0-9][a-z0-9-]*$/.test(name) && existsSync(path.join(repoRoot, functionEntry(name)));
}

export function loadHandler(name: string): Promise<LambdaHandler> {
  let loaded = cache.get(name);
  if (!loaded) {
    if (!handlerExists(name)) return Promise.reject(new Error(`No handler for function ${name}`));
    loaded = import(pathToFileURL(path.join(repoRoot, functionEntry(name))).href).then((module: unknown) => {
      const handler = (module as { handler?: unknown }).handler;
      if (typeof handler !== 'function') throw new Error(`lambdas/${name}/handler.ts exports no handler`);
      return handler as LambdaHandler;
    });
    loaded.catch(() => cache.delete(name));
    cache.set(name, loaded);
  }
  return loaded;
}

/** The parts of a Lambda context our handlers (and middy) read. */
export function lambdaContext(functionName: string, requestId: string, timeoutSeconds = 30): Context {
  const deadline = Date.now() + timeoutSeconds * 1000;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:${process.env.AWS_REGION ?? 'us-east-1'}:000000000000:function:${functionName}`,
    memoryLimitInMB: '1024',
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}
