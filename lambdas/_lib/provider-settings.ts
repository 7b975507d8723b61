import { readSecretJson, stringField } from './secrets';

/** Fields of the Providers secret (JSON) and the environment variables they fill. */
const SECRET_FIELDS = {
  musicProviderUrl: 'MUSIC_PROVIDER_URL',
  musicProviderKey: 'MUSIC_PROVIDER_KEY',
  stemsProviderUrl: 'STEMS_PROVIDER_URL',
  stemsProviderKey: 'STEMS_PROVIDER_KEY',
} as const;

/**
 * The settings the music and stems providers read (lambdas/_lib/music/from-config.ts,
 * lambdas/_lib/stems/from-config.ts): the environment (`.env` locally; `-c musicProviderUrl=…` in AWS),
 * overlaid with the non-empty fields of the Providers secret (`PROVIDERS_SECRET_ARN`) when the function
 * has one. The secret is re-read every few minutes, so a key or URL stored after deploy switches the
 * provider on without a redeploy.
 */
export async function providerSettings(env: NodeJS.ProcessEnv = process.env): Promise<NodeJS.ProcessEnv> {
  if (!env.PROVIDERS_SECRET_ARN) return env;
  const secret = await readSecretJson(env.PROVIDERS_SECRET_ARN);
  const overlay: Record<string, string> = {};
  for (const [field, variable] of Object.entries(SECRET_FIELDS)) {
    const value = stringField(secret, field);
    if (value) overlay[variable] = value;
  }
  return { ...env, ...overlay };
}
