import { parseArgs } from 'node:util';
import { HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { localTableName } from '../table-definition';
import { BUCKETS, REGION, S3RVER_CREDENTIALS } from './constants';
import { drainStreamsAt } from './stream-drain';

/**
 * `npm run seed:catalogue -- --beats N`: adds N published beats to the catalogue of a running `npm start`
 * (same PORT; its emulators listen on PORT+1 and PORT+2) for load tests: a realistic mix of genres,
 * keys, tempos, prices, licence tiers, pt/en/es titles and tags and a few hundred creators
 * (infra/local/seed-data/catalogue.ts), each beat with a cover and one of 26 short synthesized loops as its
 * master and public preview, whose tempo, key and length are the ones the beat states. Beats are
 * written through the repository (lambdas/_lib/db/projects.ts) and indexed by the catalogue indexer from
 * the table's change stream, as a creator's upload would be; the command ends when they are searchable.
 */

const { values } = parseArgs({
  options: { beats: { type: 'string' }, seed: { type: 'string' } },
  allowPositionals: false,
});
const beats = Number(values.beats);
if (!Number.isInteger(beats) || beats < 1 || beats > 1_000_000) {
  console.error('Usage: npm run seed:catalogue -- --beats <1..1000000> [--seed <number>]');
  process.exit(2);
}
const port = Number(process.env.PORT ?? 3000);
const dynamoEndpoint = `http://127.0.0.1:${port + 1}`;
Object.assign(process.env, {
  AWS_REGION: REGION,
  AWS_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
  AWS_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
  AWS_ENDPOINT_URL_DYNAMODB: dynamoEndpoint,
  AWS_ENDPOINT_URL_S3: `http://127.0.0.1:${port + 2}`,
  S3_FORCE_PATH_STYLE: 'true',
  TABLE_NAME: localTableName,
  AUDIO_BUCKET: BUCKETS.audio,
  STAGE: 'local',
  POWERTOOLS_LOG_LEVEL: 'WARN',
});

async function waitForIndexer(): Promise<void> {
  const answering = await drainStreamsAt(dynamoEndpoint).then(
    () => true,
    () => false,
  );
  if (!answering) {
    console.error(
      `No local platform answers on port ${port + 1}. Start it first (same PORT and LOCAL_DATA_DIR): PORT=${port} npm start`,
    );
    process.exit(1);
  }
}

await waitForIndexer();
const started = performance.now();
const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
// Imported once the environment points at the running twin: the repositories create their clients from it.
const { s3 } = await import('../../lambdas/_lib/aws/s3');
const { putProjects } = await import('../../lambdas/_lib/db/projects');
const { createProfile } = await import('../../lambdas/_lib/db/profiles');
const { wavToMp3 } = await import('../../shared/audio/mp3');
const { coverSvg } = await import('./seed-data/media');
const catalogue = await import('./seed-data/catalogue');

const exists = (Key: string) =>
  s3
    .send(new HeadObjectCommand({ Bucket: BUCKETS.audio, Key }))
    .then(() => true)
    .catch(() => false);
const put = (Key: string, Body: Uint8Array | string, ContentType: string) =>
  s3.send(new PutObjectCommand({ Bucket: BUCKETS.audio, Key, Body, ContentType }));

/** The shared loops (master and preview) and covers (once per data dir). */
async function uploadSharedMedia(): Promise<void> {
  for (const loop of catalogue.SEED_LOOPS) {
    if (await exists(catalogue.seedPreviewKey(loop.n))) continue;
    const wav = catalogue.seedLoopWav(loop);
    await put(catalogue.seedMasterKey(loop.n), wav, 'audio/wav');
    await put(catalogue.seedPreviewKey(loop.n), wavToMp3(wav, { kbps: 128 }), 'audio/mpeg');
  }
  for (let n = 0; n < catalogue.SEED_COVER_COUNT; n += 1) {
    if (await exists(catalogue.seedCoverKey(n))) continue;
    await put(catalogue.seedCoverKey(n), coverSvg(1000 + n, `Catalogue ${n + 1}`, 'Beat'), 'image/svg+xml');
  }
}

await uploadSharedMedia();
const runTag = Date.now().toString(36);
const { creators, beats: records } = catalogue.seedCatalogue({
  beats,
  runTag,
  seed: Number(values.seed ?? Date.now()),
});
for (const creator of creators) {
  await createProfile({
    id: creator.id,
    full_name: creator.name,
    email: `${creator.id}@example.com`,
    role: 'creator',
    created_at: new Date(Date.now() - 400 * 86_400_000).toISOString(),
  });
}

const CHUNK = 500;
let written = 0;
let next = 0;
const writer = async () => {
  while (next < records.length) {
    const chunk = records.slice(next, next + CHUNK);
    next += CHUNK;
    await putProjects(chunk);
    written += chunk.length;
    if (written % 5000 < CHUNK || written === records.length)
      console.log(`  ${written} beats written (${seconds()} s)`);
  }
};
await Promise.all([writer(), writer()]);
const writtenAt = seconds();
console.log(`  waiting for the catalogue indexer…`);
const drained = await drainStreamsAt(dynamoEndpoint);
console.log(
  `${beats} beats by ${creators.length} creators added in ${seconds()} s (written in ${writtenAt} s, searchable now)` +
    (drained.deadLettered ? `; ${drained.deadLettered} stream records failed (see the npm start log)` : ''),
);
process.exit(drained.deadLettered ? 1 : 0);
