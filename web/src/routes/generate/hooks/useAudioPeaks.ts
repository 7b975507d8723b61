import { useEffect, useState } from 'react';
import { computePeaks } from '../peaks';

/**
 * Peaks of an audio file for the waveform: the bytes are fetched and decoded with Web Audio
 * (`decodeAudioData` on an OfflineAudioContext, so no sound device is opened), then reduced to one
 * max-absolute value per bucket across channels.
 */

export type PeaksState =
  { status: 'loading' } | { status: 'ready'; peaks: Float32Array; duration: number } | { status: 'error' };

export const PEAK_BUCKETS = 600;

export function useAudioPeaks(url: string | undefined): PeaksState {
  const [state, setState] = useState<PeaksState>({ status: 'loading' });

  useEffect(() => {
    if (!url) return;
    const controller = new AbortController();
    setState({ status: 'loading' });
    (async () => {
      const response = await fetch(url, { signal: controller.signal });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const bytes = await response.arrayBuffer();
      const context = new OfflineAudioContext(1, 1, 44_100);
      const audio = await context.decodeAudioData(bytes);
      const channels = Array.from({ length: audio.numberOfChannels }, (_, i) => audio.getChannelData(i));
      return { peaks: computePeaks(channels, PEAK_BUCKETS), duration: audio.duration };
    })().then(
      (result) => {
        if (!controller.signal.aborted) setState({ status: 'ready', ...result });
      },
      () => {
        if (!controller.signal.aborted) setState({ status: 'error' });
      },
    );
    return () => controller.abort();
  }, [url]);

  return state;
}
