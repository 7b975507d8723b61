import type { SecretsProvider } from '@aws-lambda-powertools/parameters/secrets';
import type { SSMProvider } from '@aws-lambda-powertools/parameters/ssm';

/**
 * Secrets Manager secrets and SSM parameters read with a refresh interval (Powertools parameters): a
 * value is reused for `SECRETS_REFRESH_SECONDS` (default 300) and then read again, so a key stored after
 * deploy takes effect within minutes and a missing or incomplete secret is never cached for the life of
 * a warm instance. The Powertools modules (and their SDK clients) load on first use only: most requests
 * of most functions never read a secret.
 */
export const DEFAULT_REFRESH_SECONDS = 300;

export function refreshSeconds(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env.SECRETS_REFRESH_SECONDS ?? DEFAULT_REFRESH_SECONDS);
  return Number.isFinite(value) && value >= 0 && value <= 3600 ? Math.floor(value) : DEFAULT_REFRESH_SECONDS;
}

let secrets: Promise<SecretsProvider> | undefined;
let parameters: Promise<SSMProvider> | undefined;

function secretsProvider(): Promise<SecretsProvider> {
  secrets ??= import('@aws-lambda-powertools/parameters/secrets').then(
    ({ SecretsProvider }) => new SecretsProvider(),
  );
  return secrets;
}

function parameterProvider(): Promise<SSMProvider> {
  parameters ??= import('@aws-lambda-powertools/parameters/ssm').then(({ SSMProvider }) => new SSMProvider());
  return parameters;
}

export interface ReadOptions {
  /** Read now even if a fresh copy is cached (e.g. a value that just failed to match). */
  readonly forceFetch?: boolean;
}

/**
 * A JSON-object secret by ARN; `{}` when it holds no JSON object (a secret created empty waits for ops
 * to fill it). Errors reaching Secrets Manager are thrown and nothing is cached.
 */
export async function readSecretJson(
  secretId: string,
  options: ReadOptions = {},
): Promise<Record<string, unknown>> {
  const provider = await secretsProvider();
  const raw = await provider.get(secretId, {
    maxAge: refreshSeconds(),
    ...(options.forceFetch ? { forceFetch: true } : {}),
  });
  if (typeof raw !== 'string') return {};
  try {
    const value: unknown = JSON.parse(raw);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/** A String SSM parameter by name, refreshed like the secrets. */
export async function readParameter(name: string, options: ReadOptions = {}): Promise<string | undefined> {
  const provider = await parameterProvider();
  const value = await provider.get(name, {
    maxAge: refreshSeconds(),
    ...(options.forceFetch ? { forceFetch: true } : {}),
  });
  return typeof value === 'string' ? value : undefined;
}

/** A string field of a JSON secret, '' when absent or not a string. */
export function stringField(secret: Record<string, unknown>, field: string): string {
  const value = secret[field];
  return typeof value === 'string' ? value : '';
}

/** Forgets every cached value (tests; a process that switches configuration). */
export function clearSecretCache(): void {
  secrets = undefined;
  parameters = undefined;
}
