import type { App } from 'aws-cdk-lib';
import { NEW_ACCOUNT_MAX_MEMORY_MB, type PlatformSettings } from './settings';

/** The context values ops may pass (`-c name=value`); README.md and docs/operations.md describe each. */
export const CONTEXT_KEYS = [
  'stage',
  'domainName',
  'certificateArn',
  'publicAppUrl',
  'alarmEmail',
  'waf',
  'maxFunctionMemoryMb',
  'reservedConcurrency',
  'sesFromAddress',
  'sesRegion',
  'musicProviderUrl',
  'stemsProviderUrl',
] as const;

const STAGE = /^[a-z][a-z0-9-]{0,19}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Reads deployment settings from CDK context. Defaults suit a brand-new account: stage `dev` (nothing
 * retained), at most 3008 MB per function, no reserved concurrency. Bad values stop the synth with a
 * message that names the context key.
 */
export function settingsFromContext(app: App): PlatformSettings {
  const optional = (key: (typeof CONTEXT_KEYS)[number]): string | undefined => {
    const value: unknown = app.node.tryGetContext(key);
    if (value === undefined || value === null || value === '') return undefined;
    return String(value);
  };
  const flag = (key: (typeof CONTEXT_KEYS)[number]): boolean => {
    const value = optional(key);
    if (value === undefined) return false;
    if (value !== 'true' && value !== 'false')
      throw new Error(`-c ${key}= must be true or false, not '${value}'.`);
    return value === 'true';
  };
  const https = (key: 'publicAppUrl' | 'musicProviderUrl' | 'stemsProviderUrl'): string | undefined => {
    const value = optional(key);
    if (value === undefined) return undefined;
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      throw new Error(`-c ${key}= must be an https URL, not '${value}'.`);
    }
    if (url.protocol !== 'https:' || ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname))
      throw new Error(`-c ${key}= must be a public https URL, not '${value}'.`);
    return key === 'publicAppUrl' ? url.origin : value;
  };

  const stage = optional('stage') ?? 'dev';
  if (!STAGE.test(stage))
    throw new Error(`-c stage= must be lower-case letters, digits and '-' (≤ 20), not '${stage}'.`);
  const domainName = optional('domainName');
  const certificateArn = optional('certificateArn');
  if ((domainName === undefined) !== (certificateArn === undefined))
    throw new Error('-c domainName= and -c certificateArn= go together (an ACM certificate in us-east-1).');
  const maxMemory = optional('maxFunctionMemoryMb');
  const maxFunctionMemoryMb = maxMemory === undefined ? NEW_ACCOUNT_MAX_MEMORY_MB : Number(maxMemory);
  if (!Number.isInteger(maxFunctionMemoryMb) || maxFunctionMemoryMb < 128 || maxFunctionMemoryMb > 10240)
    throw new Error(
      `-c maxFunctionMemoryMb= must be a whole number of MB from 128 to 10240, not '${maxMemory}'.`,
    );
  const sesFromAddress = optional('sesFromAddress');
  if (sesFromAddress !== undefined && !EMAIL.test(sesFromAddress))
    throw new Error(`-c sesFromAddress= must be an e-mail address, not '${sesFromAddress}'.`);

  return {
    stage,
    retainData: stage === 'prod',
    domainName,
    certificateArn,
    publicAppUrl: https('publicAppUrl'),
    alarmEmail: optional('alarmEmail'),
    waf: flag('waf'),
    maxFunctionMemoryMb,
    reservedConcurrency: flag('reservedConcurrency'),
    sesFromAddress,
    sesRegion: optional('sesRegion'),
    musicProviderUrl: https('musicProviderUrl'),
    stemsProviderUrl: https('stemsProviderUrl'),
  };
}
