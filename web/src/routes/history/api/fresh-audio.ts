import { useQueries } from '@tanstack/react-query';
import { apiRequest } from '../../../api/client';
import type { TrackRecord } from '../track-store';

/**
 * The history keeps the audio's object key, not its presigned link (which expires): a generated track's
 * row has the key signed on view by its generation job (`GET /api/generations/{id}`). A record with a
 * stored link that does not expire uses that link.
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
    const url = results[index]?.data?.track?.audioUrl || row.audioUrl;
    if (url) urls.set(row.id, url);
  });
  return urls;
}
