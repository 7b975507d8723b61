import type { DeliverableKind, TierId } from './tiers';

/**
 * What `GET /api/licences/{orderId}/files` answers. The stems ZIP of a Trackout licence is built by a
 * background job (licence-stems-zip): until it is ready the answer is 202 with `status: 'preparing'` and
 * the files that are ready already (MP3/WAV); the app polls. A failed job answers `status: 'failed'`;
 * `POST /api/licences/{orderId}/stems` starts it again.
 */
export interface DeliveredFile {
  kind: DeliverableKind;
  label: string;
  name: string;
  url: string;
  ai_separated: boolean;
}

export type StemsStatus = 'preparing' | 'ready' | 'failed';

export interface StemsView {
  status: StemsStatus;
  /** Separated by our AI splitter (no multitracks from the creator). */
  ai: boolean;
  /** Why the last job failed, in the user's words (pt-BR). */
  error?: string;
}

export interface LicenceFilesAnswer {
  tier: TierId;
  /** `ready` when every file of the tier is in `files`. */
  status: StemsStatus;
  files: DeliveredFile[];
  /** Present when the tier delivers stems. */
  stems?: StemsView;
  expiresInSeconds: number;
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
