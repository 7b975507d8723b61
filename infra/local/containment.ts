import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';

/**
 * The twin runs every emulator in one Node process, so one emulator's bug (a stream `error` event
 * nobody listens to, a rejected promise in a request handler) would end the whole stack — AWS never
 * goes down because one request failed. Each emulator's HTTP server is wrapped here: its requests run
 * in an AsyncLocalStorage scope, and a process-level guard turns an uncaught exception or unhandled
 * rejection raised inside that scope into an error answer to that request (in the emulator's own error
 * format) and a log line. Errors outside any emulator request keep Node's default: printed, exit 1.
 */

export interface ErrorAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

interface RequestScope {
  emulator: string;
  res: ServerResponse;
  answer: (error: Error) => ErrorAnswer;
}

export interface ContainedError {
  emulator: string;
  method: string;
  url: string;
  error: Error;
}

const scope = new AsyncLocalStorage<RequestScope & { req: IncomingMessage }>();
const contained: ContainedError[] = [];
let guardInstalled = false;
let quiet = false;

/** A JSON error as the AWS JSON protocols answer (DynamoDB, Cognito, Step Functions, Lambda). */
export function awsJsonErrorAnswer(type: string) {
  return (error: Error): ErrorAnswer => ({
    status: 500,
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amzn-errortype': type },
    body: JSON.stringify({ __type: type, message: `Internal error in the local emulator: ${error.message}` }),
  });
}

/** S3's XML error. */
export function s3ErrorAnswer(error: Error): ErrorAnswer {
  const message = `We encountered an internal error. Please try again. (${error.message})`.replace(
    /[<>&]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;' })[c]!,
  );
  return {
    status: 500,
    headers: { 'content-type': 'application/xml' },
    body: `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>InternalError</Code><Message>${message}</Message></Error>`,
  };
}

/** Our API's own error shape (the router, the Stripe sandbox). */
export function apiErrorAnswer(error: Error): ErrorAnswer {
  void error;
  return {
    status: 500,
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: JSON.stringify({
      error: { code: 'SERVER_ERROR', message: 'Problema temporário no servidor. Tente novamente.' },
    }),
  };
}

/** Errors contained so far (tests and the status line read them). */
export function containedErrors(): readonly ContainedError[] {
  return contained;
}

/** Silences the log line (tests that provoke failures on purpose). */
export function setContainmentQuiet(value: boolean): void {
  quiet = value;
}

function answer(current: RequestScope & { req: IncomingMessage }, raised: unknown): void {
  const error = raised instanceof Error ? raised : new Error(String(raised));
  contained.push({
    emulator: current.emulator,
    method: current.req.method ?? '',
    url: current.req.url ?? '',
    error,
  });
  if (!quiet) {
    console.error(
      `[${current.emulator}] ${current.req.method} ${current.req.url}: contained an error inside the emulator ` +
        `(answered 500, the stack keeps running):`,
      error,
    );
  }
  const { res } = current;
  if (res.headersSent || res.writableEnded) {
    res.destroy();
    return;
  }
  try {
    const reply = current.answer(error);
    res.writeHead(reply.status, { ...reply.headers, connection: 'close' });
    res.end(reply.body);
  } catch {
    res.destroy();
  }
}

function installGuard(): void {
  if (guardInstalled) return;
  guardInstalled = true;
  const onError = (kind: 'uncaughtException' | 'unhandledRejection') => (raised: unknown) => {
    const current = scope.getStore();
    if (current) {
      answer(current, raised);
      return;
    }
    // Not an emulator request: behave as Node would without this guard, unless someone else listens.
    if (process.listenerCount(kind) > 1) return;
    console.error(raised);
    process.exit(1);
  };
  process.on('uncaughtException', onError('uncaughtException'));
  process.on('unhandledRejection', onError('unhandledRejection'));
}

/**
 * Runs every request of `server` (its current 'request' listeners) inside a containment scope: a sync
 * throw, or an error raised later by anything the request started, answers that request with
 * `answerWith(error)` and leaves the server serving.
 */
export function containEmulator(
  server: Server,
  emulator: string,
  answerWith: (error: Error) => ErrorAnswer,
): void {
  installGuard();
  const listeners = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const current = { emulator, res, req, answer: answerWith };
    scope.run(current, () => {
      try {
        for (const listener of listeners) listener.call(server, req, res);
      } catch (error) {
        answer(current, error);
      }
    });
  });
}
