import { useCallback, useEffect, useReducer, useRef } from 'react';
import { effectiveVolume, initialPlayerState, playerReducer, type PlayerTrack } from './player-state';

/**
 * The player's state (pure reducer) mirrored onto one <audio> element, which PlayerBar renders with
 * `audioRef`. Select a track with `select`; the reducer decides between load-and-play and toggle.
 */
export function usePlayer(onPlayError?: () => void) {
  const [state, dispatch] = useReducer(playerReducer, initialPlayerState);
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const onPlayErrorRef = useRef(onPlayError);
  useEffect(() => {
    onPlayErrorRef.current = onPlayError;
  }, [onPlayError]);

  // A new track: load its audio from the start.
  const trackUrl = state.track?.audioUrl ?? null;
  useEffect(() => {
    const audio = audioRef.current;
    if (!audio || state.loadId === 0) return;
    if (!trackUrl) {
      audio.removeAttribute('src');
      audio.load();
      return;
    }
    audio.src = trackUrl;
    audio.currentTime = 0;
    // The URL belongs to this load only; a re-render with another presigned URL must not reload.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state.loadId]);

  // Play or pause as the state says.
  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    if (state.track && state.playing) {
      if (!audio.getAttribute('src')) {
        dispatch({ type: 'pause' });
        onPlayErrorRef.current?.();
        return;
      }
      audio.play().catch((error: unknown) => {
        // A newer load interrupts the previous play() on purpose; anything else is a real failure.
        if (error instanceof DOMException && error.name === 'AbortError') return;
        dispatch({ type: 'pause' });
        onPlayErrorRef.current?.();
      });
    } else {
      audio.pause();
    }
  }, [state.playing, state.loadId, state.track]);

  useEffect(() => {
    if (audioRef.current) audioRef.current.volume = effectiveVolume(state);
  }, [state]);

  const select = useCallback((track: PlayerTrack) => dispatch({ type: 'select', track }), []);

  const seek = useCallback((time: number) => {
    if (audioRef.current) audioRef.current.currentTime = time;
    dispatch({ type: 'seek', time });
  }, []);

  return { state, dispatch, select, seek, audioRef };
}

export type PlayerHandle = ReturnType<typeof usePlayer>;
