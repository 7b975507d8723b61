import { describe, expect, it } from 'vitest';
import {
  parseOriginSecret,
  rotateOriginSecret,
  type OriginHeaderTarget,
  type RotationSecrets,
} from '../../lambdas/_lib/origin/rotation';

/** An in-memory secret with versions and stages, and a distribution header, to run the four steps on. */
function fakes(initial: { current: string; previous: string }, sending: string | undefined) {
  const versions = new Map<string, string>([['v1', JSON.stringify(initial)]]);
  const stages: Record<string, string[]> = { AWSCURRENT: ['v1'] };
  const log: string[] = [];
  const secrets: RotationSecrets = {
    read: async ({ stage, versionId }) => versions.get(versionId ?? stages[stage ?? 'AWSCURRENT']?.[0] ?? ''),
    putPending: async (token, value) => {
      versions.set(token, value);
      stages.AWSPENDING = [token];
      log.push('pending');
    },
    stages: async () => stages,
    makeCurrent: async (token) => {
      stages.AWSCURRENT = [token];
      delete stages.AWSPENDING;
      log.push('current');
    },
  };
  const distribution: OriginHeaderTarget & { value: string | undefined } = {
    value: sending,
    currentValue: async () => distribution.value,
    send: async (value) => {
      distribution.value = value;
      log.push('cloudfront');
    },
  };
  return { secrets, distribution, versions, stages, log };
}

async function rotate(f: ReturnType<typeof fakes>, token: string, random: string) {
  for (const step of ['createSecret', 'setSecret', 'testSecret', 'finishSecret'] as const)
    await rotateOriginSecret(step, token, { ...f, random: () => random, settle: async () => undefined });
}

describe('origin secret rotation', () => {
  it('makes the new value current (old one still accepted) before CloudFront sends it', async () => {
    const f = fakes({ current: 'A', previous: '' }, 'A');
    await rotate(f, 't2', 'B');
    expect(parseOriginSecret(f.versions.get('t2'))).toEqual({ current: 'B', previous: 'A' });
    expect(f.stages.AWSCURRENT).toEqual(['t2']);
    expect(f.distribution.value).toBe('B');
    expect(f.log).toEqual(['pending', 'current', 'cloudfront']);
  });

  it('keeps whatever CloudFront really sends as the previous value (a half-failed rotation never locks it out)', async () => {
    // The last rotation made C current but failed to update the distribution, which still sends B.
    const f = fakes({ current: 'C', previous: 'B' }, 'B');
    await rotate(f, 't3', 'D');
    expect(parseOriginSecret(f.versions.get('t3'))).toEqual({ current: 'D', previous: 'B' });
    expect(f.distribution.value).toBe('D');
  });

  it('is idempotent: Secrets Manager retrying a step changes nothing twice', async () => {
    const f = fakes({ current: 'A', previous: '' }, 'A');
    await rotate(f, 't2', 'B');
    await rotate(f, 't2', 'X');
    expect(parseOriginSecret(f.versions.get('t2'))).toEqual({ current: 'B', previous: 'A' });
    expect(f.log).toEqual(['pending', 'current', 'cloudfront']);
  });
});
