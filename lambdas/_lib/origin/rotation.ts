import { randomBytes } from 'node:crypto';

/**
 * Rotation of the CloudFront origin secret (JSON `{ current, previous }`, checked by
 * lambdas/_lib/origin-guard.ts), as the four steps Secrets Manager calls a rotation function with.
 *
 * The API must accept a value before CloudFront sends it, so the order is:
 * 1. createSecret: a new random `current`, and as `previous` the value CloudFront sends right now
 *    (read from the distribution, so a rotation that failed half-way never strands CloudFront);
 * 2. setSecret / testSecret: nothing to do;
 * 3. finishSecret: the new version becomes AWSCURRENT (API instances accept both values within their
 *    refresh interval, and at once when they see an unknown value), then, after the guard's forced-refresh
 *    window, the distribution is told to send the new value.
 */
export type RotationStep = 'createSecret' | 'setSecret' | 'testSecret' | 'finishSecret';

export interface OriginSecretValue {
  current: string;
  previous: string;
}

/** The Secrets Manager calls rotation needs (lambdas/origin-secret-rotation/handler.ts wires the SDK). */
export interface RotationSecrets {
  /** The JSON of a version by stage or version id; undefined when there is no such version. */
  read(selector: { stage?: 'AWSCURRENT' | 'AWSPENDING'; versionId?: string }): Promise<string | undefined>;
  putPending(token: string, value: string): Promise<void>;
  /** Version ids by stage. */
  stages(): Promise<Record<string, string[]>>;
  makeCurrent(token: string, previousVersionId: string | undefined): Promise<void>;
}

/** The distribution's origin custom header carrying the secret. */
export interface OriginHeaderTarget {
  /** The value CloudFront sends today, if the header is configured. */
  currentValue(): Promise<string | undefined>;
  /** Sets the header on every origin that carries it. */
  send(value: string): Promise<void>;
}

export interface RotationDeps {
  secrets: RotationSecrets;
  distribution: OriginHeaderTarget;
  /** Waits before CloudFront switches (the guard's 30 s forced-refresh window); injectable for tests. */
  settle?: () => Promise<void>;
  random?: () => string;
}

export function parseOriginSecret(text: string | undefined): OriginSecretValue {
  try {
    const value = JSON.parse(text ?? '{}') as Partial<OriginSecretValue>;
    return {
      current: typeof value.current === 'string' ? value.current : '',
      previous: typeof value.previous === 'string' ? value.previous : '',
    };
  } catch {
    return { current: '', previous: '' };
  }
}

export function newOriginValue(): string {
  return randomBytes(32).toString('base64url');
}

export async function rotateOriginSecret(
  step: RotationStep,
  token: string,
  deps: RotationDeps,
): Promise<void> {
  const { secrets, distribution } = deps;
  switch (step) {
    case 'createSecret': {
      if ((await secrets.read({ versionId: token })) !== undefined) return;
      const current = parseOriginSecret(await secrets.read({ stage: 'AWSCURRENT' }));
      const sent = (await distribution.currentValue()) ?? current.current;
      const next: OriginSecretValue = { current: (deps.random ?? newOriginValue)(), previous: sent };
      await secrets.putPending(token, JSON.stringify(next));
      return;
    }
    case 'setSecret':
    case 'testSecret':
      return;
    case 'finishSecret': {
      const stages = await secrets.stages();
      const currentVersion = stages.AWSCURRENT?.[0];
      if (currentVersion !== token) await secrets.makeCurrent(token, currentVersion);
      const value = parseOriginSecret(await secrets.read({ versionId: token }));
      if (!value.current) throw new Error(`Origin secret version ${token} has no current value`);
      if ((await distribution.currentValue()) === value.current) return;
      await (deps.settle ?? (() => new Promise<void>((resolve) => setTimeout(resolve, 35_000))))();
      await distribution.send(value.current);
      return;
    }
  }
}
