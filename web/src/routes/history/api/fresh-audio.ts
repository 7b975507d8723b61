import { useQueries } from '@tanstack/react-query';
import { apiRequest } from '../../../api/client';
import type { TrackRecord } from '../track-store';

/**
 * Stored audio URLs are presigned and expire, so a generated track's row asks its generation job for a
 * fresh URL (`GET /api/generations/{id}`); while that is on its way, or when it fails, the stored URL
 * is used.
 */

interface GenerationAudio {
  track?: { audioUrl?: string } | null;
}

/** Presigned URLs live for hours; refresh well before that. */
const FRESH_FOR_MS = 10 * 60_000;

export function useFreshAudioUrls(rows: TrackRecord[]): Map<string, string> {
  const results = useQueries({
    queries: rows.map((row) => ({
      queryKey: ['generation-audio', row.generationId] as const,
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        apiRequest<GenerationAudio>(`/api/generations/${encodeURIComponent(row.generationId!)}`, { signal }),
      enabled: row.generationId !== null,
      staleTime: FRESH_FOR_MS,
      retry: 1,
    })),
  });
  const urls = new Map<string, string>();
  rows.forEach((row, index) => {
    urls.set(row.id, results[index]?.data?.track?.audioUrl || row.audioUrl);
  });
  return urls;
}
