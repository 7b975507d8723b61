import { SFNClient, StartExecutionCommand } from '@aws-sdk/client-sfn';
import * as z from 'zod';
import type { JobKind } from '../../../shared/schemas/generation';
import { config } from '../config';

/**
 * Starting the generate-then-split state machine for a job. The execution's input is only the job id,
 * its kind and the time budgets: everything else is read from the job item by each task.
 */

const Settings = z.object({
  STATE_MACHINE_ARN: z.string().min(1, 'STATE_MACHINE_ARN is not set'),
  /** Budget of the Generate state (TimeoutSecondsPath): a stuck provider fails the job with TIMEOUT. */
  GENERATE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(900).default(600),
  /** Budget of the SplitStems state: a 1 GiB WAV at ≥ 10× real time fits in the Lambda's 15 minutes. */
  SPLIT_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(900).default(900),
});

export interface ExecutionInput {
  jobId: string;
  kind: JobKind;
  limits: { generateSeconds: number; splitSeconds: number };
}

export const sfn = new SFNClient({ region: config.AWS_REGION });

export async function startJobExecution(jobId: string, kind: JobKind): Promise<string> {
  const settings = Settings.parse(process.env);
  const input: ExecutionInput = {
    jobId,
    kind,
    limits: {
      generateSeconds: settings.GENERATE_TIMEOUT_SECONDS,
      splitSeconds: settings.SPLIT_TIMEOUT_SECONDS,
    },
  };
  const { executionArn } = await sfn.send(
    // The job id names the execution: starting it twice fails instead of running twice.
    new StartExecutionCommand({
      stateMachineArn: settings.STATE_MACHINE_ARN,
      name: jobId.slice(0, 80),
      input: JSON.stringify(input),
    }),
  );
  return executionArn ?? '';
}
