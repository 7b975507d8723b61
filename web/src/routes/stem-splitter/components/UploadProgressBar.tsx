import { useTranslation } from 'react-i18next';
import { MiB } from '../../../../../shared/uploads';
import { formatFixed } from '../../../lib/format';
import type { UploadProgress } from '../../../lib/multipart-uploader';
import { formatTimeLeft } from './time-left';

export function formatMegabytes(bytes: number, language: string | undefined): string {
  return formatFixed(bytes / MiB, 1, language);
}

/** Percentage, 'X MB de Y MB', the speed over the last seconds and the time left of a running upload. */
export function UploadProgressBar({ progress, resumed }: { progress: UploadProgress; resumed: boolean }) {
  const { t, i18n } = useTranslation();
  const percent = Math.floor(progress.fraction * 100);
  const language = i18n.resolvedLanguage;
  return (
    <div>
      <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
        <span className="font-medium text-zinc-100">
          {resumed ? t('splitter.resuming') : t('splitter.uploading')}{' '}
          <span data-testid="upload-percent" className="tabular-nums">
            {percent}%
          </span>
        </span>
        <span className="tabular-nums text-zinc-400">
          {t('splitter.sizeOf', {
            done: formatMegabytes(progress.uploadedBytes, language),
            total: formatMegabytes(progress.totalBytes, language),
          })}
          {progress.bytesPerSecond > 0 && (
            <> · {t('splitter.speed', { speed: formatMegabytes(progress.bytesPerSecond, language) })}</>
          )}
          {progress.secondsLeft !== null && progress.fraction < 1 && (
            <span data-testid="upload-eta">
              {' · '}
              {t('splitter.timeLeft', { time: formatTimeLeft(progress.secondsLeft, language) })}
            </span>
          )}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={t('splitter.progressLabel')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}%`}
        className="mt-2 h-3 overflow-hidden rounded-full bg-white/10"
      >
        <div
          className="h-full rounded-full bg-gradient-to-r from-violet-500 to-fuchsia-500 transition-[width] duration-300"
          style={{ width: `${progress.fraction * 100}%` }}
        />
      </div>
    </div>
  );
}
