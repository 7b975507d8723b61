import * as z from 'zod';
import { HttpMusicProvider } from './http-provider';
import type { MusicProvider } from './provider';
import { SynthesizerProvider } from './synthesizer';

const MusicSettings = z.object({
  MUSIC_PROVIDER_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MUSIC_PROVIDER_KEY: z.string().default(''),
  MUSIC_PROVIDER_TIMEOUT_MS: z.coerce.number().int().positive().default(180_000),
});

/** The HTTP provider when MUSIC_PROVIDER_URL is set, else the built-in synthesizer (the local default). */
export function musicProviderFromConfig(env: NodeJS.ProcessEnv = process.env): MusicProvider {
  const settings = MusicSettings.parse(env);
  if (!settings.MUSIC_PROVIDER_URL) return new SynthesizerProvider();
  return new HttpMusicProvider({
    baseUrl: settings.MUSIC_PROVIDER_URL,
    apiKey: settings.MUSIC_PROVIDER_KEY,
    timeoutMs: settings.MUSIC_PROVIDER_TIMEOUT_MS,
  });
}
