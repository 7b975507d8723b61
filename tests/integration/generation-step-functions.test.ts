import { DescribeExecutionCommand, SFNClient, StartExecutionCommand } from '@aws-sdk/client-sfn';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStepFunctions } from '../../infra/local/step-functions';
import { logger } from '../../lambdas/_lib/logger';
import { useOwnStepFunctions } from './generation-helpers';

/** The local Step Functions endpoint speaks the SDK's JSON protocol for the calls our code makes. */
logger.setLogLevel('ERROR');

let twin: LocalStepFunctions;
let client: SFNClient;
beforeAll(async () => {
  twin = await useOwnStepFunctions();
  client = new SFNClient({ region: 'us-east-1', endpoint: twin.endpoint });
});
afterAll(async () => {
  await twin.stop();
});

describe('local Step Functions endpoint', () => {
  it('starts and describes an execution; a job that does not exist ends in the Fail state', async () => {
    const input = JSON.stringify({
      jobId: 'missing-job',
      kind: 'generate',
      limits: { generateSeconds: 5, splitSeconds: 5 },
    });
    const { executionArn } = await client.send(
      new StartExecutionCommand({
        stateMachineArn: twin.arnOf('generate-then-split'),
        name: 'missing-job',
        input,
      }),
    );
    expect(executionArn).toMatch(/:execution:generate-then-split:missing-job$/);
    await twin.waitFor(executionArn!);
    const described = await client.send(new DescribeExecutionCommand({ executionArn }));
    expect(described.status).toBe('FAILED');
    expect(described.error).toBe('GenerationFailed');
    expect(described.input).toBe(input);
    expect(described.startDate).toBeInstanceOf(Date);
  });

  it('answers a repeated name with the same execution, and a different input with ExecutionAlreadyExists', async () => {
    const arn = twin.arnOf('generate-then-split');
    const input = JSON.stringify({
      jobId: 'again',
      kind: 'split',
      limits: { generateSeconds: 5, splitSeconds: 5 },
    });
    const first = await client.send(
      new StartExecutionCommand({ stateMachineArn: arn, name: 'again', input }),
    );
    const second = await client.send(
      new StartExecutionCommand({ stateMachineArn: arn, name: 'again', input }),
    );
    expect(second.executionArn).toBe(first.executionArn);
    await expect(
      client.send(
        new StartExecutionCommand({ stateMachineArn: arn, name: 'again', input: '{"jobId":"other"}' }),
      ),
    ).rejects.toMatchObject({ name: 'ExecutionAlreadyExists' });
  });

  it('refuses an unknown state machine and an unknown execution with their AWS error names', async () => {
    await expect(
      client.send(
        new StartExecutionCommand({
          stateMachineArn: 'arn:aws:states:us-east-1:000000000000:stateMachine:nope',
          input: '{}',
        }),
      ),
    ).rejects.toMatchObject({ name: 'StateMachineDoesNotExist' });
    await expect(
      client.send(
        new DescribeExecutionCommand({
          executionArn: 'arn:aws:states:us-east-1:000000000000:execution:generate-then-split:nope',
        }),
      ),
    ).rejects.toMatchObject({ name: 'ExecutionDoesNotExist' });
  });
});
