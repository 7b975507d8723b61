import { refundTask } from '../_lib/generation/job-tasks';

/** Refund state: gives back what the failed job used, exactly once. */
export const handler = (event: { jobId: string }) => refundTask(event);
