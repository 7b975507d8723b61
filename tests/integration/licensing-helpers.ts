import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Stripe from 'stripe';
import { routes } from '../../infra/routes';
import stripeWebhookSample from '../../events/api/stripe-webhook.json';
import { closeServer, readBody } from '../../infra/local/net';
import { startStripeSandbox, type StripeSandbox } from '../../infra/local/stripe-sandbox';
import type { ApiEvent, ApiHandler } from '../../lambdas/_lib/http';
import { call as marketplaceCall, type Answer, type Claims } from './marketplace-helpers';
import { WEBHOOK_SECRET, context, usePaymentsEnv, webhookHandler } from './payments-helpers';

/**
 * Licensing integration tests: the Stripe sandbox (checkout, Pay, refunds) delivering signed events to
 * the real webhook handler, and API Gateway-shaped calls to the licences and create-payment Lambdas.
 */
export interface LicensingEnv {
  sandbox: StripeSandbox;
  stripe: Stripe;
  stop(): Promise<void>;
}

export async function startLicensingEnv(): Promise<LicensingEnv> {
  const server = http.createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const event = structuredClone(stripeWebhookSample) as unknown as ApiEvent;
      event.headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      event.body = body.toString('base64');
      event.isBase64Encoded = true;
      const result = await (await webhookHandler())(event, context);
      res.writeHead(result.statusCode ?? 200, { 'content-type': 'application/json' });
      res.end(result.body);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const webhookUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/webhooks/stripe`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'licensing-sandbox-'));
  const sandbox = await startStripeSandbox({
    port: 0,
    dataDir,
    webhookUrl,
    webhookSecret: WEBHOOK_SECRET,
    quiet: true,
  });
  usePaymentsEnv({ STRIPE_API_BASE: sandbox.url });
  const { stripeOptions } = await import('../../lambdas/_lib/payments/stripe-client');
  const stripe = new Stripe('sk_test_integration', stripeOptions({ STRIPE_API_BASE: sandbox.url }));
  return {
    sandbox,
    stripe,
    async stop() {
      await sandbox.stop();
      await closeServer(server);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const handlers: Record<string, () => Promise<ApiHandler>> = {
  licences: async () => (await import('../../lambdas/licences/handler')).handler,
  'create-payment': async () => (await import('../../lambdas/create-payment/handler')).handler,
};

/** Calls the licences / create-payment Lambdas like API Gateway; anything else goes to the marketplace. */
export async function api<T = Record<string, unknown>>(
  method: string,
  pathName: string,
  options: { claims?: Claims; body?: unknown } = {},
): Promise<Answer<T>> {
  const found = routes
    .filter((route) => route.functionName in handlers && route.method === method)
    .map((route) => ({
      route,
      match: new RegExp(`^${route.path.replace(/\{(\w+)\}/g, '(?<$1>[^/]+)')}$`).exec(pathName),
    }))
    .find(({ match }) => match);
  if (!found) return marketplaceCall<T>(method, pathName, options);
  const key = `${method} ${found.route.path}`;
  const event = {
    version: '2.0',
    routeKey: key,
    rawPath: pathName,
    rawQueryString: '',
    headers: { 'content-type': 'application/json' },
    ...(found.match?.groups ? { pathParameters: { ...found.match.groups } } : {}),
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    isBase64Encoded: false,
    requestContext: {
      requestId: `req-${Math.random().toString(36).slice(2)}`,
      routeKey: key,
      http: { method, path: pathName, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'vitest' },
      ...(options.claims
        ? {
            authorizer: {
              jwt: { claims: { email: `${options.claims.sub}@example.com`, ...options.claims }, scopes: [] },
            },
          }
        : {}),
    },
  } as unknown as ApiEvent;
  const handler = await handlers[found.route.functionName]!();
  const result = await handler(event, context);
  return { status: result.statusCode ?? 200, body: (result.body ? JSON.parse(result.body) : undefined) as T };
}

/** Presses Pagar on the sandbox's hosted page (the webhook has run when this returns). */
export async function pay(url: string): Promise<string> {
  const response = await fetch(`${url}/pay`, { method: 'POST', redirect: 'manual' });
  if (response.status !== 303) throw new Error(`pay: ${response.status} ${await response.text()}`);
  return response.headers.get('location') ?? '';
}

export interface FilesAnswer {
  tier: string;
  status: 'ready' | 'preparing' | 'failed';
  files: { kind: string; url: string; name: string; ai_separated: boolean }[];
  stems?: { status: string; ai: boolean; error?: { code: string; params: Record<string, string | number> } };
  error?: { code: string; message: string };
}

/** Asks for a licence's files like the app does, every 200 ms until the stems job has finished. */
export async function waitForFiles(buyer: Claims, orderId: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await api<FilesAnswer>('GET', `/api/licences/${orderId}/files`, { claims: buyer });
    if (answer.status !== 202 || Date.now() > deadline) return answer;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
