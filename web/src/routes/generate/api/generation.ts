import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DurationSeconds, MusicStyle } from '../../../../../shared/audio/styles';
import { apiRequest } from '../../../api/client';

/**
 * The generator's server calls: `POST /api/functions/suno-create-music` starts a job (202), and
 * `GET /api/generations/{id}` is polled every 1.5 s until the job succeeds or fails.
 */

export interface GenerationRequest {
  description: string;
  lyrics?: string;
  style: MusicStyle;
  duration: DurationSeconds;
}

export interface StartedGeneration {
  jobId: string;
  status: GenerationStatus;
}

export type GenerationStatus = 'queued' | 'running' | 'succeeded' | 'failed';

export interface Stem {
  name: string;
  url?: string | null;
}

export interface GeneratedTrack {
  id: string;
  title?: string;
  audioUrl: string;
  /** The audio's object key: what the history keeps (the presigned audioUrl expires). */
  audioKey?: string;
  stems?: Stem[];
  style?: string;
  durationSeconds?: number;
}

export interface GenerationJob {
  status: GenerationStatus;
  /** 0..100; absent when the server cannot tell. */
  progress?: number;
  success?: boolean;
  policy?: boolean;
  message?: string;
  track?: GeneratedTrack | null;
  /** A failed job's reason: its code and params (`refunded: 1`), worded here in the reader's language. */
  error?: { code: string; params?: Record<string, string | number> };
}

export const GENERATION_POLL_MS = 1500;

export function startGeneration(
  request: GenerationRequest,
  signal?: AbortSignal,
): Promise<StartedGeneration> {
  const body: GenerationRequest = { ...request, lyrics: request.lyrics?.trim() || undefined };
  return apiRequest<StartedGeneration>('/api/functions/suno-create-music', { method: 'POST', body, signal });
}

export function fetchGeneration(jobId: string, signal?: AbortSignal): Promise<GenerationJob> {
  return apiRequest<GenerationJob>(`/api/generations/${encodeURIComponent(jobId)}`, { signal });
}

export function isFinished(job: GenerationJob | undefined): boolean {
  return job?.status === 'succeeded' || job?.status === 'failed';
}

export function generationQuery(jobId: string | null) {
  return queryOptions({
    queryKey: ['generation', jobId] as const,
    queryFn: ({ signal }) => fetchGeneration(jobId!, signal),
    enabled: jobId !== null,
    // Poll until the job is finished; a finished job never changes again.
    refetchInterval: (query) => (isFinished(query.state.data) ? false : GENERATION_POLL_MS),
    staleTime: (query) => (isFinished(query.state.data) ? Infinity : 0),
    retry: 2,
  });
}

/** Polls one generation job; `null` keeps it idle. */
export function useGenerationJob(jobId: string | null) {
  return useQuery(generationQuery(jobId));
}

/** Progress (the server reports 0..100) as a 0..1 fraction, or undefined when unknown. */
export function progressFraction(progress: number | undefined): number | undefined {
  if (progress === undefined || !Number.isFinite(progress) || progress < 0) return undefined;
  return Math.min(1, progress / 100);
}
