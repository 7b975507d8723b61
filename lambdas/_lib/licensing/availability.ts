import { TIER_FILES } from '../../../shared/licensing/tiers';
import type { ProjectRecord } from '../db/projects';
import type { LicenceRecord, LicenceSettings } from './store';

/**
 * Which tiers a beat can be sold in, from the files it has: a pure rule, apart from ./delivery.ts so the
 * functions that price and sell licences do not load the delivery code (S3, ZIP) to ask.
 */
const ext = (key: string) => (key.split('.').pop() ?? '').toLowerCase();

/** Whether the beat has the files a tier delivers (a WAV for WAV/Trackout, stems or AI stems for Trackout). */
export function tierAvailable(
  tier: LicenceRecord['tier'],
  project: Pick<ProjectRecord, 'audio_key'>,
  settings: Pick<LicenceSettings, 'wav_key' | 'stems_keys' | 'ai_stems'>,
): boolean {
  const files = TIER_FILES[tier];
  const hasWav = Boolean(settings.wav_key) || ext(project.audio_key) === 'wav';
  if (files.includes('wav') && !hasWav) return false;
  // The exclusive includes the stems when the beat has them; only the Trackout lease is sold for them.
  if (tier === 'trackout' && settings.stems_keys.length === 0 && !(settings.ai_stems && hasWav)) return false;
  return true;
}
