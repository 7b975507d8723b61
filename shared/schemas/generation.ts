import * as z from 'zod';
import { issueCode } from '../errors';
import { DEFAULT_DURATION_SECONDS, DEFAULT_STYLE, DURATIONS_SECONDS, MUSIC_STYLES } from '../audio/styles';
import { textField } from '../text-input';

/**
 * The generator's contract (core spec §4/§7: /generate, suno-create-music) and the stem splitter's
 * (AI-tools spec: neural-stem-splitter), shared by the web and the Lambdas.
 */

/** POST /api/functions/suno-create-music */
export const CreateMusicRequest = z.object({
  description: z.string({ message: issueCode('DESCRIPTION_REQUIRED') }).pipe(
    textField('prompt', {
      min: 1,
      max: 2000,
      multiline: true,
      requiredCode: 'DESCRIPTION_REQUIRED',
    }),
  ),
  lyrics: textField('lyrics', { max: 5000, multiline: true })
    .optional()
    .transform((value) => (value ? value : undefined)),
  style: z.enum(MUSIC_STYLES, { message: issueCode('STYLE_INVALID') }).default(DEFAULT_STYLE),
  duration: z
    .literal(DURATIONS_SECONDS, { message: issueCode('DURATION_INVALID') })
    .default(DEFAULT_DURATION_SECONDS),
});
export type CreateMusicRequest = z.infer<typeof CreateMusicRequest>;

export const JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;
export const JobStatus = z.enum(JOB_STATUSES);
export type JobStatus = z.infer<typeof JobStatus>;

export const JobKind = z.enum(['generate', 'split']);
export type JobKind = z.infer<typeof JobKind>;

/** 202 answer of suno-create-music and neural-stem-splitter. */
export const JobAccepted = z.object({ jobId: z.string(), status: JobStatus });
export type JobAccepted = z.infer<typeof JobAccepted>;

/** Codes a failed job carries (the web maps them with shared/generation/failure.ts). */
export const JOB_FAILURE_CODES = [
  'TIMEOUT',
  'RATE_LIMIT',
  'UNAUTHORIZED',
  'SERVER_ERROR',
  'TASK_NOT_FOUND',
  'UNKNOWN',
  // The uploaded audio could not be decoded (shared/audio/formats.ts: AudioErrorCode).
  'UNSUPPORTED_AUDIO',
  'AUDIO_CORRUPT',
  'AUDIO_TRUNCATED',
  'AUDIO_EMPTY',
] as const;
export const JobFailureCode = z.enum(JOB_FAILURE_CODES);
export type JobFailureCode = z.infer<typeof JobFailureCode>;

/**
 * A failed job's stored reason (issue 18: a kind plus parameters, never a sentence): its code, and
 * `refunded: 1` when what it used was given back. The web words it in the reader's language.
 */
export const JobFailure = z.object({
  code: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type JobFailure = z.infer<typeof JobFailure>;

export const STEM_NAMES = ['vocals', 'drums', 'bass', 'other'] as const;
export const StemName = z.enum(STEM_NAMES);
export type StemName = z.infer<typeof StemName>;

export const StemLink = z.object({
  name: StemName,
  /** The 16-bit WAV. */
  url: z.string().nullable(),
  /** A 320 kbps MP3 of the same stem, when the split made one. */
  mp3Url: z.string().nullable().optional(),
});
export type StemLink = z.infer<typeof StemLink>;

export const TrackView = z.object({
  id: z.string(),
  title: z.string(),
  /** Presigned GET of the mix (generated tracks) or of the uploaded file (splits): expires, never stored. */
  audioUrl: z.string(),
  /** The audio's object key, what a client keeps to have it signed again (GET /api/generations/{id}). */
  audioKey: z.string().optional(),
  stems: z.array(StemLink),
  durationSeconds: z.number().optional(),
  bpm: z.number().optional(),
  key: z.string().optional(),
  style: z.string().optional(),
});
export type TrackView = z.infer<typeof TrackView>;

/**
 * Where a running split is: each stage's share done (0..1). The stages run as one stream (a block is
 * decoded, separated, then encoded while the next is read), so they advance together, decoding ahead.
 */
export const JobStages = z.object({
  decode: z.number().min(0).max(1),
  separate: z.number().min(0).max(1),
  encode: z.number().min(0).max(1),
});
export type JobStages = z.infer<typeof JobStages>;

/** GET /api/generations/{id} */
export const GenerationView = z.object({
  id: z.string(),
  kind: JobKind,
  status: JobStatus,
  /** 0..100 */
  progress: z.number().optional(),
  stages: JobStages.optional(),
  /** The server's estimate of the seconds left, from the pace so far. */
  etaSeconds: z.number().optional(),
  success: z.boolean().optional(),
  track: TrackView.optional(),
  error: JobFailure.optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type GenerationView = z.infer<typeof GenerationView>;

/** POST /api/functions/neural-stem-splitter: a completed upload of the caller. */
export const StemSplitRequest = z.object({
  uploadId: z
    .string({ message: issueCode('SPLIT_UPLOAD_REQUIRED') })
    .trim()
    .min(1)
    .max(200),
});
export type StemSplitRequest = z.infer<typeof StemSplitRequest>;

/** The INPUT_POLICY refusal body (403). */
export const InputPolicyReason = z.enum(['artist', 'producer_tag', 'both']);
export type InputPolicyReason = z.infer<typeof InputPolicyReason>;
