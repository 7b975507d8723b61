import type { ApiProblem } from '../errors';
import { TIER_FILES, type DeliverableKind, type TierId } from './tiers';

/**
 * What `GET /api/licences/{orderId}/files` answers. The stems ZIP of a Trackout licence is built by a
 * background job (licence-stems-zip): until it is ready the answer is 202 with `status: 'preparing'` and
 * the files that are ready already (MP3/WAV); the app polls. A failed job answers `status: 'failed'`;
 * `POST /api/licences/{orderId}/stems` starts it again.
 */
export interface DeliveredFile {
  /** What the file is; the app names it in the reader's language (with `ai_separated`, `name`'s type). */
  kind: DeliverableKind;
  name: string;
  url: string;
  ai_separated: boolean;
}

export type StemsStatus = 'preparing' | 'ready' | 'failed';

export interface StemsView {
  status: StemsStatus;
  /** Separated by our AI splitter (no multitracks from the creator). */
  ai: boolean;
  /** Why the last job failed: a code of the API error catalogue, shown in the reader's language. */
  error?: ApiProblem;
}

/**
 * The MP3 of a beat uploaded as a WAV is encoded in the background after publishing (beat-renditions);
 * until it exists the MP3 line is missing from `files` and this says why (a failure as an error code).
 */
export type Mp3View = { status: 'preparing' } | { status: 'failed'; error: ApiProblem };

export interface LicenceFilesAnswer {
  tier: TierId;
  /** `ready` when every file of the tier is in `files`. */
  status: StemsStatus;
  files: DeliveredFile[];
  /** Present when the tier delivers stems. */
  stems?: StemsView;
  /** Present while the MP3 of a WAV beat is not ready (preparing or failed). */
  mp3?: Mp3View;
  expiresInSeconds: number;
}

/**
 * The files a tier gives for a beat: every tier of TIER_FILES, except that an Exclusive includes the
 * stems only when the beat has them (multitracks, or AI stems of its WAV). One rule for the public
 * licence view, the delivery and the agreement PDF.
 */
export function deliveredKinds(tier: TierId, stemsAvailable: boolean): DeliverableKind[] {
  return TIER_FILES[tier].filter((kind) => kind !== 'stems' || stemsAvailable);
}

/** How often the app asks again while the stems are being prepared. */
export const STEMS_POLL_MS = 3000;

/**
 * The stems job's Lambda timeout (infra/functions.ts, licence-stems-zip): the DSP split of a 3-minute
 * beat takes seconds, creators' multitrack ZIPs of several 100 MB take longer. A job still preparing a
 * minute past it died without recording why (timeout, lost invoke) and counts as failed (retry allowed).
 */
export const STEMS_JOB_TIMEOUT_SECONDS = 600;
export const STEMS_JOB_STALE_SECONDS = STEMS_JOB_TIMEOUT_SECONDS + 60;

/**
 * The beat-renditions job (infra/functions.ts): the 320 kbps MP3 and the 128 kbps preview of a WAV beat.
 * lamejs encodes a 3-minute 44.1 kHz stereo WAV at ≈ 8–14× real time (both files ≈ 35–40 s of CPU);
 * a job still preparing a minute past the timeout died silently and counts as failed.
 */
export const RENDITIONS_JOB_TIMEOUT_SECONDS = 300;
export const RENDITIONS_JOB_STALE_SECONDS = RENDITIONS_JOB_TIMEOUT_SECONDS + 60;
