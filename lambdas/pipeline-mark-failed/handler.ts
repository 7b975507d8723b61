import type { CaughtError } from '../_lib/generation/failures';
import { markFailedTask } from '../_lib/generation/job-tasks';
import { countMetric, METRIC } from '../_lib/metrics';

/** MarkFailed state: the job's failure code and message (TIMEOUT mentions the refund when there was one). */
export const handler = async (event: {
  jobId: string;
  failure?: CaughtError;
  refund?: { refunded?: boolean };
}) => {
  const result = await markFailedTask(event);
  countMetric(METRIC.GenerationsFailed);
  return result;
};
