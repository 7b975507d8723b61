import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32 } from 'node:zlib';
import { GetObjectCommand, HeadObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalLambda, type LocalLambda } from '../../infra/local/lambda-invoke';
import { decodeWav, encodeWav } from '../../shared/audio/wav';
import { defaultTiers } from '../../shared/licensing/tiers';
import {
  storedZipBytes,
  writeStoredZip,
  ZipSourceChanged,
  ZipTooLarge,
} from '../../lambdas/_lib/audio/object-zip';
import { s3 } from '../../lambdas/_lib/aws/s3';
import { config } from '../../lambdas/_lib/config';
import { listClientOrders } from '../../lambdas/_lib/db/orders';
import { getProject } from '../../lambdas/_lib/db/projects';
import { buildStemsZip } from '../../lambdas/_lib/licensing/stems-zip';
import { getLicence, getLicenceSettings } from '../../lambdas/_lib/licensing/store';
import { client, creator, publish, putAudioBucketObject, testS3, type Claims } from './marketplace-helpers';
import { api, pay, startLicensingEnv, waitForFiles, type LicensingEnv } from './licensing-helpers';
import { formatApiError } from '../../shared/i18n/api-errors/format';
import apiErrorsPtBR from '../../shared/i18n/api-errors/pt-BR';

/**
 * The stems ZIP's contents, built by the licence-stems-zip job with bounded memory: AI stems split from the
 * master straight to objects and a stored ZIP streamed from them in parts; multitracks streamed as
 * uploaded. A master that turns out broken fails the job and leaves neither a ZIP nor stem objects.
 * The jobs run on a Lambda endpoint of this file's own (its worker threads copy this process's
 * environment), so a test can configure a managed stems provider.
 */
let env: LicensingEnv;
let lambda: LocalLambda;
const savedLambdaEndpoint = process.env.AWS_ENDPOINT_URL_LAMBDA;

beforeAll(async () => {
  env = await startLicensingEnv();
  lambda = await startLocalLambda({ quiet: true });
  process.env.AWS_ENDPOINT_URL_LAMBDA = lambda.endpoint;
});
afterAll(async () => {
  process.env.AWS_ENDPOINT_URL_LAMBDA = savedLambdaEndpoint;
  await lambda?.stop();
  await env?.stop();
});

const SR = 44100;
const SECONDS = 3;

/** A 24-bit stereo master with different channels: a bass note, a click train, a high tone on the right. */
function master(): Uint8Array {
  const n = SR * SECONDS;
  const left = new Float32Array(n).map(
    (_, i) => 0.3 * Math.sin((2 * Math.PI * 110 * i) / SR) + (i % 11025 < 200 ? 0.4 : 0),
  );
  const right = new Float32Array(n).map(
    (_, i) => left[i]! * 0.7 + 0.1 * Math.sin((2 * Math.PI * 1760 * i) / SR),
  );
  return encodeWav({ sampleRate: SR, channels: [left, right] }, 'pcm24');
}

async function exists(key: string): Promise<boolean> {
  try {
    await testS3.send(new HeadObjectCommand({ Bucket: config.AUDIO_BUCKET, Key: key }));
    return true;
  } catch {
    return false;
  }
}

async function keysUnder(prefix: string): Promise<string[]> {
  const list = await testS3.send(new ListObjectsV2Command({ Bucket: config.AUDIO_BUCKET, Prefix: prefix }));
  return (list.Contents ?? []).map((object) => object.Key!);
}

/** A Trackout lease bought by a new buyer, on a beat with the given licence files. */
async function boughtTrackout(files: { master?: Uint8Array; stems?: Record<string, Uint8Array> }): Promise<{
  buyer: Claims;
  orderId: string;
  projectId: string;
  masterKey: string;
  stemsKeys: string[];
  title: string;
}> {
  const owner = creator('Produtor ZIP Stems');
  const beat = await publish(owner, { price: 30 });
  const masterKey = `audio/${owner.sub}/${Date.now()}_master.wav`;
  await putAudioBucketObject(masterKey, Buffer.from(files.master ?? master()), 'audio/wav');
  const stemsKeys: string[] = [];
  for (const [name, bytes] of Object.entries(files.stems ?? {})) {
    const key = `stems/${owner.sub}/${Date.now()}_${name}`;
    await putAudioBucketObject(key, Buffer.from(bytes), 'audio/wav');
    stemsKeys.push(key);
  }
  const settings = await api('PUT', `/api/creator/projects/${beat.id}/licences`, {
    claims: owner,
    body: {
      tiers: defaultTiers(30),
      wav_key: masterKey,
      ai_stems: stemsKeys.length === 0,
      stems_keys: stemsKeys,
    },
  });
  expect(settings.status).toBe(200);
  const buyer = client('Compradora ZIP');
  const session = await api<{ url: string }>('POST', '/api/functions/create-payment', {
    claims: buyer,
    body: { projectId: beat.id, tier: 'trackout' },
  });
  await pay(session.body.url);
  const [order] = await listClientOrders(buyer.sub);
  return { buyer, orderId: order!.id, projectId: beat.id, masterKey, stemsKeys, title: beat.title };
}

/**
 * Reads a ZIP front to back from its local headers, as Java's `ZipInputStream` does (it refuses a stored
 * entry followed by a data descriptor), and insists on that shape: stored entries whose local header
 * carries the CRC and sizes (bit 3 clear) and whose data is followed directly by the next header. Then
 * checks that the central directory and its end record agree with what was read, to the last byte.
 */
function readZipStreaming(zip: Uint8Array): Record<string, Uint8Array> {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const names = new TextDecoder('utf-8', { fatal: true });
  const read: { name: string; flags: number; crc: number; size: number; offset: number }[] = [];
  const files: Record<string, Uint8Array> = {};
  let at = 0;
  while (view.getUint32(at, true) === 0x04034b50) {
    const flags = view.getUint16(at + 6, true);
    const name = names.decode(zip.subarray(at + 30, at + 30 + view.getUint16(at + 26, true)));
    expect(flags & 0x08, `${name}: data descriptor flag`).toBe(0);
    expect(view.getUint16(at + 8, true), `${name}: method`).toBe(0);
    const crc = view.getUint32(at + 14, true);
    const size = view.getUint32(at + 22, true);
    expect(view.getUint32(at + 18, true), `${name}: stored size`).toBe(size);
    const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
    const data = zip.subarray(start, start + size);
    expect(data.length, `${name}: data`).toBe(size);
    expect(crc32(data), `${name}: CRC`).toBe(crc);
    read.push({ name, flags, crc, size, offset: at });
    files[name] = data;
    at = start + size;
  }
  // Straight after the last entry's data comes the central directory (no 0x08074b50 descriptor).
  const directory = at;
  for (const entry of read) {
    expect(view.getUint32(at, true)).toBe(0x02014b50);
    expect({
      flags: view.getUint16(at + 8, true),
      crc: view.getUint32(at + 16, true),
      size: view.getUint32(at + 24, true),
      offset: view.getUint32(at + 42, true),
      name: names.decode(zip.subarray(at + 46, at + 46 + view.getUint16(at + 28, true))),
    }).toEqual({
      flags: entry.flags,
      crc: entry.crc,
      size: entry.size,
      offset: entry.offset,
      name: entry.name,
    });
    expect(view.getUint32(at + 20, true)).toBe(entry.size);
    at += 46 + view.getUint16(at + 28, true) + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  expect(view.getUint32(at, true)).toBe(0x06054b50);
  expect(view.getUint16(at + 10, true)).toBe(read.length);
  expect(view.getUint32(at + 12, true)).toBe(at - directory);
  expect(view.getUint32(at + 16, true)).toBe(directory);
  expect(at + 22).toBe(zip.length);
  return files;
}

/** The archive as Java would read it, checked against fflate's reading of the central directory. */
function readZip(zip: Uint8Array): Record<string, Uint8Array> {
  const files = readZipStreaming(zip);
  const indexed = unzipSync(zip);
  expect(Object.keys(files).sort()).toEqual(Object.keys(indexed).sort());
  for (const [name, data] of Object.entries(files))
    expect(Buffer.from(data).equals(Buffer.from(indexed[name]!)), name).toBe(true);
  return files;
}

async function stemsZip(buyer: Claims, orderId: string): Promise<Record<string, Uint8Array>> {
  expect((await api('GET', `/api/licences/${orderId}/files`, { claims: buyer })).status).toBe(202);
  const ready = await waitForFiles(buyer, orderId, 90_000);
  expect(ready.body.status).toBe('ready');
  const stems = ready.body.files.find((file) => file.kind === 'stems')!;
  return readZip(new Uint8Array(await (await fetch(stems.url)).arrayBuffer()));
}

async function objectBytes(key: string): Promise<Uint8Array> {
  const object = await testS3.send(new GetObjectCommand({ Bucket: config.AUDIO_BUCKET, Key: key }));
  return object.Body!.transformToByteArray();
}

describe('licence stems ZIP, streamed', () => {
  it('AI stems: four WAVs of the master’s length and rate that sum back to it, plus LEIA-ME.txt', async () => {
    const bytes = master();
    const { buyer, orderId } = await boughtTrackout({ master: bytes });
    const zip = await stemsZip(buyer, orderId);
    const names = Object.keys(zip).sort();
    expect(names).toHaveLength(5);
    expect(
      names.filter((name) => / - (vocals|drums|bass|other) \(AI-separated\)\.wav$/.test(name)),
    ).toHaveLength(4);
    expect(new TextDecoder().decode(zip['LEIA-ME.txt'])).toContain('AI-separated stems');
    const input = decodeWav(bytes);
    const stems = names.filter((name) => name.endsWith('.wav')).map((name) => decodeWav(zip[name]!));
    for (const stem of stems) {
      expect(stem.sampleRate).toBe(SR);
      expect(stem.channels).toHaveLength(2);
      expect(stem.channels[0]!.length).toBe(SR * SECONDS);
    }
    // `other` is the input minus the other three: the sum is the master but for 16-bit rounding.
    let worst = 0;
    for (let c = 0; c < 2; c++)
      for (let i = 0; i < SR * SECONDS; i++) {
        const sum = stems.reduce((total, stem) => total + stem.channels[c]![i]!, 0);
        worst = Math.max(worst, Math.abs(sum - input.channels[c]![i]!));
      }
    expect(worst).toBeLessThan(1e-3);
    // The stem objects were only the ZIP's input: deleted once zipped.
    expect(await keysUnder(`licences/${orderId}/stems/`)).toEqual([]);
  }, 120_000);

  it('a truncated master fails the job saying the master is damaged, and leaves no ZIP and no stem objects', async () => {
    const { buyer, orderId, masterKey } = await boughtTrackout({});
    // The master is replaced by a cut copy after the settings were saved (its header still says 3 s).
    const bytes = master();
    await putAudioBucketObject(masterKey, Buffer.from(bytes.subarray(0, bytes.length / 2)), 'audio/wav');
    expect((await api('GET', `/api/licences/${orderId}/files`, { claims: buyer })).status).toBe(202);
    const failed = await waitForFiles(buyer, orderId, 90_000);
    expect(failed.body).toMatchObject({ status: 'failed', stems: { status: 'failed', ai: true } });
    // The buyer cannot mend the creator's master: told it is damaged, not to send a complete file.
    const error = failed.body.stems?.error;
    expect(error).toMatchObject({ code: 'STEMS_FAILED', params: { context: 'master' } });
    expect(formatApiError(apiErrorsPtBR, error!.code, error!.params)).toBe(
      'O master deste beat está danificado e não dá para separar os stems dele. Fale com o suporte.',
    );
    expect(await exists(`licences/${orderId}/stems.zip`)).toBe(false);
    expect(await keysUnder(`licences/${orderId}/`)).toEqual([]);
  }, 120_000);

  it('multitracks: the creator’s files byte for byte, named without the upload prefix', async () => {
    const tone = (hz: number) =>
      encodeWav({
        sampleRate: SR,
        channels: [new Float32Array(SR).map((_, i) => Math.sin((2 * Math.PI * hz * i) / SR))],
      });
    const kick = tone(60);
    const keys = tone(440);
    const { buyer, orderId } = await boughtTrackout({ stems: { 'kick.wav': kick, 'keys.wav': keys } });
    const zip = await stemsZip(buyer, orderId);
    expect(Object.keys(zip).sort()).toEqual(['keys.wav', 'kick.wav']);
    expect(Buffer.from(zip['kick.wav']!).equals(Buffer.from(kick))).toBe(true);
    expect(Buffer.from(zip['keys.wav']!).equals(Buffer.from(keys))).toBe(true);
  }, 120_000);

  it('a multitrack replaced while it is zipped fails with its own reason (try again), and stores no ZIP', async () => {
    const { orderId, projectId, stemsKeys } = await boughtTrackout({
      stems: { 'kick.wav': encodeWav({ sampleRate: SR, channels: [new Float32Array(SR)] }) },
    });
    const [stem] = stemsKeys;
    // Built here rather than by the job's worker thread, so this process's S3 client can replace the stem
    // between the read for its CRC and the read into the archive (as a creator re-uploading would).
    let reads = 0;
    s3.middlewareStack.add(
      (next, context) => async (args) => {
        const input = args.input as { Key?: string };
        if (context.commandName === 'GetObjectCommand' && input.Key === stem && ++reads === 2)
          await putAudioBucketObject(stem!, Buffer.alloc(SR, 1), 'audio/wav');
        return next(args);
      },
      { step: 'initialize', name: 'replaceStemBetweenReads' },
    );
    const licence = (await getLicence(projectId, orderId))!;
    const project = (await getProject(projectId))!;
    try {
      const built = buildStemsZip(licence, project, await getLicenceSettings(project));
      await expect(built).rejects.toMatchObject({ code: 'STEMS_FAILED', params: { context: 'changed' } });
    } finally {
      s3.middlewareStack.remove('replaceStemBetweenReads');
    }
    expect(formatApiError(apiErrorsPtBR, 'STEMS_FAILED', { context: 'changed' })).toBe(
      'O produtor atualizou os arquivos deste beat enquanto os stems eram preparados. Tente novamente.',
    );
    expect(await exists(`licences/${orderId}/stems.zip`)).toBe(false);
  }, 120_000);
});

describe('writeStoredZip', () => {
  it('every entry’s local header carries its CRC and sizes (no data descriptor), so Java-style readers accept it', async () => {
    const dir = `test-zip/${randomUUID()}`;
    // Over one 8 MiB part, so the archive goes up in several parts.
    const big = Buffer.from(new Uint8Array(9 * 1024 * 1024 + 123).map((_, i) => (i * 31) & 255));
    const wav = Buffer.from(master());
    await putAudioBucketObject(`${dir}/big.bin`, big, 'application/octet-stream');
    await putAudioBucketObject(`${dir}/stem.wav`, wav, 'audio/wav');
    await putAudioBucketObject(`${dir}/empty.bin`, Buffer.alloc(0), 'application/octet-stream');
    const readme = new TextEncoder().encode('Leia-me: stems ♪\r\n');
    const entries = [
      { name: 'big.bin', key: `${dir}/big.bin` },
      { name: 'Canção - baixo (AI-separated).wav', key: `${dir}/stem.wav` },
      { name: 'empty.bin', key: `${dir}/empty.bin` },
      { name: 'LEIA-ME.txt', bytes: readme },
    ];
    const key = `${dir}/out.zip`;
    const size = await writeStoredZip(config.AUDIO_BUCKET, key, entries);
    const zip = await objectBytes(key);
    expect(zip.length).toBe(size);
    const sizes = [big.length, wav.length, 0, readme.length];
    expect(storedZipBytes(entries.map((entry, i) => ({ name: entry.name, size: sizes[i]! })))).toBe(size);
    const files = readZip(zip);
    expect(Object.keys(files)).toEqual(entries.map((entry) => entry.name));
    expect(Buffer.from(files['big.bin']!).equals(big)).toBe(true);
    expect(Buffer.from(files['Canção - baixo (AI-separated).wav']!).equals(wav)).toBe(true);
    expect(files['empty.bin']).toHaveLength(0);
    expect(Buffer.from(files['LEIA-ME.txt']!).equals(Buffer.from(readme))).toBe(true);
  });

  it('an object replaced between its CRC read and its copy fails the ZIP instead of storing a wrong CRC', async () => {
    const dir = `test-zip/${randomUUID()}`;
    const source = `${dir}/stem.wav`;
    await putAudioBucketObject(source, Buffer.alloc(9 * 1024 * 1024, 1), 'audio/wav');
    // The creator re-uploads the stem (same size, other bytes) just before the second read.
    const reads: (string | undefined)[] = [];
    s3.middlewareStack.add(
      (next, context) => async (args) => {
        const input = args.input as { Key?: string; IfMatch?: string };
        if (context.commandName === 'GetObjectCommand' && input.Key === source) {
          reads.push(input.IfMatch);
          if (reads.length === 2)
            await putAudioBucketObject(source, Buffer.alloc(9 * 1024 * 1024, 2), 'audio/wav');
        }
        return next(args);
      },
      { step: 'initialize', name: 'replaceBetweenReads' },
    );
    const key = `${dir}/out.zip`;
    try {
      await expect(
        writeStoredZip(config.AUDIO_BUCKET, key, [{ name: 'stem.wav', key: source }]),
      ).rejects.toBeInstanceOf(ZipSourceChanged);
    } finally {
      s3.middlewareStack.remove('replaceBetweenReads');
    }
    // The copy asked S3 for the version it took the CRC of (S3 answers 412 for another; s3rver ignores it).
    expect(reads).toHaveLength(2);
    expect(reads[0]).toBeUndefined();
    expect(reads[1]).toMatch(/^".+"$/);
    expect(await exists(key)).toBe(false);
  });

  it('a failure after parts were sent aborts the upload: no object at the key', async () => {
    const big = `test-zip/${randomUUID()}/big.bin`;
    await putAudioBucketObject(big, Buffer.alloc(9 * 1024 * 1024, 7), 'application/octet-stream');
    const key = `test-zip/${randomUUID()}/out.zip`;
    await expect(
      writeStoredZip(config.AUDIO_BUCKET, key, [
        { name: 'big.bin', key: big },
        { name: 'gone.bin', key: `test-zip/${randomUUID()}/missing.bin` },
      ]),
    ).rejects.toThrow();
    expect(await exists(key)).toBe(false);
  });

  it('refuses what only ZIP64 could hold instead of writing a broken archive', async () => {
    const key = `test-zip/${randomUUID()}/many.zip`;
    const entries = Array.from({ length: 70_000 }, (_, i) => ({
      name: `${i}.txt`,
      bytes: new Uint8Array(1),
    }));
    await expect(writeStoredZip(config.AUDIO_BUCKET, key, entries)).rejects.toBeInstanceOf(ZipTooLarge);
    expect(await exists(key)).toBe(false);
  });
});

describe('licence stems ZIP with a managed stems provider', () => {
  let stub: Server;
  let mode: 'fail' | 'answer' = 'fail';
  const posted: number[] = [];
  const provided = Object.fromEntries(
    ['vocals', 'drums', 'bass', 'other'].map((name, i) => [
      name,
      encodeWav({ sampleRate: SR, channels: [new Float32Array(SR).fill((i + 1) / 10)] }),
    ]),
  );

  beforeAll(async () => {
    stub = createServer((req, res) => {
      let bytes = 0;
      req.on('data', (chunk: Buffer) => (bytes += chunk.length));
      req.on('end', () => {
        const { port } = stub.address() as AddressInfo;
        const stem = /^\/stems\/(\w+)\.wav$/.exec(req.url ?? '')?.[1];
        if (stem && provided[stem]) {
          res.writeHead(200, { 'content-type': 'audio/wav' });
          return void res.end(provided[stem]);
        }
        posted.push(bytes);
        if (mode === 'fail') {
          res.writeHead(400, { 'content-type': 'application/json' });
          return void res.end(JSON.stringify({ error: 'unsupported input' }));
        }
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify(
            Object.fromEntries(
              Object.keys(provided).map((n) => [n, `http://127.0.0.1:${port}/stems/${n}.wav`]),
            ),
          ),
        );
      });
    });
    await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
    process.env.STEMS_PROVIDER_URL = `http://127.0.0.1:${(stub.address() as AddressInfo).port}`;
    process.env.STEMS_PROVIDER_KEY = 'stub-key';
  });
  afterAll(async () => {
    delete process.env.STEMS_PROVIDER_URL;
    delete process.env.STEMS_PROVIDER_KEY;
    await new Promise<void>((resolve) => stub.close(() => resolve()));
  });

  it("zips the provider's stems as it answered them", async () => {
    mode = 'answer';
    const bytes = master();
    const { buyer, orderId } = await boughtTrackout({ master: bytes });
    const zip = await stemsZip(buyer, orderId);
    expect(posted.at(-1)).toBe(bytes.length);
    for (const [name, wav] of Object.entries(provided)) {
      const entry = Object.keys(zip).find((n) => n.endsWith(` - ${name} (AI-separated).wav`))!;
      expect(Buffer.from(zip[entry]!).equals(Buffer.from(wav))).toBe(true);
    }
    expect(Object.keys(zip)).toContain('LEIA-ME.txt');
  }, 120_000);

  it('falls back to the streamed built-in split when the provider fails', async () => {
    mode = 'fail';
    const before = posted.length;
    const { buyer, orderId } = await boughtTrackout({});
    const zip = await stemsZip(buyer, orderId);
    expect(posted.length).toBeGreaterThan(before);
    const stems = Object.keys(zip).filter((n) => n.endsWith('(AI-separated).wav'));
    expect(stems).toHaveLength(4);
    for (const name of stems) expect(decodeWav(zip[name]!).channels[0]!.length).toBe(SR * SECONDS);
    expect(await keysUnder(`licences/${orderId}/stems/`)).toEqual([]);
  }, 120_000);
});
