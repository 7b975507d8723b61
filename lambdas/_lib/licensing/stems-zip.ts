import { DeleteObjectCommand } from '@aws-sdk/client-s3';
import { strToU8 } from 'fflate';
import { writeStoredZip, ZipSourceChanged, ZipTooLarge, type ZipEntry } from '../audio/object-zip';
import { s3 } from '../aws/s3';
import { config } from '../config';
import type { ProjectRecord } from '../db/projects';
import { AppError, BadRequest, Conflict } from '../errors';
import { headAudioBucketObject } from '../marketplace-files';
import { providerSettings } from '../provider-settings';
import { DspSeparator } from '../stems/dsp-separator';
import { stemSeparatorFromConfig } from '../stems/from-config';
import { separateRemotely } from '../stems/remote-split';
import { STEM_NAMES, type StemName } from '../stems/separator';
import { splitObject } from '../stems/split-object';
import { safe, stemsZipKey, wavKey } from './delivery';
import type { LicenceRecord, LicenceSettings } from './store';

/**
 * The stems ZIP of a Trackout licence, built once per licence by the licence-stems-zip job (never on the
 * request path): the creator's multitracks, or — with "AI stems" — the four stems of our separator, each
 * named and documented as AI-separated. Streamed with bounded memory: the AI stems are split from the
 * master straight into WAV objects (the same streamed split as the stem splitter), then a stored ZIP is
 * streamed from the objects to the ZIP key in parts (../audio/object-zip.ts). The AI stem objects are
 * deleted once zipped, or when the job fails: the ZIP is the deliverable, and a lost ZIP is rebuilt from
 * the master, so keeping them would only leave orphaned gigabytes. A failure leaves no ZIP (the upload
 * is aborted), so the job's retry (./stems-job.ts) starts clean.
 */

/**
 * The decoder's answers about the creator's master: the buyer cannot mend it, so the job says the master
 * is damaged.
 */
const MASTER_PROBLEMS = new Set(['AUDIO_CORRUPT', 'AUDIO_EMPTY', 'AUDIO_TRUNCATED', 'UNSUPPORTED_AUDIO']);

const AI_README =
  'Stems separados por IA (separador DSP da 5D) a partir do master do beat; não são as multitracks ' +
  'originais do produtor.\r\nAI-separated stems produced from the beat master; not original multitracks.\r\n';

/** Where the AI stems wait to be zipped (deleted after). */
export function aiStemKey(orderId: string, name: StemName): string {
  return `licences/${orderId}/stems/${name}.wav`;
}

export async function buildStemsZip(
  licence: LicenceRecord,
  project: ProjectRecord,
  settings: LicenceSettings,
): Promise<{ key: string; ai: boolean }> {
  const key = stemsZipKey(licence.order_id);
  const ai = settings.stems_keys.length === 0;
  if (await headAudioBucketObject(key)) return { key, ai };
  try {
    if (!ai) await writeStoredZip(config.AUDIO_BUCKET, key, multitrackEntries(settings.stems_keys));
    else await writeAiStemsZip(licence.order_id, project, settings, key);
  } catch (error) {
    if (error instanceof ZipTooLarge) throw new BadRequest('STEMS_FAILED', { context: 'size' });
    // The creator replaced a file mid-copy: nothing is broken, and trying again zips the new one.
    if (error instanceof ZipSourceChanged) throw new Conflict('STEMS_FAILED', { context: 'changed' });
    throw error;
  }
  return { key, ai };
}

/**
 * The creator's files as uploaded, named without the upload's numeric prefix (the same name: the last
 * wins).
 */
function multitrackEntries(stemKeys: string[]): ZipEntry[] {
  const byName = new Map<string, string>();
  for (const stemKey of stemKeys) byName.set(safe(stemKey.split('/').pop()!.replace(/^\d+_/, '')), stemKey);
  return [...byName].map(([name, stemKey]) => ({ name, key: stemKey }));
}

async function writeAiStemsZip(
  orderId: string,
  project: ProjectRecord,
  settings: LicenceSettings,
  zipKey: string,
): Promise<void> {
  if (!settings.ai_stems) throw new BadRequest('STEMS_UNAVAILABLE');
  const masterKey = wavKey(project, settings);
  if (!masterKey) throw new BadRequest('MASTER_MISSING');
  const bucket = config.AUDIO_BUCKET;
  const title = safe(project.title);
  const entryName = (name: StemName) => `${title} - ${name} (AI-separated).wav`;
  const readme: ZipEntry = { name: 'LEIA-ME.txt', bytes: strToU8(AI_README) };
  const source = { bucket, key: masterKey, name: masterKey.split('/').pop() ?? masterKey };

  // A managed provider answers whole WAVs (in memory, as its API gives them); when it fails, the
  // fallback is logged and counted and the built-in separator runs streamed, as in the split task.
  const separator = stemSeparatorFromConfig(await providerSettings());
  const remote = separator instanceof DspSeparator ? undefined : await separateRemotely(separator, source);
  if (remote) {
    const stems = STEM_NAMES.map((name) => ({ name: entryName(name), bytes: remote[name] }));
    await writeStoredZip(bucket, zipKey, [...stems, readme]);
    return;
  }
  const keys = Object.fromEntries(
    STEM_NAMES.map((name) => [name, { wav: aiStemKey(orderId, name) }]),
  ) as Record<StemName, { wav: string }>;
  try {
    await splitObject(source, { bucket, keys }).catch((error: unknown) => {
      if (error instanceof AppError && MASTER_PROBLEMS.has(error.code))
        throw new BadRequest('STEMS_FAILED', { context: 'master' });
      throw error;
    });
    const stems = STEM_NAMES.map((name) => ({ name: entryName(name), key: keys[name].wav }));
    await writeStoredZip(bucket, zipKey, [...stems, readme]);
  } finally {
    await Promise.allSettled(
      STEM_NAMES.map((name) => s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: keys[name].wav }))),
    );
  }
}
