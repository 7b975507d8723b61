import { ulid } from 'ulid';
import {
  checkUpload,
  expectedKind,
  MAX_UPLOAD_BYTES,
  partLength,
  PART_URL_TTL_SECONDS,
  planParts,
  resolveContentType,
  sanitizeFileName,
  sniffKind,
  sniffMatches,
  UPLOAD_SESSION_TTL_SECONDS,
  UploadErrorCode,
  type CompleteUploadResponse,
  type CreateUploadRequest,
  type CreateUploadResponse,
  type PartsRequest,
  type PartsResponse,
  type UploadPurpose,
  type UploadSessionView,
} from '../../shared/uploads';
import type { Caller } from '../_lib/auth';
import { config } from '../_lib/config';
import {
  closeUploadSession,
  confirmedParts,
  confirmUploadParts,
  createUploadSession,
  getUploadSession,
  sessionView,
  type UploadSession,
} from '../_lib/db/upload-sessions';
import { AppError, BadRequest, Conflict, Forbidden, NotFound } from '../_lib/errors';
import type { ApiErrorCode, ApiErrorParams } from '../../shared/errors';
import {
  abortMultipartUpload,
  completeMultipartUpload,
  deleteObject,
  headObject,
  presignPart,
  readObjectHead,
  startMultipartUpload,
} from '../_lib/s3-uploads';

/** The upload path's rules over the session store and S3 (docs/architecture.md: Uploads). */

const SNIFF_BYTES = 64;
/** Only creators publish products, deliver orders and attach licence files. */
const CREATOR_PURPOSES = new Set<UploadPurpose>([
  'product-audio',
  'product-cover',
  'delivery',
  'licence-master',
  'licence-stems',
]);

function notFound(): NotFound {
  return new NotFound('UPLOAD_NOT_FOUND');
}

function notOpen(session: UploadSession): Conflict {
  return new Conflict(UploadErrorCode.NotOpen, { status: session.status });
}

/** Bucket and key of a new upload, always under the caller's own prefix. */
export function objectLocation(
  purpose: UploadPurpose,
  sub: string,
  uploadId: string,
  safeName: string,
  now: Date,
): { bucket: string; key: string } {
  const stamp = now.getTime();
  switch (purpose) {
    case 'product-audio':
      return { bucket: config.AUDIO_BUCKET, key: `audio/${sub}/${stamp}_${safeName}` };
    case 'product-cover':
      return { bucket: config.AUDIO_BUCKET, key: `covers/${sub}/${stamp}_${safeName}` };
    case 'stem-split':
      return { bucket: config.AUDIO_BUCKET, key: `uploads/${sub}/${uploadId}/${safeName}` };
    case 'delivery':
      return { bucket: config.AUDIO_BUCKET, key: `deliveries/${sub}/${uploadId}/${safeName}` };
    case 'licence-master':
    case 'licence-stems':
      // The upload id keeps two stems of the same name apart; the licence settings accept `stems/<sub>/`.
      return { bucket: config.AUDIO_BUCKET, key: `stems/${sub}/${uploadId}/${safeName}` };
    case 'chat-attachment':
      return { bucket: config.ANALYSIS_BUCKET, key: `${sub}/${stamp}_${safeName}` };
    case 'community-audio':
      return { bucket: config.AUDIO_BUCKET, key: `community/${sub}/${uploadId}/${safeName}` };
  }
}

async function ownSession(caller: Caller, id: string): Promise<UploadSession> {
  const session = await getUploadSession(id, caller.sub);
  if (!session) throw notFound();
  return session;
}

export async function createUpload(
  caller: Caller,
  request: CreateUploadRequest,
  now = new Date(),
): Promise<CreateUploadResponse> {
  if (CREATOR_PURPOSES.has(request.purpose) && caller.role !== 'creator') {
    throw new Forbidden('CREATOR_ONLY');
  }
  const problem = checkUpload(request.purpose, request.name, request.type, request.size);
  if (problem) throw new AppError(problem.status, problem.code, problem.params);
  const contentType = resolveContentType(request.purpose, request.name, request.type)!;
  const id = ulid();
  const name = sanitizeFileName(request.name);
  const { bucket, key } = objectLocation(request.purpose, caller.sub, id, name, now);
  const plan = planParts(request.size);
  const s3UploadId = await startMultipartUpload(bucket, key, contentType);
  await createUploadSession({
    id,
    owner: caller.sub,
    purpose: request.purpose,
    name,
    contentType,
    size: request.size,
    bucket,
    key,
    s3UploadId,
    ...plan,
    parts: {},
    status: 'open',
    createdAt: now.toISOString(),
    expiresAt: Math.floor(now.getTime() / 1000) + UPLOAD_SESSION_TTL_SECONDS,
  });
  return { uploadId: id, key, bucket, ...plan };
}

export async function getUpload(caller: Caller, id: string): Promise<UploadSessionView> {
  return sessionView(await ownSession(caller, id));
}

function checkPartNumbers(session: UploadSession, numbers: number[]): void {
  const invalid = numbers.filter((n) => n > session.partCount);
  if (invalid.length > 0) {
    throw new BadRequest('UNKNOWN_PARTS', { total: session.partCount, parts: invalid.join(', ') });
  }
}

/** Records confirmed parts first, then presigns the requested part URLs (15 min). */
export async function requestParts(
  caller: Caller,
  id: string,
  request: PartsRequest,
): Promise<PartsResponse> {
  let session = await ownSession(caller, id);
  if (session.status !== 'open') throw notOpen(session);
  const confirm = request.confirm ?? [];
  const wanted = [...new Set(request.partNumbers ?? [])].sort((a, b) => a - b);
  checkPartNumbers(session, [...confirm.map((part) => part.partNumber), ...wanted]);
  if (confirm.length > 0) {
    const latest = new Map(confirm.map((part) => [part.partNumber, part.etag]));
    const updated = await confirmUploadParts(
      session,
      [...latest].map(([partNumber, etag]) => ({
        partNumber,
        etag,
        size: partLength(partNumber, session, session.size),
      })),
    );
    if (!updated) throw notOpen((await getUploadSession(id, caller.sub)) ?? session);
    session = updated;
  }
  const urls = await Promise.all(
    wanted.map(async (partNumber) => ({
      partNumber,
      url: await presignPart(
        session.bucket,
        session.key,
        session.s3UploadId,
        partNumber,
        PART_URL_TTL_SECONDS,
      ),
    })),
  );
  const parts = confirmedParts(session);
  return {
    urls,
    expiresInSeconds: PART_URL_TTL_SECONDS,
    confirmedParts: parts.length,
    confirmedBytes: parts.reduce((sum, part) => sum + part.size, 0),
  };
}

function completed(session: UploadSession): CompleteUploadResponse {
  return {
    uploadId: session.id,
    key: session.key,
    bucket: session.bucket,
    size: session.size,
    type: session.contentType,
  };
}

const S3_PART_ERRORS = new Set([
  'InvalidPart',
  'InvalidPartOrder',
  'EntityTooSmall',
  'NoSuchUpload',
  'MalformedXML',
]);

/**
 * CompleteMultipartUpload from the recorded ETags, then checks the stored object: its real size must
 * equal the declared size (and stay within 1 GiB), and audio/image purposes must really hold audio or
 * an image. A failed check removes the object. Completing twice answers the first result.
 */
export async function completeUpload(caller: Caller, id: string): Promise<CompleteUploadResponse> {
  const session = await ownSession(caller, id);
  if (session.status === 'complete') return completed(session);
  if (session.status !== 'open') throw notOpen(session);
  const missing: number[] = [];
  for (let n = 1; n <= session.partCount; n++) if (!session.parts[String(n)]) missing.push(n);
  if (missing.length > 0) {
    throw new AppError(
      400,
      UploadErrorCode.MissingParts,
      { parts: missing.join(', ') },
      missing.map((n) => ({ path: `parts.${n}`, message: 'not confirmed' })),
    );
  }
  try {
    await completeMultipartUpload(session.bucket, session.key, session.s3UploadId, confirmedParts(session));
  } catch (error) {
    const name = (error as { name?: string }).name ?? '';
    if (S3_PART_ERRORS.has(name)) throw new BadRequest('PARTS_REJECTED', { detail: name });
    throw error;
  }

  const reject = async (code: ApiErrorCode, params: ApiErrorParams = {}): Promise<never> => {
    await deleteObject(session.bucket, session.key);
    await closeUploadSession(session, 'rejected');
    throw new AppError(400, code, params);
  };
  const head = await headObject(session.bucket, session.key);
  if (head.size !== session.size || head.size > MAX_UPLOAD_BYTES) {
    await reject(UploadErrorCode.SizeMismatch);
  }
  const kind = expectedKind(session.purpose);
  if (kind) {
    const sniffed = sniffKind(await readObjectHead(session.bucket, session.key, SNIFF_BYTES));
    if (!sniffMatches(kind, sniffed)) {
      await reject(UploadErrorCode.InvalidType, { context: kind });
    }
  }
  if (!(await closeUploadSession(session, 'complete'))) {
    const now = await getUploadSession(id, caller.sub);
    if (now?.status !== 'complete') throw notOpen(now ?? session);
  }
  return completed(session);
}

/** Aborts an open upload (best effort in S3) and marks it aborted; aborting twice is fine. */
export async function abortUpload(
  caller: Caller,
  id: string,
): Promise<{ uploadId: string; status: 'aborted' }> {
  const session = await ownSession(caller, id);
  if (session.status === 'complete') throw notOpen(session);
  if (session.status === 'open') {
    await abortMultipartUpload(session.bucket, session.key, session.s3UploadId);
    await closeUploadSession(session, 'aborted');
  }
  return { uploadId: id, status: 'aborted' };
}
