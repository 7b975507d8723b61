import type { CaughtError } from '../_lib/generation/failures';
import { markFailedTask } from '../_lib/generation/tasks';

/** MarkFailed state: the job's failure code and message (TIMEOUT mentions the refund when there was one). */
export const handler = (event: { jobId: string; failure?: CaughtError; refund?: { refunded?: boolean } }) =>
  markFailedTask(event);
