/**
 * The sticky player's state machine (spec 1 §3 Player state, §4 Player), kept pure so the rules are
 * tested without an audio element: the PlayerBar mirrors this state onto one <audio>.
 */

export const DEFAULT_VOLUME = 70;

export interface PlayerTrack {
  id: string;
  title: string;
  creator: string;
  audioUrl: string | null;
  coverUrl?: string | null;
}

export interface PlayerState {
  track: PlayerTrack | null;
  playing: boolean;
  /** Seconds. */
  currentTime: number;
  /** Seconds; 0 until the audio's metadata is known. */
  duration: number;
  /** 0–100; the level the slider shows and unmuting restores. */
  volume: number;
  muted: boolean;
  /** Bumped on every new load, so the audio element restarts even for a re-selected ended track. */
  loadId: number;
}

export type PlayerAction =
  | { type: 'select'; track: PlayerTrack }
  | { type: 'toggle' }
  | { type: 'pause' }
  | { type: 'ended' }
  | { type: 'time'; currentTime: number }
  | { type: 'duration'; duration: number }
  | { type: 'seek'; time: number }
  | { type: 'volume'; volume: number }
  | { type: 'toggleMute' }
  | { type: 'close' };

export const initialPlayerState: PlayerState = {
  track: null,
  playing: false,
  currentTime: 0,
  duration: 0,
  volume: DEFAULT_VOLUME,
  muted: false,
  loadId: 0,
};

const clamp = (value: number, min: number, max: number) =>
  Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : min;

/** What the audio element should be set to: muted means volume 0 (the slider level is kept). */
export function effectiveVolume(state: PlayerState): number {
  return state.muted ? 0 : state.volume / 100;
}

export function playerReducer(state: PlayerState, action: PlayerAction): PlayerState {
  switch (action.type) {
    case 'select':
      // The current track toggles; any other track loads and plays from the start.
      if (state.track?.id === action.track.id) return { ...state, playing: !state.playing };
      return {
        ...state,
        track: action.track,
        playing: true,
        currentTime: 0,
        duration: 0,
        loadId: state.loadId + 1,
      };
    case 'toggle':
      return state.track ? { ...state, playing: !state.playing } : state;
    case 'pause':
      return { ...state, playing: false };
    case 'ended':
      return { ...state, playing: false, currentTime: 0 };
    case 'time':
      return { ...state, currentTime: Math.max(0, action.currentTime) };
    case 'duration':
      return { ...state, duration: Number.isFinite(action.duration) ? Math.max(0, action.duration) : 0 };
    case 'seek':
      return { ...state, currentTime: clamp(action.time, 0, state.duration || action.time) };
    case 'volume':
      // Moving the slider unmutes.
      return { ...state, volume: clamp(Math.round(action.volume), 0, 100), muted: false };
    case 'toggleMute':
      return { ...state, muted: !state.muted };
    case 'close':
      return { ...initialPlayerState, volume: state.volume, muted: state.muted, loadId: state.loadId };
  }
}
