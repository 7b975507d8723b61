import * as z from 'zod';

/**
 * Settings every Lambda reads, from the environment (CDK sets them in AWS; the local twin sets them
 * in its own process). Endpoints of emulators come through the SDK's own `AWS_ENDPOINT_URL_<SERVICE>`
 * variables, so no code path here knows whether it runs locally.
 */
const Env = z.object({
  TABLE_NAME: z.string().min(1).default('five-d-local'),
  AUDIO_BUCKET: z.string().min(1).default('audio-files'),
  ANALYSIS_BUCKET: z.string().min(1).default('ai-analysis'),
  USER_POOL_ID: z.string().default(''),
  AWS_REGION: z.string().default('us-east-1'),
  /** s3rver only understands path-style addressing. */
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  STAGE: z.enum(['local', 'cloud']).default('cloud'),
});

export type Config = z.infer<typeof Env>;

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return Env.parse(env);
}

export const config: Config = readConfig();
