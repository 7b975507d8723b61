import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEvent, isTextContent, renderClaims } from '../../infra/local/router';
import { readBody } from '../../infra/local/net';

/** The API Gateway v2 event the local router builds, from real HTTP requests. */
let url = '';
const server = http.createServer((req, res) => {
  void readBody(req).then((body) => {
    const event = buildEvent(
      req,
      new URL(req.url ?? '/', 'http://local'),
      { method: 'POST', path: '/api/things/{id}', functionName: 'geo', auth: 'user' },
      { id: 'abc' },
      body,
      { sub: 'u1', 'cognito:groups': '[client creator]' },
      'BR',
      'origin-value',
    );
    res.end(JSON.stringify(event));
  });
});
beforeAll(
  () =>
    new Promise<void>((resolve) =>
      server.listen(0, '127.0.0.1', () => {
        url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
        resolve();
      }),
    ),
);
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function eventFor(path: string, init: RequestInit) {
  return (await (await fetch(url + path, init)).json()) as Record<string, unknown> & {
    headers: Record<string, string>;
    requestContext: Record<string, unknown> & { http: Record<string, string> };
  };
}

describe('API Gateway v2 event', () => {
  it('carries route, raw path and query, lower-cased headers, cookies and claims', async () => {
    const event = await eventFor('/api/things/abc?a=1&b=x%20y&a=2', {
      method: 'POST',
      headers: {
        'X-Custom': 'Yes',
        Cookie: 'c1=v1; c2=v2',
        'content-type': 'application/json',
        'user-agent': 'test-agent',
      },
      body: '{"ok":true}',
    });
    expect(event).toMatchObject({
      version: '2.0',
      routeKey: 'POST /api/things/{id}',
      rawPath: '/api/things/abc',
      rawQueryString: 'a=1&b=x%20y&a=2',
      cookies: ['c1=v1', 'c2=v2'],
      queryStringParameters: { a: '1,2', b: 'x y' },
      pathParameters: { id: 'abc' },
      body: '{"ok":true}',
      isBase64Encoded: false,
    });
    expect(event.headers['x-custom']).toBe('Yes');
    expect(event.headers.cookie).toBeUndefined();
    expect(event.headers['cloudfront-viewer-country']).toBe('BR');
    expect(event.headers['x-origin-verify']).toBe('origin-value');
    expect(event.requestContext).toMatchObject({
      routeKey: 'POST /api/things/{id}',
      stage: '$default',
      http: { method: 'POST', path: '/api/things/abc', sourceIp: '127.0.0.1', userAgent: 'test-agent' },
      authorizer: { jwt: { claims: { sub: 'u1', 'cognito:groups': '[client creator]' } } },
    });
    expect(event.requestContext.requestId).toEqual(expect.any(String));
    expect(event.requestContext.time).toMatch(/^\d{2}\/[A-Z][a-z]{2}\/\d{4}:\d{2}:\d{2}:\d{2} \+0000$/);
  });

  it('replaces client-sent CloudFront headers with its own, as CloudFront does', async () => {
    const event = await eventFor('/api/things/abc', {
      method: 'POST',
      headers: { 'CloudFront-Viewer-Country': 'US', 'X-Origin-Verify': 'guessed' },
    });
    expect(event.headers['cloudfront-viewer-country']).toBe('BR');
    expect(event.headers['x-origin-verify']).toBe('origin-value');
  });

  it('base64-encodes non-text bodies byte for byte and keeps JSON raw (webhook signatures)', async () => {
    const bytes = Buffer.from([0, 255, 1, 2, 254, 10, 13]);
    const binary = await eventFor('/x', {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: bytes,
    });
    expect(binary.isBase64Encoded).toBe(true);
    expect(Buffer.from(String(binary.body), 'base64').equals(bytes)).toBe(true);
    const raw = '{ "id" : "evt_1",\n  "x": "é" }';
    const json = await eventFor('/x', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: raw,
    });
    expect(json.body).toBe(raw);
    const empty = await eventFor('/x', { method: 'POST' });
    expect(empty.body).toBeUndefined();
    expect(empty.isBase64Encoded).toBe(false);
  });

  it('classifies content types and renders claims like the JWT authorizer', () => {
    expect(isTextContent('application/json; charset=utf-8')).toBe(true);
    expect(isTextContent('application/vnd.api+json')).toBe(true);
    expect(isTextContent('text/plain')).toBe(true);
    expect(isTextContent('multipart/form-data; boundary=x')).toBe(false);
    expect(isTextContent('audio/wav')).toBe(false);
    expect(
      renderClaims({ sub: 's', 'cognito:groups': ['client', 'creator'], exp: 5, email_verified: true }),
    ).toEqual({
      sub: 's',
      'cognito:groups': '[client creator]',
      exp: '5',
      email_verified: 'true',
    });
  });
});
