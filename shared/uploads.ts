import * as z from 'zod';
import type { ApiErrorCode } from './errors';
import { formatApiError, type ApiErrorParams } from './i18n/api-errors/format';
import apiErrorsPtBR from './i18n/api-errors/pt-BR';

/**
 * Rules of the upload path (docs/architecture.md: Uploads), shared by the upload Lambda and the browser
 * uploader so both apply the same limits, part plan, file-name sanitising and accepted types.
 */

export const MiB = 1024 * 1024;
/** Spec: attachment and stem file maximum 1 GB, i.e. 1073741824 bytes. */
export const MAX_UPLOAD_BYTES = 1024 * MiB;
export const MIN_PART_BYTES = 8 * MiB;
export const MAX_PART_BYTES = 16 * MiB;
/** S3's own ceiling on parts per multipart upload. */
export const MAX_PARTS = 10_000;
/**
 * Aim for about this many parts: 1 GiB goes as 128 parts of 8 MiB (a failed part costs little to resend,
 * and a Node client holds at most `concurrency` × 8 MiB); only beyond 1 GiB would parts grow.
 */
export const TARGET_PARTS = 128;
/** Part URLs handed out per call to `POST /api/uploads/{id}/parts`. */
export const MAX_PART_URLS_PER_CALL = 100;
export const PART_URL_TTL_SECONDS = 15 * 60;
/** Upload sessions (and the bucket lifecycle rule) give up on unfinished uploads after a day. */
export const UPLOAD_SESSION_TTL_SECONDS = 24 * 60 * 60;

export const UploadPurpose = z.enum([
  'stem-split',
  'product-audio',
  'product-cover',
  'chat-attachment',
  'delivery',
  /** A beat's licence files (issue 8): the WAV master, and multitrack stems as WAVs or one ZIP. */
  'licence-master',
  'licence-stems',
  /** The audio attached to a community post. */
  'community-audio',
]);
export type UploadPurpose = z.infer<typeof UploadPurpose>;

export const UploadErrorCode = {
  TooLarge: 'PAYLOAD_TOO_LARGE',
  InvalidType: 'INVALID_FILE_TYPE',
  Empty: 'EMPTY_FILE',
  MissingParts: 'MISSING_PARTS',
  SizeMismatch: 'SIZE_MISMATCH',
  NotOpen: 'UPLOAD_NOT_OPEN',
} as const satisfies Record<string, ApiErrorCode>;

// ---------------------------------------------------------------------------------------------------
// File names

const MAX_NAME_LENGTH = 120;

/**
 * Spec: characters other than letters, digits, dot and hyphen become underscore. Path parts are
 * dropped first, and a name made only of dots (`..`) never reaches a key.
 */
export function sanitizeFileName(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? '';
  let clean = base.replace(/[^A-Za-z0-9.-]/g, '_');
  if (/^\.*$/.test(clean)) clean = 'file';
  if (clean.startsWith('.')) clean = `_${clean.slice(1)}`;
  if (clean.length > MAX_NAME_LENGTH) {
    const dot = clean.lastIndexOf('.');
    const ext = dot > 0 && clean.length - dot <= 10 ? clean.slice(dot) : '';
    clean = clean.slice(0, MAX_NAME_LENGTH - ext.length) + ext;
  }
  return clean;
}

export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot >= 0 ? name.slice(dot + 1).toLowerCase() : '';
}

// ---------------------------------------------------------------------------------------------------
// Accepted types per purpose

const AUDIO_EXTENSIONS: Record<string, string> = {
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  flac: 'audio/flac',
  aac: 'audio/aac',
  m4a: 'audio/mp4',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  opus: 'audio/ogg',
  aif: 'audio/aiff',
  aiff: 'audio/aiff',
  wma: 'audio/x-ms-wma',
};
const IMAGE_EXTENSIONS: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
};
/** Spec: chat attachments accept audio, video, image, .pdf, .txt, .json, .xml, .doc, .docx. */
const DOCUMENT_EXTENSIONS: Record<string, string> = {
  pdf: 'application/pdf',
  txt: 'text/plain',
  json: 'application/json',
  xml: 'application/xml',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};
const DOCUMENT_TYPES = new Set([...Object.values(DOCUMENT_EXTENSIONS), 'text/xml']);
const GENERIC_TYPES = new Set(['', 'application/octet-stream', 'binary/octet-stream']);

type TypeRule = 'audio' | 'image' | 'attachment' | 'any' | 'wav' | 'wav-or-zip';

const ruleOf: Record<UploadPurpose, TypeRule> = {
  'stem-split': 'audio',
  'product-audio': 'audio',
  'product-cover': 'image',
  'chat-attachment': 'attachment',
  delivery: 'any',
  'licence-master': 'wav',
  'licence-stems': 'wav-or-zip',
  'community-audio': 'audio',
};

const WAV_TYPES = new Set(['audio/wav', 'audio/x-wav', 'audio/wave', 'audio/vnd.wave']);
const ZIP_TYPES = new Set(['application/zip', 'application/x-zip-compressed', 'application/x-zip']);

function mediaKind(type: string): string {
  return type.split('/')[0] ?? '';
}

/**
 * The content type the object is stored with, or undefined when the purpose does not accept the
 * file. A browser that cannot name a type (empty or octet-stream, common for FLAC) is judged by the
 * file's extension instead.
 */
export function resolveContentType(
  purpose: UploadPurpose,
  name: string,
  declaredType: string,
): string | undefined {
  const type = declaredType.split(';')[0]!.trim().toLowerCase();
  const ext = fileExtension(name);
  const generic = GENERIC_TYPES.has(type);
  const wellFormed = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/.test(type);
  if (!generic && !wellFormed) return undefined;
  switch (ruleOf[purpose]) {
    case 'audio':
      if (!generic) return mediaKind(type) === 'audio' ? type : undefined;
      return AUDIO_EXTENSIONS[ext];
    case 'image':
      if (!generic) return mediaKind(type) === 'image' ? type : undefined;
      return IMAGE_EXTENSIONS[ext];
    case 'attachment':
      if (!generic) {
        if (['audio', 'video', 'image'].includes(mediaKind(type)) || DOCUMENT_TYPES.has(type)) return type;
        return undefined;
      }
      return AUDIO_EXTENSIONS[ext] ?? IMAGE_EXTENSIONS[ext] ?? DOCUMENT_EXTENSIONS[ext];
    case 'any':
      return generic ? 'application/octet-stream' : type;
    // Licence files are judged by extension and type together: delivery hands them out by name.
    case 'wav':
      return ext === 'wav' && (generic || WAV_TYPES.has(type)) ? 'audio/wav' : undefined;
    case 'wav-or-zip':
      if (ext === 'wav' && (generic || WAV_TYPES.has(type))) return 'audio/wav';
      if (ext === 'zip' && (generic || ZIP_TYPES.has(type))) return 'application/zip';
      return undefined;
  }
}

/** What the file picker of each purpose should offer (`<input accept>`). */
export function acceptAttribute(purpose: UploadPurpose): string {
  switch (ruleOf[purpose]) {
    case 'audio':
      return 'audio/*';
    case 'image':
      return 'image/*';
    case 'attachment':
      return 'audio/*,video/*,image/*,.pdf,.txt,.json,.xml,.doc,.docx';
    case 'any':
      return '';
    case 'wav':
      return '.wav,audio/wav';
    case 'wav-or-zip':
      return '.wav,.zip,audio/wav,application/zip';
  }
}

/** A refused file: its API error (code + params, shown in the reader's language) and the pt-BR text. */
export interface UploadProblem {
  status: 400 | 413;
  code: ApiErrorCode;
  params: ApiErrorParams;
  message: string;
}

function problem(status: 400 | 413, code: ApiErrorCode, context?: string): UploadProblem {
  const params: ApiErrorParams = context ? { context } : {};
  return { status, code, params, message: formatApiError(apiErrorsPtBR, code, params) ?? code };
}

/** Checks a declared file before anything is sent; the same verdict on the client and the server. */
export function checkUpload(
  purpose: UploadPurpose,
  name: string,
  type: string,
  size: number,
): UploadProblem | undefined {
  if (size > MAX_UPLOAD_BYTES)
    return problem(413, UploadErrorCode.TooLarge, purpose === 'stem-split' ? 'stem' : undefined);
  if (size <= 0) return problem(400, UploadErrorCode.Empty);
  if (resolveContentType(purpose, name, type) === undefined) {
    const rule = ruleOf[purpose];
    const context =
      rule === 'audio' || rule === 'image' || rule === 'wav'
        ? rule
        : rule === 'wav-or-zip'
          ? 'stems'
          : undefined;
    return problem(400, UploadErrorCode.InvalidType, context);
  }
  return undefined;
}

/** Whether the stored bytes must be sniffed as audio or image before the upload is accepted. */
export function expectedKind(purpose: UploadPurpose): 'audio' | 'image' | undefined {
  const rule = ruleOf[purpose];
  if (rule === 'wav') return 'audio';
  // Stems may be a ZIP: their bytes are checked (WAV or ZIP) when the licence settings are saved.
  return rule === 'audio' || rule === 'image' ? rule : undefined;
}

/** Whether the first bytes are a RIFF/RF64 WAVE file (the licence master and WAV stems). */
export function isWavHead(head: Uint8Array): boolean {
  const ascii = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  return ['RIFF', 'RF64', 'BW64'].includes(ascii(0, 4)) && ascii(8, 12) === 'WAVE';
}

/** Whether the first bytes are a ZIP archive (local file header, or an empty archive's end record). */
export function isZipHead(head: Uint8Array): boolean {
  return head[0] === 0x50 && head[1] === 0x4b && (head[2] === 0x03 || head[2] === 0x05);
}

/**
 * Recognises the first bytes of common audio and image containers. Used on completion, so a file
 * renamed to `.wav` but holding something else is refused for stem splitting and product audio.
 */
export function sniffKind(head: Uint8Array): 'audio' | 'image' | 'video' | 'unknown' {
  const ascii = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  const at = (i: number) => head[i] ?? -1;
  if (ascii(0, 4) === 'RIFF' && (ascii(8, 12) === 'WAVE' || ascii(8, 12) === 'RF64')) return 'audio';
  if (ascii(0, 4) === 'RF64' || ascii(0, 4) === 'BW64') return 'audio';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'AVI ') return 'video';
  if (ascii(0, 4) === 'fLaC' || ascii(0, 3) === 'ID3' || ascii(0, 4) === 'OggS' || ascii(0, 4) === 'caff')
    return 'audio';
  if (ascii(0, 4) === 'FORM' && (ascii(8, 12) === 'AIFF' || ascii(8, 12) === 'AIFC')) return 'audio';
  if (ascii(0, 5) === '#!AMR') return 'audio';
  // MPEG audio frame sync (MP3 without ID3) and ADTS AAC: 11 set bits, layer/version not reserved.
  if (at(0) === 0xff && (at(1) & 0xe0) === 0xe0 && (at(1) & 0x18) !== 0x08) return 'audio';
  if (at(0) === 0x30 && at(1) === 0x26 && at(2) === 0xb2 && at(3) === 0x75) return 'audio'; // ASF (WMA)
  if (ascii(4, 8) === 'ftyp') {
    const brand = ascii(8, 12);
    if (['M4A ', 'M4B ', 'M4P ', 'F4A '].includes(brand)) return 'audio';
    if (['avif', 'avis', 'heic', 'heix', 'mif1'].includes(brand)) return 'image';
    return 'video';
  }
  if (at(0) === 0x1a && at(1) === 0x45 && at(2) === 0xdf && at(3) === 0xa3) return 'video'; // Matroska/WebM
  if (at(0) === 0x89 && ascii(1, 4) === 'PNG') return 'image';
  if (at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return 'image';
  if (ascii(0, 4) === 'GIF8') return 'image';
  return 'unknown';
}

/** WebM/Matroska and MP4 carry audio-only files too (`audio/webm`, `audio/mp4`). */
export function sniffMatches(expected: 'audio' | 'image', sniffed: ReturnType<typeof sniffKind>): boolean {
  if (expected === 'audio') return sniffed === 'audio' || sniffed === 'video';
  return sniffed === 'image';
}

// ---------------------------------------------------------------------------------------------------
// Part planning

export interface PartPlan {
  partSize: number;
  partCount: number;
}

/** 8–16 MiB parts (whole MiB), about TARGET_PARTS of them, never more than S3's 10,000; at least one. */
export function planParts(size: number): PartPlan {
  const wanted = Math.ceil(size / TARGET_PARTS / MiB) * MiB;
  const partSize = Math.min(MAX_PART_BYTES, Math.max(MIN_PART_BYTES, wanted, Math.ceil(size / MAX_PARTS)));
  const partCount = Math.max(1, Math.ceil(size / partSize));
  return { partSize, partCount };
}

/** Byte range [start, end) of a 1-based part number. */
export function partRange(partNumber: number, plan: PartPlan, size: number): { start: number; end: number } {
  const start = (partNumber - 1) * plan.partSize;
  return { start, end: Math.min(size, start + plan.partSize) };
}

export function partLength(partNumber: number, plan: PartPlan, size: number): number {
  const { start, end } = partRange(partNumber, plan, size);
  return Math.max(0, end - start);
}

// ---------------------------------------------------------------------------------------------------
// API contract

export const CreateUploadRequest = z.object({
  purpose: UploadPurpose,
  name: z.string().trim().min(1).max(1024),
  type: z.string().max(255).default(''),
  size: z.number().int().nonnegative(),
});
export type CreateUploadRequest = z.infer<typeof CreateUploadRequest>;

export const CreateUploadResponse = z.object({
  uploadId: z.string(),
  key: z.string(),
  bucket: z.string(),
  partSize: z.number().int(),
  partCount: z.number().int(),
});
export type CreateUploadResponse = z.infer<typeof CreateUploadResponse>;

const PartNumber = z.number().int().min(1).max(MAX_PARTS);

export const ConfirmedPart = z.object({
  partNumber: PartNumber,
  etag: z.string().min(1).max(200),
});
export type ConfirmedPart = z.infer<typeof ConfirmedPart>;

/**
 * `POST /api/uploads/{id}/parts`: asks for presigned URLs, records finished parts, or both in one
 * round trip (confirmations are applied first).
 */
export const PartsRequest = z
  .object({
    partNumbers: z.array(PartNumber).max(MAX_PART_URLS_PER_CALL).optional(),
    confirm: z.array(ConfirmedPart).max(MAX_PART_URLS_PER_CALL).optional(),
  })
  .refine((body) => (body.partNumbers?.length ?? 0) + (body.confirm?.length ?? 0) > 0, {
    message: 'partNumbers or confirm must list at least one part',
  });
export type PartsRequest = z.infer<typeof PartsRequest>;

export const PartUrl = z.object({ partNumber: z.number().int(), url: z.string() });
export type PartUrl = z.infer<typeof PartUrl>;

export const UploadStatus = z.enum(['open', 'complete', 'aborted', 'rejected']);
export type UploadStatus = z.infer<typeof UploadStatus>;

export const SessionPart = z.object({
  partNumber: z.number().int(),
  etag: z.string(),
  size: z.number().int(),
});
export type SessionPart = z.infer<typeof SessionPart>;

/** The session as the owner sees it (`GET /api/uploads/{id}`), enough to resume after a reload. */
export const UploadSessionView = z.object({
  uploadId: z.string(),
  purpose: UploadPurpose,
  name: z.string(),
  type: z.string(),
  size: z.number().int(),
  bucket: z.string(),
  key: z.string(),
  partSize: z.number().int(),
  partCount: z.number().int(),
  parts: z.array(SessionPart),
  status: UploadStatus,
  createdAt: z.string(),
  expiresAt: z.number().int(),
});
export type UploadSessionView = z.infer<typeof UploadSessionView>;

export const PartsResponse = z.object({
  urls: z.array(PartUrl),
  expiresInSeconds: z.number().int(),
  confirmedParts: z.number().int(),
  confirmedBytes: z.number().int(),
});
export type PartsResponse = z.infer<typeof PartsResponse>;

export const CompleteUploadRequest = z.object({ uploadId: z.string().min(1).max(200) });

export const CompleteUploadResponse = z.object({
  uploadId: z.string(),
  key: z.string(),
  bucket: z.string(),
  size: z.number().int(),
  type: z.string(),
});
export type CompleteUploadResponse = z.infer<typeof CompleteUploadResponse>;
