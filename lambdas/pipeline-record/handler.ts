import type { ExecutionInput } from '../_lib/generation/start';
import { recordTask } from '../_lib/generation/job-tasks';

/** Task state of infra/state-machines/generate-then-split.asl.json (see lambdas/_lib/generation/tasks.ts). */
export const handler = (event: ExecutionInput) => recordTask(event);
