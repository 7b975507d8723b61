import * as z from 'zod';
import { DspSeparator } from './dsp-separator';
import { HttpStemSeparator } from './http-separator';
import type { StemSeparator } from './separator';

const StemSettings = z.object({
  STEMS_PROVIDER_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  STEMS_PROVIDER_KEY: z.string().default(''),
  STEMS_PROVIDER_TIMEOUT_MS: z.coerce.number().int().positive().default(300_000),
});

/** The remote separator when STEMS_PROVIDER_URL is set, else the built-in DSP separator (the local default). */
export function stemSeparatorFromConfig(env: NodeJS.ProcessEnv = process.env): StemSeparator {
  const settings = StemSettings.parse(env);
  if (!settings.STEMS_PROVIDER_URL) return new DspSeparator();
  return new HttpStemSeparator({
    baseUrl: settings.STEMS_PROVIDER_URL,
    apiKey: settings.STEMS_PROVIDER_KEY,
    timeoutMs: settings.STEMS_PROVIDER_TIMEOUT_MS,
  });
}
