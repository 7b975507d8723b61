import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../api/client';
import type { UploadApi } from '../../../lib/multipart-uploader';

/**
 * The splitter's server calls: the multipart upload goes through `web/src/lib/multipart-uploader`
 * (this file gives it our authenticated API), then `POST /api/functions/neural-stem-splitter {uploadId}`
 * starts a split job polled at `GET /api/generations/{jobId}`; the stems arrive in `track.stems`.
 */

export const SPLIT_STEMS = ['vocals', 'drums', 'bass', 'other'] as const;
export type SplitStemName = (typeof SPLIT_STEMS)[number];
export const SPLIT_POLL_MS = 1500;

export const uploadApi: UploadApi = {
  post: <T>(path: string, body: unknown, signal?: AbortSignal) =>
    apiRequest<T>(path, { method: 'POST', body, signal }),
  get: <T>(path: string, signal?: AbortSignal) => apiRequest<T>(path, { signal }),
  delete: <T>(path: string, signal?: AbortSignal) => apiRequest<T>(path, { method: 'DELETE', signal }),
};

export interface SplitJob {
  status: 'queued' | 'running' | 'succeeded' | 'failed';
  progress?: number;
  /** Each stage's share done (0..1) while the server job runs (shared/schemas/generation.ts JobStages). */
  stages?: { decode: number; separate: number; encode: number };
  /** The server's estimate of the seconds left. */
  etaSeconds?: number;
  success?: boolean;
  track?: {
    id?: string;
    stems?: { name: string; url?: string | null; signedUrl?: string | null; mp3Url?: string | null }[];
  } | null;
  /** A failed split's reason: its code (e.g. AUDIO_TRUNCATED) and params, worded by the web. */
  error?: { code: string; params?: Record<string, string | number> };
}

export function startSplit(uploadId: string, signal?: AbortSignal): Promise<{ jobId: string }> {
  return apiRequest<{ jobId: string }>('/api/functions/neural-stem-splitter', {
    method: 'POST',
    body: { uploadId },
    signal,
  });
}

function finished(job: SplitJob | undefined): boolean {
  return job?.status === 'succeeded' || job?.status === 'failed';
}

export function useSplitJob(jobId: string | null) {
  return useQuery({
    queryKey: ['generation', jobId] as const,
    queryFn: ({ signal }) =>
      apiRequest<SplitJob>(`/api/generations/${encodeURIComponent(jobId!)}`, { signal }),
    enabled: jobId !== null,
    refetchInterval: (query) => (finished(query.state.data) ? false : SPLIT_POLL_MS),
    staleTime: (query) => (finished(query.state.data) ? Infinity : 0),
    retry: 2,
  });
}

/**
 * The four stems in a fixed order, each as WAV and (when the split made one) MP3; one the server did
 * not return has no URL ('Link indisponível').
 */
export function stemsOf(job: SplitJob): { name: SplitStemName; url: string | null; mp3Url: string | null }[] {
  const stems = job.track?.stems ?? [];
  return SPLIT_STEMS.map((name) => {
    const stem = stems.find((candidate) => candidate.name.toLowerCase() === name);
    return { name, url: stem?.signedUrl || stem?.url || null, mp3Url: stem?.mp3Url || null };
  });
}
