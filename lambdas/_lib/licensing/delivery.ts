import {
  deliveredKinds,
  type DeliveredFile,
  type LicenceFilesAnswer,
  type Mp3View,
  type StemsView,
} from '../../../shared/licensing/delivery';
import type { ProjectRecord } from '../db/projects';
import { DOWNLOAD_URL_SECONDS, headAudioBucketObject, presignAudioBucketGet } from '../marketplace-files';
import { MP3_FAILED, needsRenditions, renditionsState, startRenditionsJob } from './renditions';
import { STEMS_FAILED, startStemsJob, stemsJobState } from './stems-job';
import { tierAvailable } from './availability';
import type { LicenceRecord, LicenceSettings } from './store';

export type { DeliveredFile };

export const safe = (text: string) => text.replace(/[^\p{L}\p{N} ._-]+/gu, '_').trim() || 'beat';
const ext = (key: string) => (key.split('.').pop() ?? '').toLowerCase();

/** The WAV of the beat: the creator's WAV master, or the published audio when that is a WAV. */
export function wavKey(project: Pick<ProjectRecord, 'audio_key'>, settings: LicenceSettings): string | null {
  if (settings.wav_key) return settings.wav_key;
  return ext(project.audio_key) === 'wav' ? project.audio_key : null;
}

/** The stems ZIP (built by ./stems-zip.ts). */
export function stemsZipKey(orderId: string): string {
  return `licences/${orderId}/stems.zip`;
}

/**
 * Exactly the files of the licence's tier, as short presigned URLs (5 min). The stems ZIP is listed once
 * built; before that the first request starts its job (see ./stems-job.ts) and the answer says
 * 'preparing'; a failed job is started again only when `retry` asks for it. The MP3 of a WAV beat is its
 * 320 kbps rendition (./renditions.ts), never the master: until it is encoded the MP3 line is left out
 * and `mp3` says so ('preparing', or 'failed' with a retry), the same way.
 */
export async function deliverLicence(
  licence: LicenceRecord,
  project: ProjectRecord,
  settings: LicenceSettings,
  options: { retry?: boolean; now?: Date } = {},
): Promise<Omit<LicenceFilesAnswer, 'expiresInSeconds'>> {
  const title = safe(project.title);
  const out: DeliveredFile[] = [];
  const now = options.now ?? new Date();
  let stems: StemsView | undefined;
  let mp3: Mp3View | undefined;
  for (const kind of deliveredKinds(licence.tier, tierAvailable('trackout', project, settings))) {
    if (kind === 'mp3' && needsRenditions(project)) {
      const state = renditionsState(project, now);
      if (state.status !== 'ready') {
        mp3 = await renditionsJob(project.id, state, options.retry === true, now);
        continue;
      }
      const name = `${title}.mp3`;
      out.push({
        kind,
        name,
        url: await presignAudioBucketGet(state.key, DOWNLOAD_URL_SECONDS, name),
        ai_separated: false,
      });
    } else if (kind === 'mp3') {
      // An uploaded MP3 is the lease's file itself; other formats are handed out as uploaded.
      const name = `${title}.${ext(project.audio_key) || 'mp3'}`;
      out.push({
        kind,
        name,
        url: await presignAudioBucketGet(project.audio_key, DOWNLOAD_URL_SECONDS, name),
        ai_separated: false,
      });
    } else if (kind === 'wav') {
      const key = wavKey(project, settings);
      if (!key) continue;
      const name = `${title}.wav`;
      out.push({
        kind,
        name,
        url: await presignAudioBucketGet(key, DOWNLOAD_URL_SECONDS, name),
        ai_separated: false,
      });
    } else {
      const key = stemsZipKey(licence.order_id);
      const ai = settings.stems_keys.length === 0;
      if (!(await headAudioBucketObject(key))) {
        stems = await stemsJob(licence, ai, options.retry === true, now);
        continue;
      }
      stems = { status: 'ready', ai };
      const name = `${title} - stems${ai ? ' (AI-separated)' : ''}.zip`;
      out.push({
        kind,
        name,
        url: await presignAudioBucketGet(key, DOWNLOAD_URL_SECONDS, name),
        ai_separated: ai,
      });
    }
  }
  const jobs = [stems?.status, mp3?.status];
  const status = jobs.includes('preparing') ? 'preparing' : jobs.includes('failed') ? 'failed' : 'ready';
  return { tier: licence.tier, status, files: out, ...(stems ? { stems } : {}), ...(mp3 ? { mp3 } : {}) };
}

async function renditionsJob(
  projectId: string,
  state: Mp3View | { status: 'none' },
  retry: boolean,
  now: Date,
): Promise<Mp3View> {
  if (state.status === 'preparing' || (state.status === 'failed' && !retry)) return state;
  // Never started (a beat published before renditions existed), or failed and retry asked.
  return (await startRenditionsJob(projectId, now)) === 'preparing'
    ? { status: 'preparing' }
    : { status: 'failed', error: MP3_FAILED };
}

async function stemsJob(licence: LicenceRecord, ai: boolean, retry: boolean, now: Date): Promise<StemsView> {
  const state = stemsJobState(licence, ai, now);
  if (state.status === 'preparing' || (state.status === 'failed' && !retry)) return state;
  // Never started, failed (retry asked) or its ZIP is gone: start one (a concurrent request may win).
  return (await startStemsJob(licence, now)) === 'preparing'
    ? { status: 'preparing', ai }
    : { status: 'failed', ai, error: STEMS_FAILED };
}
