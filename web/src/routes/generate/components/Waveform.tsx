import { useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useAudioPeaks } from '../hooks/useAudioPeaks';

const PLAYED = '#c084fc';
const UNPLAYED = '#52525b';

/**
 * The track's waveform from its decoded audio, with the played part highlighted. Clicking seeks the
 * player (the player's own controls stay the keyboard way to seek).
 */
export function Waveform({ url, audioRef }: { url: string; audioRef: RefObject<HTMLAudioElement | null> }) {
  const { t } = useTranslation();
  const peaks = useAudioPeaks(url);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [width, setWidth] = useState(0);
  const [position, setPosition] = useState(0);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry?.contentRect.width ?? 0)));
    observer.observe(canvas);
    return () => observer.disconnect();
  }, [peaks.status]);

  // Follow playback: every frame while playing, once on seek or pause.
  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    let frame = 0;
    const update = () => setPosition(audio.duration > 0 ? audio.currentTime / audio.duration : 0);
    const loop = () => {
      update();
      frame = requestAnimationFrame(loop);
    };
    const onPlay = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(loop);
    };
    const onStop = () => {
      cancelAnimationFrame(frame);
      update();
    };
    audio.addEventListener('play', onPlay);
    audio.addEventListener('pause', onStop);
    audio.addEventListener('ended', onStop);
    audio.addEventListener('seeked', onStop);
    return () => {
      cancelAnimationFrame(frame);
      audio.removeEventListener('play', onPlay);
      audio.removeEventListener('pause', onStop);
      audio.removeEventListener('ended', onStop);
      audio.removeEventListener('seeked', onStop);
    };
  }, [audioRef]);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || peaks.status !== 'ready' || width === 0) return;
    const height = 96;
    const ratio = window.devicePixelRatio || 1;
    canvas.width = width * ratio;
    canvas.height = height * ratio;
    const context = canvas.getContext('2d');
    if (!context) return;
    context.scale(ratio, ratio);
    context.clearRect(0, 0, width, height);
    const bar = 3;
    const gap = 1;
    const bars = Math.max(1, Math.floor(width / (bar + gap)));
    const middle = height / 2;
    for (let i = 0; i < bars; i++) {
      const from = Math.floor((i / bars) * peaks.peaks.length);
      const to = Math.max(from + 1, Math.floor(((i + 1) / bars) * peaks.peaks.length));
      let value = 0;
      for (let j = from; j < to; j++) value = Math.max(value, peaks.peaks[j] ?? 0);
      const half = Math.max(1, value * (middle - 2));
      context.fillStyle = i / bars < position ? PLAYED : UNPLAYED;
      context.fillRect(i * (bar + gap), middle - half, bar, half * 2);
    }
  }, [peaks, width, position]);

  if (peaks.status === 'error') {
    return <p className="text-sm text-zinc-400">{t('generate.waveformUnavailable')}</p>;
  }
  return (
    <div className="relative h-24 w-full min-w-0 overflow-hidden">
      {peaks.status === 'loading' && (
        <div
          role="status"
          className="absolute inset-0 flex items-center justify-center rounded-lg bg-zinc-950/60 text-sm text-zinc-400"
        >
          {t('generate.waveformLoading')}
        </div>
      )}
      <canvas
        ref={canvasRef}
        role="img"
        aria-label={t('generate.waveformLabel')}
        data-testid="waveform"
        data-ready={peaks.status === 'ready' ? 'true' : 'false'}
        className="block h-24 w-full max-w-full cursor-pointer"
        onClick={(event) => {
          const audio = audioRef.current;
          if (!audio || !(audio.duration > 0)) return;
          const box = event.currentTarget.getBoundingClientRect();
          audio.currentTime = ((event.clientX - box.left) / box.width) * audio.duration;
        }}
      />
    </div>
  );
}
