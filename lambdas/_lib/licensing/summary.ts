import { TIER_IDS, type TierId } from '../../../shared/licensing/tiers';
import { summarizeTiers, type TierSummary } from '../../../shared/licensing/tier-summary';
import type { ProjectRecord } from '../db/projects';
import { tierAvailable } from './availability';
import type { LicenceSettings } from './store';

/** The tiers a buyer may choose: enabled by the creator and with their files at hand. */
export function offeredTierIds(
  project: Pick<ProjectRecord, 'audio_key'>,
  settings: Pick<LicenceSettings, 'tiers' | 'wav_key' | 'stems_keys' | 'ai_stems'>,
): TierId[] {
  return TIER_IDS.filter((id) => settings.tiers[id].enabled && tierAvailable(id, project, settings));
}

/** The catalogue's summary of the same tiers the public licence view lists (one rule for both). */
export function offeredTierSummary(
  project: Pick<ProjectRecord, 'audio_key'>,
  settings: Pick<LicenceSettings, 'tiers' | 'wav_key' | 'stems_keys' | 'ai_stems'>,
): TierSummary | null {
  return summarizeTiers(offeredTierIds(project, settings).map((id) => settings.tiers[id]));
}
