import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A tiny Secrets Manager + SSM endpoint (the JSON protocol the real SDK clients speak), so the tests of
 * lambdas/_lib/secrets.ts run Powertools and the AWS SDK unchanged: GetSecretValue and GetParameter
 * answer what the test stored, and every call is counted.
 */
export interface FakeParameterStore {
  endpoint: string;
  secrets: Map<string, string>;
  parameters: Map<string, string>;
  calls: string[];
  close(): Promise<void>;
}

export async function startFakeParameterStore(): Promise<FakeParameterStore> {
  const secrets = new Map<string, string>();
  const parameters = new Map<string, string>();
  const calls: string[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const target = String(req.headers['x-amz-target'] ?? '');
      const input = JSON.parse(body || '{}') as { SecretId?: string; Name?: string };
      calls.push(`${target} ${input.SecretId ?? input.Name ?? ''}`);
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': 'application/x-amz-json-1.1' });
        res.end(JSON.stringify(payload));
      };
      if (target === 'secretsmanager.GetSecretValue' && secrets.has(input.SecretId ?? '')) {
        return send(200, {
          ARN: input.SecretId,
          Name: input.SecretId,
          SecretString: secrets.get(input.SecretId ?? ''),
          VersionId: 'v1',
        });
      }
      if (target === 'AmazonSSM.GetParameter' && parameters.has(input.Name ?? '')) {
        return send(200, {
          Parameter: {
            Name: input.Name,
            Type: 'String',
            Value: parameters.get(input.Name ?? ''),
            Version: 1,
          },
        });
      }
      const missing = target.startsWith('AmazonSSM') ? 'ParameterNotFound' : 'ResourceNotFoundException';
      send(400, { __type: missing, message: 'not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    secrets,
    parameters,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Points the SDK's Secrets Manager and SSM clients at the fake (set before the first read). */
export function useFakeParameterStore(store: FakeParameterStore): void {
  Object.assign(process.env, {
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'test',
    AWS_SECRET_ACCESS_KEY: 'test',
    AWS_ENDPOINT_URL_SECRETS_MANAGER: store.endpoint,
    AWS_ENDPOINT_URL_SSM: store.endpoint,
  });
}
