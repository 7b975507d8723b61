import type {
  GenerationView,
  JobFailure,
  JobKind,
  StemLink,
  TrackView,
} from '../../../shared/schemas/generation';
import { JobFailureCode, STEM_NAMES } from '../../../shared/schemas/generation';
import { config } from '../config';
import type { GenerationJob } from '../db/generations';

/**
 * Jobs as the API reads them back, with presigned links to the track and stems (GET /api/generations).
 * Apart from ./jobs.ts, so the functions that only start jobs never load S3 or its presigner, and
 * polls of a running job do not either.
 */

/** A job id as ./jobs.ts makes them: a ULID plus 64 random bits in hex. */
export const JOB_ID_PATTERN = /^[0-9A-HJKMNP-TV-Z]{26}[0-9a-f]{16}$/;

function baseName(name: string): string {
  return (
    name
      .replace(/\.[^.]*$/, '')
      .replace(/[^\p{L}\p{N} _-]+/gu, '_')
      .slice(0, 80) || 'audio'
  );
}

async function trackOf(job: GenerationJob): Promise<TrackView | undefined> {
  if (job.status !== 'succeeded') return undefined;
  // S3 and its presigner load only for a finished job: the app polls running jobs every few seconds.
  const { presignDownload } = await import('./audio-store');
  const bucket = config.AUDIO_BUCKET;
  const title =
    job.kind === 'generate' ? (job.generated?.title ?? 'Untitled') : baseName(job.source?.name ?? 'audio');
  // The object key goes with the link: a client keeps the key (the link expires) and asks again to sign it.
  const audioKey =
    job.kind === 'generate' && job.generated
      ? job.generated.audioKey
      : job.source
        ? job.source.key
        : undefined;
  const audioUrl =
    job.kind === 'generate' && job.generated
      ? await presignDownload(bucket, job.generated.audioKey, `${baseName(title)}.wav`)
      : job.source
        ? await presignDownload(job.source.bucket, job.source.key, job.source.name)
        : '';
  const stems: StemLink[] = await Promise.all(
    STEM_NAMES.map(async (name) => {
      const key = job.stems?.[name];
      const mp3 = job.stemsMp3?.[name];
      return {
        name,
        url: key ? await presignDownload(bucket, key, `${baseName(title)}-${name}.wav`) : null,
        ...(mp3 ? { mp3Url: await presignDownload(bucket, mp3, `${baseName(title)}-${name}.mp3`) } : {}),
      };
    }),
  );
  return {
    id: job.id,
    title,
    audioUrl,
    ...(audioKey ? { audioKey } : {}),
    stems,
    ...(job.generated
      ? {
          durationSeconds: job.generated.durationSeconds,
          ...(job.generated.bpm ? { bpm: job.generated.bpm } : {}),
          ...(job.generated.key ? { key: job.generated.key } : {}),
        }
      : {}),
    ...(job.prompt ? { style: job.prompt.style } : {}),
  };
}

/**
 * The failure as the API answers it: code and params. A job failed before failures were stored as codes
 * holds a pt-BR sentence beside its code: the sentence is dropped (its refund note is `refundedAt`), and
 * a code this API no longer knows reads as the generic failure.
 */
export function failureView(job: GenerationJob): JobFailure | undefined {
  if (!job.error) return undefined;
  const code = JobFailureCode.safeParse(job.error.code);
  const refunded = job.error.params?.refunded === 1 || Boolean(job.refundedAt);
  return { code: code.success ? code.data : 'UNKNOWN', params: refunded ? { refunded: 1 } : {} };
}

export async function jobView(job: GenerationJob): Promise<GenerationView> {
  const track = await trackOf(job);
  return {
    id: job.id,
    kind: job.kind as JobKind,
    status: job.status,
    progress: job.progress,
    ...(job.status === 'running' && job.stages ? { stages: job.stages } : {}),
    ...(job.status === 'running' && job.etaSeconds !== undefined ? { etaSeconds: job.etaSeconds } : {}),
    ...(job.status === 'succeeded' ? { success: true } : job.status === 'failed' ? { success: false } : {}),
    ...(track ? { track } : {}),
    ...(job.error ? { error: failureView(job) } : {}),
    createdAt: job.createdAt,
    updatedAt: job.updatedAt,
  };
}
