import { DeleteObjectCommand } from '@aws-sdk/client-s3';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeWav } from '../../shared/audio/wav';
import { defaultTiers } from '../../shared/licensing/tiers';
import { db } from '../../lambdas/_lib/aws/dynamodb';
import { config } from '../../lambdas/_lib/config';
import { keys } from '../../lambdas/_lib/db/keys';
import { listClientOrders } from '../../lambdas/_lib/db/orders';
import { getLicence } from '../../lambdas/_lib/licensing/store';
import { client, creator, publish, putAudioBucketObject, testS3, type Claims } from './marketplace-helpers';
import {
  api,
  pay,
  startLicensingEnv,
  waitForFiles,
  type FilesAnswer,
  type LicensingEnv,
} from './licensing-helpers';

/**
 * The stems ZIP of a Trackout licence with AI stems is prepared by the licence-stems-zip job, started
 * with an asynchronous Lambda invoke (locally: the twin's Lambda endpoint, on a worker thread) — never
 * inside the API call. Status on the licence: preparing → ready | failed; one job at a time; retry.
 */
let env: LicensingEnv;

beforeAll(async () => {
  env = await startLicensingEnv();
});
afterAll(async () => {
  await env?.stop();
});

const SR = 22050;
function masterWav(seconds: number): Buffer {
  const left = new Float32Array(SR * seconds).map(
    (_, i) => 0.3 * Math.sin((2 * Math.PI * 110 * i) / SR) + (i % 5512 < 300 ? 0.5 : 0),
  );
  return Buffer.from(encodeWav({ sampleRate: SR, channels: [left, left] }));
}

/** A beat with AI stems on a WAV master, bought as a Trackout lease by a new buyer. */
async function boughtTrackout(): Promise<{
  buyer: Claims;
  orderId: string;
  projectId: string;
  master: string;
}> {
  const owner = creator('Produtor Job Stems');
  const beat = await publish(owner, { price: 30 });
  const master = `audio/${owner.sub}/${Date.now()}_master.wav`;
  await putAudioBucketObject(master, masterWav(4), 'audio/wav');
  const settings = await api('PUT', `/api/creator/projects/${beat.id}/licences`, {
    claims: owner,
    body: { tiers: defaultTiers(30), wav_key: master, ai_stems: true },
  });
  expect(settings.status).toBe(200);
  const buyer = client('Compradora Stems');
  const session = await api<{ url: string }>('POST', '/api/functions/create-payment', {
    claims: buyer,
    body: { projectId: beat.id, tier: 'trackout' },
  });
  await pay(session.body.url);
  const [order] = await listClientOrders(buyer.sub);
  return { buyer, orderId: order!.id, projectId: beat.id, master };
}

/**
 * The licence once its job has recorded its result. The ZIP is served as soon as its upload completes,
 * which is a moment before the job writes 'ready' on the licence: a slow machine can see that gap.
 */
async function settledLicence(projectId: string, orderId: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const licence = await getLicence(projectId, orderId);
    if (licence?.stems_status !== 'preparing' || Date.now() > deadline) return licence;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const files = (buyer: Claims, orderId: string) =>
  api<FilesAnswer>('GET', `/api/licences/${orderId}/files`, { claims: buyer });
const retry = (buyer: Claims, orderId: string) =>
  api<FilesAnswer>('POST', `/api/licences/${orderId}/stems`, { claims: buyer });

describe('AI stems ZIP as a background job', () => {
  it('requests while preparing start one job; when ready the stems link appears', async () => {
    const { buyer, orderId, projectId } = await boughtTrackout();
    const answers = await Promise.all(Array.from({ length: 5 }, () => files(buyer, orderId)));
    expect(answers.map((a) => a.status)).toEqual([202, 202, 202, 202, 202]);
    for (const answer of answers) {
      expect(answer.body).toMatchObject({ status: 'preparing', stems: { status: 'preparing', ai: true } });
      // The MP3 and WAV are downloadable meanwhile.
      expect(answer.body.files.map((f) => f.kind)).toEqual(['mp3', 'wav']);
    }
    const started = await getLicence(projectId, orderId);
    expect(started?.stems_status).toBe('preparing');
    const jobId = started!.stems_job_id;

    const ready = await waitForFiles(buyer, orderId);
    expect(ready.status).toBe(200);
    expect(ready.body.status).toBe('ready');
    expect(ready.body.files.map((f) => f.kind)).toEqual(['mp3', 'wav', 'stems']);
    const zip = unzipSync(new Uint8Array(await (await fetch(ready.body.files[2]!.url)).arrayBuffer()));
    expect(Object.keys(zip).filter((n) => n.endsWith('(AI-separated).wav'))).toHaveLength(4);
    // Every request joined the one job (each start writes a new job id).
    expect(await settledLicence(projectId, orderId)).toMatchObject({
      stems_status: 'ready',
      stems_job_id: jobId,
    });
    // Another user cannot ask for this licence's stems.
    expect((await retry(client(), orderId)).status).toBe(404);
  }, 90_000);

  it('a failed job is reported with its reason, is not restarted by polling, and can be retried', async () => {
    const { buyer, orderId, projectId, master } = await boughtTrackout();
    // The creator's WAV master disappears before the buyer asks for the stems: the split cannot run.
    await testS3.send(new DeleteObjectCommand({ Bucket: config.AUDIO_BUCKET, Key: master }));
    expect((await files(buyer, orderId)).status).toBe(202);
    const failed = await waitForFiles(buyer, orderId);
    expect(failed.status).toBe(200);
    expect(failed.body).toMatchObject({ status: 'failed', stems: { status: 'failed', ai: true } });
    // The reason is an error code (each reader sees it in their language), never a stored sentence.
    expect(failed.body.stems?.error?.code).toMatch(/^[A-Z][A-Z0-9_]+$/);
    const failedJob = (await getLicence(projectId, orderId))?.stems_job_id;
    // Polling again does not start another job.
    expect((await files(buyer, orderId)).body.status).toBe('failed');
    expect((await getLicence(projectId, orderId))?.stems_job_id).toBe(failedJob);

    // The WAV is back: "try again" starts a new job (twice at once → still one), which succeeds.
    await putAudioBucketObject(master, masterWav(4), 'audio/wav');
    const retried = await Promise.all([retry(buyer, orderId), retry(buyer, orderId)]);
    expect(retried.map((r) => r.status)).toEqual([202, 202]);
    const newJob = (await getLicence(projectId, orderId))?.stems_job_id;
    expect(newJob).not.toBe(failedJob);
    const ready = await waitForFiles(buyer, orderId);
    expect(ready.body.status).toBe('ready');
    expect(ready.body.files.map((f) => f.kind)).toEqual(['mp3', 'wav', 'stems']);
    expect((await getLicence(projectId, orderId))?.stems_job_id).toBe(newJob);
  }, 90_000);

  it('a job that died without a word (still preparing past its timeout) counts as failed and can be retried', async () => {
    const { buyer, orderId, projectId } = await boughtTrackout();
    // As if a job had started 20 minutes ago and its Lambda was killed (no result recorded).
    await db.send(
      new UpdateCommand({
        TableName: config.TABLE_NAME,
        Key: { PK: keys.project(projectId), SK: keys.licence(orderId) },
        UpdateExpression: 'SET stems_status = :p, stems_job_id = :j, stems_started_at = :t',
        ExpressionAttributeValues: {
          ':p': 'preparing',
          ':j': 'dead-job',
          ':t': new Date(Date.now() - 20 * 60_000).toISOString(),
        },
      }),
    );
    const stale = await files(buyer, orderId);
    expect(stale.body).toMatchObject({ status: 'failed', stems: { status: 'failed' } });
    expect(stale.body.stems?.error).toEqual({ code: 'STEMS_FAILED', params: { context: 'stale' } });
    expect((await retry(buyer, orderId)).status).toBe(202);
    expect((await waitForFiles(buyer, orderId)).body.status).toBe('ready');
  }, 90_000);
});
