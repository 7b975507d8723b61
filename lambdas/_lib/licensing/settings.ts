import { LicenceSettingsRequest } from '../../../shared/licensing/tiers';
import { fileExtension, isWavHead, isZipHead } from '../../../shared/uploads';
import type { Caller } from '../auth';
import { config } from '../config';
import { BadRequest, Forbidden } from '../errors';
import { parseBody, type ApiEvent } from '../http';
import { headAudioBucketObject, isOwnKey } from '../marketplace-files';
import { readObjectHead } from '../s3-uploads';

/**
 * PUT /api/creator/projects/{id}/licences (issue 8): the body, validated with messages a creator can
 * act on, and the beat's files checked to be the caller's own finished uploads of the right kind.
 */

/** Where a creator's licence files may live: the licence uploads (`stems/`), product audio, stem-split uploads. */
const LICENCE_FILE_PREFIXES = ['stems', 'audio', 'uploads'] as const;
const HEAD_BYTES = 16;

/** A refused body is VALIDATION_ERROR naming the field (`tiers.wav.terms.audio_streams`). */
export function parseLicenceSettings(event: ApiEvent): LicenceSettingsRequest {
  return parseBody(event, LicenceSettingsRequest);
}

/** What a stored licence file must be: the master is a WAV, a stem a WAV or a ZIP of them. */
type FileRole = 'master' | 'stem';

async function checkLicenceFile(caller: Caller, key: string, role: FileRole): Promise<void> {
  const [prefix, owner] = key.split('/');
  // A key under another user's folder is someone else's upload: refused as such, not as "missing".
  if (
    LICENCE_FILE_PREFIXES.includes(prefix as (typeof LICENCE_FILE_PREFIXES)[number]) &&
    owner !== caller.sub
  )
    throw new Forbidden('FILE_NOT_OWNED');
  if (!isOwnKey(key, caller.sub, LICENCE_FILE_PREFIXES)) throw new BadRequest('INVALID_FILE_KEY');
  // Multipart uploads only appear in the bucket once completed (and refused ones are deleted).
  const stored = await headAudioBucketObject(key);
  if (!stored) throw new BadRequest('FILE_NOT_FOUND', { context: role });
  const head = await readObjectHead(config.AUDIO_BUCKET, key, HEAD_BYTES);
  const ext = fileExtension(key);
  const wav = ext === 'wav' && isWavHead(head);
  if (role === 'master' && !wav) throw new BadRequest('INVALID_FILE_TYPE', { context: 'wav' });
  if (role === 'stem' && !wav && !(ext === 'zip' && isZipHead(head)))
    throw new BadRequest('INVALID_FILE_TYPE', { context: 'stems' });
}

/** Every file of the settings, checked in parallel; the first refusal is the answer. */
export async function checkLicenceFiles(
  caller: Caller,
  input: Pick<LicenceSettingsRequest, 'wav_key' | 'stems_keys'>,
): Promise<void> {
  if (input.stems_keys.length > 1 && input.stems_keys.some((key) => fileExtension(key) === 'zip'))
    throw new BadRequest('INVALID_FILE_TYPE', { context: 'mixed' });
  await Promise.all([
    ...(input.wav_key ? [checkLicenceFile(caller, input.wav_key, 'master')] : []),
    ...input.stems_keys.map((key) => checkLicenceFile(caller, key, 'stem')),
  ]);
}
