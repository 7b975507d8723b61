import { useTranslation } from 'react-i18next';
import { CloseIcon } from '../icons';
import { formatTime } from './player-state';
import type { PlayerHandle } from './use-player';

const iconButton =
  'inline-flex size-10 shrink-0 items-center justify-center rounded-full text-zinc-200 transition hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-violet-400';

/** The sticky bottom player: play/pause, seek, mute and volume, all reachable by keyboard. */
export function PlayerBar({ player }: { player: PlayerHandle }) {
  const { t } = useTranslation();
  const { state, dispatch, seek, audioRef } = player;
  const { track } = state;

  return (
    <>
      <audio
        ref={audioRef}
        preload="metadata"
        onTimeUpdate={(event) => dispatch({ type: 'time', currentTime: event.currentTarget.currentTime })}
        onLoadedMetadata={(event) => dispatch({ type: 'duration', duration: event.currentTarget.duration })}
        onEnded={(event) => {
          event.currentTarget.currentTime = 0;
          dispatch({ type: 'ended' });
        }}
      />
      {track && (
        <section
          aria-label={t('marketplace.player.label')}
          data-testid="player"
          data-player-bar
          data-state={state.playing ? 'playing' : 'paused'}
          className="fixed inset-x-0 bottom-0 z-30 min-h-18 border-t border-white/10 bg-zinc-950/95 py-2 pl-3 pr-20 backdrop-blur sm:pr-24 lg:left-70"
        >
          <div className="mx-auto flex max-w-6xl items-center gap-3">
            {track.coverUrl ? (
              <img src={track.coverUrl} alt="" className="hidden size-11 rounded-md object-cover sm:block" />
            ) : (
              <div
                aria-hidden="true"
                className="hidden size-11 rounded-md bg-gradient-to-br from-violet-600 to-fuchsia-600 sm:block"
              />
            )}
            <button
              type="button"
              onClick={() => dispatch({ type: 'toggle' })}
              aria-label={state.playing ? t('marketplace.player.pause') : t('marketplace.player.play')}
              className={`${iconButton} bg-violet-600 text-white hover:bg-violet-500`}
            >
              {state.playing ? <PauseGlyph /> : <PlayGlyph />}
            </button>
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-semibold text-white" data-testid="player-title">
                {track.title}
              </p>
              <p className="truncate text-xs text-zinc-400">{track.creator}</p>
              <div className="mt-1 flex items-center gap-2 text-[11px] tabular-nums text-zinc-400">
                <span>{formatTime(state.currentTime)}</span>
                <input
                  type="range"
                  min={0}
                  max={Math.max(1, Math.floor(state.duration))}
                  step={1}
                  value={Math.floor(state.currentTime)}
                  onChange={(event) => seek(Number(event.target.value))}
                  aria-label={t('marketplace.player.seek')}
                  aria-valuetext={`${formatTime(state.currentTime)} / ${formatTime(state.duration)}`}
                  className="h-1 min-w-0 flex-1 accent-violet-500"
                />
                <span>{formatTime(state.duration)}</span>
              </div>
            </div>
            <button
              type="button"
              onClick={() => dispatch({ type: 'toggleMute' })}
              aria-label={state.muted ? t('marketplace.player.unmute') : t('marketplace.player.mute')}
              aria-pressed={state.muted}
              className={iconButton}
            >
              <SpeakerGlyph muted={state.muted || state.volume === 0} />
            </button>
            <input
              type="range"
              min={0}
              max={100}
              step={1}
              value={state.muted ? 0 : state.volume}
              onChange={(event) => dispatch({ type: 'volume', volume: Number(event.target.value) })}
              aria-label={t('marketplace.player.volume')}
              className="hidden w-24 accent-violet-500 sm:block"
            />
            <button
              type="button"
              onClick={() => dispatch({ type: 'close' })}
              aria-label={t('marketplace.player.close')}
              className={iconButton}
            >
              <CloseIcon width={18} height={18} />
            </button>
          </div>
        </section>
      )}
    </>
  );
}

export function PlayGlyph() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" fill="currentColor" aria-hidden="true">
      <path d="M8 5v14l11-7z" />
    </svg>
  );
}

export function PauseGlyph() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" fill="currentColor" aria-hidden="true">
      <path d="M7 5h4v14H7zM13 5h4v14h-4z" />
    </svg>
  );
}

function SpeakerGlyph({ muted }: { muted: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="18"
      height="18"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      aria-hidden="true"
    >
      <path d="M4 9h4l5-4v14l-5-4H4z" />
      {muted ? (
        <path d="m16 9 5 6M21 9l-5 6" />
      ) : (
        <path d="M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12" />
      )}
    </svg>
  );
}
