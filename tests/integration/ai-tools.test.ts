import { randomUUID } from 'node:crypto';
import { createSocket } from 'node:dgram';
import type { AddressInfo } from 'node:net';
import { GetScheduleCommand, SchedulerClient } from '@aws-sdk/client-scheduler';
import { HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { encodeWav } from '../../shared/audio/wav';
import { decodeOsc } from '../../shared/osc/osc';
import { startLocalScheduler } from '../../infra/local/scheduler';
import { S3RVER_CREDENTIALS } from '../../infra/local/s3';
import { atExpression } from '../../lambdas/_lib/aws/scheduler';
import { invoke } from '../unit/ai-event';
import { completion, quotaError, startFakeOpenAi, type FakeOpenAi } from '../unit/ai-fake-openai';

/**
 * The AI tools against the local platform (issue 6): file analysis with its scheduled deletion through
 * the EventBridge Scheduler twin (also across a scheduler restart), ownership, OSC over UDP, voice
 * input without a key, and the chat against a fake OpenAI server.
 */
const s3 = new S3Client({
  region: process.env.AWS_REGION,
  forcePathStyle: true,
  requestChecksumCalculation: 'WHEN_REQUIRED',
});
const bucket = process.env.ANALYSIS_BUCKET!;
const saved = { ...process.env };

afterEach(() => {
  for (const key of ['OPENAI_API_KEY', 'OPENAI_BASE_URL', 'OPENAI_MAX_RETRIES', 'ATTACHMENT_TTL_SECONDS']) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
});

/** A 6 s stereo click track at 120 BPM, as a user's chat attachment under their prefix. */
async function uploadWav(sub: string): Promise<string> {
  const sr = 44100;
  const audio = new Float32Array(sr * 6);
  for (let beat = 0; beat < 12; beat++) {
    for (let i = 0; i < 1500; i++) audio[beat * (sr / 2) + i] = Math.sin(i * 0.3) * Math.exp(-i / 300) * 0.9;
  }
  const key = `${sub}/${Date.now()}_beat.wav`;
  await s3.send(
    new PutObjectCommand({
      Bucket: bucket,
      Key: key,
      Body: encodeWav({ sampleRate: sr, channels: [audio, audio] }),
      ContentType: 'audio/wav',
    }),
  );
  return key;
}

async function exists(key: string): Promise<boolean> {
  try {
    await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    return true;
  } catch {
    return false;
  }
}

async function waitUntilGone(key: string, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (!(await exists(key))) return Date.now();
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${key} still exists after ${timeoutMs} ms`);
}

describe('chat attachment analysis and scheduled deletion', () => {
  it('analyses an uploaded WAV, schedules its deletion, and the object is gone when the schedule fires', async () => {
    process.env.ATTACHMENT_TTL_SECONDS = '2';
    const sub = `user-${randomUUID()}`;
    const key = await uploadWav(sub);
    const answer = await invoke<{
      analysis: Record<string, unknown>;
      message: string;
      deleteAt: string;
      scheduleName: string;
    }>('ai-file-analysis', { key, analysisType: 'auto' }, sub);
    expect(answer.status).toBe(200);
    expect(answer.body.analysis).toMatchObject({
      kind: 'audio',
      format: 'wav',
      sampleRate: 44100,
      channels: 2,
      durationSeconds: 6,
      bpm: 120,
    });
    expect(answer.body.message).toMatch(/BPM estimado: 120/);

    // The schedule exists in the Scheduler API and in the table until it fires.
    const scheduler = new SchedulerClient({ region: process.env.AWS_REGION });
    const schedule = await scheduler.send(new GetScheduleCommand({ Name: answer.body.scheduleName }));
    expect(schedule.ScheduleExpression).toBe(atExpression(new Date(answer.body.deleteAt)));
    expect(schedule.ActionAfterCompletion).toBe('DELETE');
    expect(JSON.parse(schedule.Target!.Input!)).toEqual({ bucket, key });
    expect(await exists(key)).toBe(true);

    const goneAt = await waitUntilGone(key, 15_000);
    expect(goneAt).toBeGreaterThanOrEqual(Date.parse(answer.body.deleteAt));
    // ActionAfterCompletion DELETE: the schedule is removed after it ran.
    await new Promise((r) => setTimeout(r, 300));
    await expect(
      scheduler.send(new GetScheduleCommand({ Name: answer.body.scheduleName })),
    ).rejects.toMatchObject({
      name: 'ResourceNotFoundException',
    });
  });

  it("answers 404 for another user's object, by key and by upload id", async () => {
    const owner = `user-${randomUUID()}`;
    const key = await uploadWav(owner);
    const other = `user-${randomUUID()}`;
    expect((await invoke('ai-file-analysis', { key }, other)).status).toBe(404);
    expect((await invoke('ai-file-analysis', { key: `${other}/../${key}` }, other)).status).toBe(404);
    expect((await invoke('ai-file-analysis', { uploadId: randomUUID() }, other)).status).toBe(404);
    expect(await exists(key)).toBe(true);
  });

  it('keeps a pending deletion across a scheduler restart and fires it after reload', async () => {
    const options = {
      dynamoEndpoint: process.env.AWS_ENDPOINT_URL_DYNAMODB!,
      tableName: process.env.TABLE_NAME!,
      region: process.env.AWS_REGION!,
      credentials: S3RVER_CREDENTIALS,
      quiet: true,
    };
    const first = await startLocalScheduler(options);
    const key = await uploadWav(`user-${randomUUID()}`);
    const name = `attachment-${randomUUID()}`;
    const client = new SchedulerClient({ region: process.env.AWS_REGION, endpoint: first.endpoint });
    const fireAt = new Date(Math.ceil((Date.now() + 3000) / 1000) * 1000);
    const { CreateScheduleCommand } = await import('@aws-sdk/client-scheduler');
    await client.send(
      new CreateScheduleCommand({
        Name: name,
        ScheduleExpression: atExpression(fireAt),
        ScheduleExpressionTimezone: 'UTC',
        FlexibleTimeWindow: { Mode: 'OFF' },
        ActionAfterCompletion: 'DELETE',
        Target: {
          Arn: first.functionArn('attachment-cleanup'),
          RoleArn: first.roleArn,
          Input: JSON.stringify({ bucket, key }),
        },
      }),
    );
    await first.stop();

    // Down past the fire time: nothing deleted, the schedule is still recorded.
    await new Promise((r) => setTimeout(r, fireAt.getTime() - Date.now() + 500));
    expect(await exists(key)).toBe(true);
    const { db } = await import('../../lambdas/_lib/aws/dynamodb');
    const item = await db.send(
      new GetCommand({
        TableName: process.env.TABLE_NAME,
        Key: { PK: `SCHEDULE#default/${name}`, SK: 'META' },
      }),
    );
    expect(item.Item).toBeDefined();

    const second = await startLocalScheduler(options);
    try {
      await waitUntilGone(key, 10_000);
      await new Promise((r) => setTimeout(r, 300));
      const after = await db.send(
        new GetCommand({
          TableName: process.env.TABLE_NAME,
          Key: { PK: `SCHEDULE#default/${name}`, SK: 'META' },
        }),
      );
      expect(after.Item).toBeUndefined();
    } finally {
      await second.stop();
    }
  });

  it('refuses schedule expressions the twin cannot honour, like the real API', async () => {
    const client = new SchedulerClient({ region: process.env.AWS_REGION });
    const { CreateScheduleCommand } = await import('@aws-sdk/client-scheduler');
    await expect(
      client.send(
        new CreateScheduleCommand({
          Name: `attachment-${randomUUID()}`,
          ScheduleExpression: 'rate(5 minutes)',
          FlexibleTimeWindow: { Mode: 'OFF' },
          Target: { Arn: process.env.CLEANUP_FUNCTION_ARN!, RoleArn: process.env.SCHEDULER_ROLE_ARN! },
        }),
      ),
    ).rejects.toMatchObject({ name: 'ValidationException' });
  });
});

describe('DAW bridge over UDP', () => {
  it('sends Set BPM as an OSC packet that a UDP listener decodes', async () => {
    const socket = createSocket('udp4');
    await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
    const port = (socket.address() as AddressInfo).port;
    const received = new Promise<Buffer>((resolve) => socket.once('message', (msg) => resolve(msg)));
    try {
      const answer = await invoke<{ sent: boolean }>('daw-integration', {
        action: 'send_osc',
        dawType: 'ableton',
        data: { command: 'tempo', value: 140, host: '127.0.0.1', port, enabled: true },
      });
      expect(answer.status).toBe(200);
      expect(answer.body.sent).toBe(true);
      const packet = await received;
      expect(decodeOsc(new Uint8Array(packet))).toEqual({
        address: '/live/song/set/tempo',
        args: [{ type: 'f', value: 140 }],
      });
    } finally {
      socket.close();
    }
  });
});

describe('voice input and chat through the local API', () => {
  const apiUrl = inject('apiUrl');

  it('voice-to-text without a key is a plain 503, never a transcript', async () => {
    const response = await fetch(`${apiUrl}/api/functions/voice-to-text`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ audio: Buffer.alloc(8192, 1).toString('base64'), mimeType: 'audio/webm' }),
    });
    expect(response.status).toBe(503);
    const body = (await response.json()) as { text?: string; error: { code: string; message: string } };
    expect(body.text).toBeUndefined();
    expect(body.error.code).toBe('AI_KEY_REQUIRED');
  });

  it('the chat answers a mixing question offline without a key', async () => {
    const response = await fetch(`${apiUrl}/api/functions/chatbot`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'Técnicas de mixagem', context: 'music production assistant' }),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { offline: boolean; sources: string[]; response: string };
    expect(body.offline).toBe(true);
    expect(body.sources[0]).toMatch(/mixagem/i);
  });
});

describe('chat against an OpenAI-compatible server', () => {
  let fake: FakeOpenAi;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
  });
  afterAll(() => fake.close());

  it('returns the model answer, and maps 429 insufficient_quota to the quota message', async () => {
    process.env.OPENAI_API_KEY = 'sk-test';
    process.env.OPENAI_BASE_URL = fake.url;
    process.env.OPENAI_MAX_RETRIES = '0';
    fake.replies.push(completion('Comece pelo equilíbrio de volumes.'));
    const ok = await invoke<{ response: string; offline: boolean }>('chatbot', {
      messages: [{ role: 'user', content: 'Como mixar?' }],
    });
    expect(ok.body).toMatchObject({ response: 'Comece pelo equilíbrio de volumes.', offline: false });
    const sent = JSON.parse(fake.requests.at(-1)!.body) as { messages: { role: string; content: string }[] };
    expect(sent.messages.at(-1)).toEqual({ role: 'user', content: 'Como mixar?' });

    fake.replies.push(quotaError);
    const quota = await invoke<{ error: { message: string } }>('chatbot', { message: 'Como mixar?' });
    expect(quota.status).toBe(429);
    expect(quota.body.error.message).toBe(
      'Limite de quota da API OpenAI excedido. Verifique seu plano e detalhes de cobrança.',
    );
    // maxRetries 0: the quota error was not retried.
    expect(fake.requests).toHaveLength(2);
  });
});
