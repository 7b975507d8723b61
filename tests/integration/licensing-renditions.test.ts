import { GetObjectCommand } from '@aws-sdk/client-s3';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wavToMp3 } from '../../shared/audio/mp3';
import { encodeWav } from '../../shared/audio/wav';
import { defaultTiers } from '../../shared/licensing/tiers';
import { db } from '../../lambdas/_lib/aws/dynamodb';
import { config } from '../../lambdas/_lib/config';
import { getProject, projectKey, type ProjectRecord } from '../../lambdas/_lib/db/projects';
import { listClientOrders } from '../../lambdas/_lib/db/orders';
import { listedBeats, publicMediaAt } from './catalogue-helpers';
import {
  call,
  client,
  creator,
  publish,
  putAudioBucketObject,
  testS3,
  type Claims,
} from './marketplace-helpers';
import {
  api,
  pay,
  startLicensingEnv,
  waitForFiles,
  type FilesAnswer,
  type LicensingEnv,
} from './licensing-helpers';

/**
 * A beat uploaded as a WAV: publishing starts the beat-renditions job (async Lambda invoke; locally the
 * twin's Lambda endpoint, on a worker thread), which stores a 320 kbps MP3 and a 128 kbps preview on the
 * project. The catalogue plays the preview, the MP3 lease gets the MP3, the WAV lease the master.
 */
let env: LicensingEnv;
beforeAll(async () => {
  env = await startLicensingEnv();
});
afterAll(async () => {
  await env?.stop();
});

const SR = 44100;
function masterWav(seconds: number): Buffer {
  const tone = (f: number) =>
    Float32Array.from({ length: SR * seconds }, (_, i) => 0.3 * Math.sin((2 * Math.PI * f * i) / SR));
  return Buffer.from(encodeWav({ sampleRate: SR, channels: [tone(110), tone(165)] }));
}

const isMp3 = (bytes: Uint8Array) =>
  Buffer.from(bytes.subarray(0, 3)).toString('ascii') === 'ID3' ||
  (bytes[0] === 0xff && [0xfb, 0xfa, 0xf3].includes(bytes[1]!));

async function download(url: string): Promise<Uint8Array> {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  return new Uint8Array(await response.arrayBuffer());
}

async function stored(key: string): Promise<Uint8Array> {
  const object = await testS3.send(new GetObjectCommand({ Bucket: config.AUDIO_BUCKET, Key: key }));
  return object.Body!.transformToByteArray();
}

/** Polls the project item until its renditions job has finished (ready or failed). */
async function renditionsDone(projectId: string, timeoutMs = 60_000): Promise<ProjectRecord> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const project = (await getProject(projectId, true))!;
    if (project.renditions_status !== 'preparing' || Date.now() > deadline) return project;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A creator publishes a 3-second 44.1 kHz stereo WAV beat, MP3 and WAV leases on sale. */
async function wavBeat(): Promise<{ owner: Claims; id: string; master: string }> {
  const owner = creator('Produtora Renditions');
  const master = `audio/${owner.sub}/${Date.now()}_master.wav`;
  await putAudioBucketObject(master, masterWav(3), 'audio/wav');
  const beat = await publish(owner, { audioKey: master, price: 40 });
  return { owner, id: beat.id, master };
}

async function buy(
  projectId: string,
  tier: 'mp3' | 'wav' | 'exclusive',
): Promise<{ buyer: Claims; orderId: string }> {
  const buyer = client(`Comprador ${tier}`);
  const session = await api<{ url: string }>('POST', '/api/functions/create-payment', {
    claims: buyer,
    body: { projectId, tier },
  });
  expect(session.status).toBe(200);
  await pay(session.body.url);
  const [order] = await listClientOrders(buyer.sub);
  return { buyer, orderId: order!.id };
}

const files = (buyer: Claims, orderId: string) =>
  api<FilesAnswer & { mp3?: { status: string; message: string } }>('GET', `/api/licences/${orderId}/files`, {
    claims: buyer,
  });

/** The beat's page and its catalogue card play the public preview, never the master. */
async function expectCataloguePlaysPreview(
  owner: Claims,
  project: ProjectRecord,
  master: string,
): Promise<void> {
  const page = await call<{ project: { id: string; audioUrl: string } }>(
    'GET',
    `/api/projects/${project.id}`,
  );
  // The catalogue card, once the indexer has read the finished renditions from the table's stream.
  const card = (await listedBeats(owner.sub)).items.find((p) => p.id === project.id)!;
  for (const listed of [page.body.project, card]) {
    const url = new URL(publicMediaAt(listed.audioUrl!));
    expect(decodeURIComponent(url.pathname)).toContain(project.preview_key!);
    expect(decodeURIComponent(url.pathname)).not.toContain(master);
    expect(isMp3(await download(url.toString()))).toBe(true);
  }
}

describe('renditions of a WAV beat', () => {
  it('publishing stores a 320 kbps MP3 and a preview; the catalogue plays the preview, not the master', async () => {
    const { owner, id, master } = await wavBeat();
    const project = await renditionsDone(id);
    expect(project.renditions_status).toBe('ready');
    expect(project.mp3_key).toMatch(new RegExp(`^renditions/${id}/.+/master-320\\.mp3$`));
    expect(project.preview_key).toMatch(new RegExp(`^renditions/${id}/.+/preview-128\\.mp3$`));
    const [mp3, preview] = await Promise.all([stored(project.mp3_key!), stored(project.preview_key!)]);
    expect(isMp3(mp3) && isMp3(preview)).toBe(true);
    // 3 s at 320 and 128 kbps (plus the encoder's padding frames).
    expect(mp3.length).toBeGreaterThan(115_000);
    expect(mp3.length).toBeLessThan(130_000);
    expect(preview.length).toBeLessThan(mp3.length / 2);

    await expectCataloguePlaysPreview(owner, project, master);
  }, 90_000);

  it('the MP3 lease gets the MP3 rendition and the WAV lease the master WAV', async () => {
    const { id } = await wavBeat();
    await renditionsDone(id);
    const mp3Lease = await buy(id, 'mp3');
    const mp3Files = await files(mp3Lease.buyer, mp3Lease.orderId);
    expect(mp3Files.status).toBe(200);
    expect(mp3Files.body.status).toBe('ready');
    expect(mp3Files.body.files.map((f) => f.kind)).toEqual(['mp3']);
    expect(mp3Files.body.files[0]!.name).toMatch(/\.mp3$/);
    expect(isMp3(await download(mp3Files.body.files[0]!.url))).toBe(true);

    const wavLease = await buy(id, 'wav');
    const wavFiles = await files(wavLease.buyer, wavLease.orderId);
    expect(wavFiles.status).toBe(200);
    expect(wavFiles.body.files.map((f) => f.kind)).toEqual(['mp3', 'wav']);
    expect(wavFiles.body.files[1]!.name).toMatch(/\.wav$/);
    expect(isMp3(await download(wavFiles.body.files[0]!.url))).toBe(true);
    const wav = await download(wavFiles.body.files[1]!.url);
    expect(Buffer.from(wav.subarray(0, 4)).toString('ascii')).toBe('RIFF');
    // Short links, for this purchase only.
    expect(Number(new URL(wavFiles.body.files[1]!.url).searchParams.get('X-Amz-Expires'))).toBe(300);
    expect((await files(mp3Lease.buyer, wavLease.orderId)).status).toBe(404);
  }, 90_000);

  it('while the MP3 is not ready the files answer says so, never the master under an MP3 label', async () => {
    const { id } = await wavBeat();
    await renditionsDone(id);
    // As if the job were still running (another job id: the real one has finished).
    await db.send(
      new UpdateCommand({
        TableName: config.TABLE_NAME,
        Key: projectKey(id),
        UpdateExpression:
          'SET renditions_status = :p, renditions_job_id = :j, renditions_started_at = :t REMOVE mp3_key',
        ExpressionAttributeValues: { ':p': 'preparing', ':j': 'running-job', ':t': new Date().toISOString() },
      }),
    );
    const { buyer, orderId } = await buy(id, 'wav');
    const answer = await files(buyer, orderId);
    expect(answer.status).toBe(202);
    expect(answer.body.status).toBe('preparing');
    expect(answer.body.mp3).toEqual({ status: 'preparing' });
    // The master stays downloadable as the WAV it is.
    expect(answer.body.files.map((f) => f.kind)).toEqual(['wav']);
  }, 90_000);

  it('a beat published before renditions existed gets its MP3 when a buyer first asks for the files', async () => {
    const { id } = await wavBeat();
    await renditionsDone(id);
    await db.send(
      new UpdateCommand({
        TableName: config.TABLE_NAME,
        Key: projectKey(id),
        UpdateExpression:
          'REMOVE renditions_status, renditions_job_id, renditions_started_at, mp3_key, preview_key',
      }),
    );
    const { buyer, orderId } = await buy(id, 'mp3');
    const first = await files(buyer, orderId);
    expect(first.status).toBe(202);
    expect(first.body.files).toEqual([]);
    const ready = await waitForFiles(buyer, orderId);
    expect(ready.status).toBe(200);
    expect(ready.body.files.map((f) => f.kind)).toEqual(['mp3']);
    expect(ready.body.files[0]!.name).toMatch(/\.mp3$/);
    expect(isMp3(await download(ready.body.files[0]!.url))).toBe(true);
  }, 90_000);
});

describe('renditions of an MP3 beat', () => {
  it('publishing stores a 128 kbps preview; the catalogue plays it, never the MP3 the lease sells', async () => {
    const owner = creator('Produtora MP3');
    const master = `audio/${owner.sub}/${Date.now()}_master.mp3`;
    const masterMp3 = wavToMp3(masterWav(3), { kbps: 320 });
    await putAudioBucketObject(master, Buffer.from(masterMp3), 'audio/mpeg');
    const { id } = await publish(owner, { audioKey: master, price: 40 });
    const project = await renditionsDone(id);
    expect(project.renditions_status).toBe('ready');
    expect(project.preview_key).toMatch(new RegExp(`^renditions/${id}/.+/preview-128\\.mp3$`));
    // The uploaded MP3 stays the MP3 lease's file; only the preview is new.
    expect(project.mp3_key).toBe(master);
    const preview = await stored(project.preview_key!);
    expect(isMp3(preview)).toBe(true);
    expect(preview.length).toBeLessThan(masterMp3.length / 2);

    await expectCataloguePlaysPreview(owner, project, master);
  }, 90_000);
});

describe('the Exclusive lists stems only when they will be delivered', () => {
  it('without multitracks or AI stems the Exclusive offers MP3 and WAV; with AI stems, the stems too', async () => {
    const { owner, id } = await wavBeat();
    const tiers = defaultTiers(40);
    tiers.exclusive.enabled = true;
    const save = (ai_stems: boolean) =>
      api('PUT', `/api/creator/projects/${id}/licences`, { claims: owner, body: { tiers, ai_stems } });
    expect((await save(false)).status).toBe(200);
    type View = { tiers: { id: string; files: string[] }[] };
    const exclusiveFiles = async () =>
      (await api<View>('GET', `/api/projects/${id}/licences`)).body.tiers.find((t) => t.id === 'exclusive')!
        .files;
    expect(await exclusiveFiles()).toEqual(['mp3', 'wav']);
    expect((await save(true)).status).toBe(200);
    expect(await exclusiveFiles()).toEqual(['mp3', 'wav', 'stems']);

    // Sold without stems: the licence records it, and its files are the MP3 and the WAV.
    expect((await save(false)).status).toBe(200);
    await renditionsDone(id);
    const { buyer, orderId } = await buy(id, 'exclusive');
    const answer = await files(buyer, orderId);
    expect(answer.status).toBe(200);
    expect(answer.body.files.map((f) => f.kind)).toEqual(['mp3', 'wav']);
    const { getLicence } = await import('../../lambdas/_lib/licensing/store');
    expect((await getLicence(id, orderId))?.stems_included).toBe(false);
  }, 90_000);
});
