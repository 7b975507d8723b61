import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestProject } from 'vitest/node';
import { closeServer } from '../../infra/local/net';
import { startLocalPlatform } from '../../infra/local/platform';

/**
 * One local platform for the whole integration run: every emulator in memory / temp dirs on random
 * ports. Its env goes into process.env here (workers forked afterwards inherit it) and is also
 * provided to the workers, where tests/integration/env.ts applies it before any test file loads.
 * The router runs here, in front of the real handlers, on its own HTTP port (`apiUrl`); `controlUrl`
 * answers the confirmation codes cognito-local printed (GET /codes/<email>).
 */
declare module 'vitest' {
  export interface ProvidedContext {
    platformEnv: Record<string, string>;
    apiUrl: string;
    controlUrl: string;
    cognitoProxyUrl: string;
    userPoolClientId: string;
  }
}

export default async function setup(project: TestProject) {
  const platform = await startLocalPlatform({ quiet: true });
  const api = http.createServer((req, res) => platform.router.handle(req, res));
  const control = http.createServer((req, res) => {
    const match = /^\/codes\/(.+)$/.exec(req.url ?? '');
    const code = match ? platform.confirmationCodeFor(decodeURIComponent(match[1]!)) : undefined;
    res.writeHead(code ? 200 : 404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ code: code ?? null }));
  });
  const listen = (server: http.Server) =>
    new Promise<string>((resolve) =>
      server.listen(0, '127.0.0.1', () =>
        resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
      ),
    );
  const apiUrl = await listen(api);
  const controlUrl = await listen(control);

  Object.assign(process.env, platform.env);
  project.provide('platformEnv', platform.env);
  project.provide('apiUrl', apiUrl);
  project.provide('controlUrl', controlUrl);
  project.provide('cognitoProxyUrl', platform.endpoints.cognitoProxy);
  project.provide('userPoolClientId', platform.webConfig.userPoolClientId);

  return async () => {
    await closeServer(api);
    await closeServer(control);
    await platform.stop();
  };
}
