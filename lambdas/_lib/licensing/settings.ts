import { ErrorCode } from '../../../shared/errors';
import { LicenceSettingsRequest } from '../../../shared/licensing/tiers';
import { licenceSettingsIssueMessage } from '../../../shared/licensing/terms-form';
import { fileExtension, isWavHead, isZipHead } from '../../../shared/uploads';
import type { Caller } from '../auth';
import { config } from '../config';
import { AppError, BadRequest, Forbidden, ValidationFailed } from '../errors';
import { parseBody, type ApiEvent } from '../http';
import { headAudioBucketObject, isOwnKey } from '../marketplace-files';

/**
 * PUT /api/creator/projects/{id}/licences (issue 8): the body, validated with messages a creator can
 * act on, and the beat's files checked to be the caller's own finished uploads of the right kind.
 */

/** Where a creator's licence files may live: the licence uploads (`stems/`), product audio, stem-split uploads. */
const LICENCE_FILE_PREFIXES = ['stems', 'audio', 'uploads'] as const;
const HEAD_BYTES = 16;

export function parseLicenceSettings(event: ApiEvent): LicenceSettingsRequest {
  try {
    return parseBody(event, LicenceSettingsRequest);
  } catch (error) {
    if (!(error instanceof ValidationFailed) || !error.issues?.[0]) throw error;
    // The default message starts with the JSON path ('tiers.wav.terms.audio_streams: …'); say it in words.
    throw new AppError(400, ErrorCode.Validation, licenceSettingsIssueMessage(error.issues[0]), error.issues);
  }
}

/** What a stored licence file must be: the master is a WAV, a stem a WAV or a ZIP of them. */
type FileRole = 'master' | 'stem';

async function checkLicenceFile(caller: Caller, key: string, role: FileRole): Promise<void> {
  const label = role === 'master' ? 'Master WAV' : 'Stem';
  const [prefix, owner] = key.split('/');
  // A key under another user's folder is someone else's upload: refused as such, not as "missing".
  if (
    LICENCE_FILE_PREFIXES.includes(prefix as (typeof LICENCE_FILE_PREFIXES)[number]) &&
    owner !== caller.sub
  )
    throw new Forbidden(`${label}: este arquivo não é um envio seu.`, 'FILE_NOT_OWNED');
  if (!isOwnKey(key, caller.sub, LICENCE_FILE_PREFIXES))
    throw new BadRequest(`${label}: arquivo não encontrado entre os seus envios.`, 'INVALID_FILE_KEY');
  // Multipart uploads only appear in the bucket once completed (and refused ones are deleted).
  const stored = await headAudioBucketObject(key);
  if (!stored)
    throw new BadRequest(
      `${label}: o envio não foi concluído ou o arquivo não existe mais. Envie o arquivo novamente.`,
      'FILE_NOT_FOUND',
    );
  // S3 reads load only for the settings save that checks files (a chunk of their own).
  const { readObjectHead } = await import('../s3-uploads');
  const head = await readObjectHead(config.AUDIO_BUCKET, key, HEAD_BYTES);
  const ext = fileExtension(key);
  const wav = ext === 'wav' && isWavHead(head);
  if (role === 'master' && !wav)
    throw new BadRequest('Master WAV: o arquivo precisa ser um WAV (.wav).', 'INVALID_FILE_TYPE');
  if (role === 'stem' && !wav && !(ext === 'zip' && isZipHead(head)))
    throw new BadRequest('Stems: envie arquivos WAV ou um único ZIP.', 'INVALID_FILE_TYPE');
}

/** Every file of the settings, checked in parallel; the first refusal is the answer. */
export async function checkLicenceFiles(
  caller: Caller,
  input: Pick<LicenceSettingsRequest, 'wav_key' | 'stems_keys'>,
): Promise<void> {
  if (input.stems_keys.length > 1 && input.stems_keys.some((key) => fileExtension(key) === 'zip'))
    throw new BadRequest('Stems: envie vários WAVs ou um único ZIP, não os dois.', 'INVALID_FILE_TYPE');
  await Promise.all([
    ...(input.wav_key ? [checkLicenceFile(caller, input.wav_key, 'master')] : []),
    ...input.stems_keys.map((key) => checkLicenceFile(caller, key, 'stem')),
  ]);
}
