import { useTranslation } from 'react-i18next';
import type { SplitJob } from '../api/split-stems';
import { formatTimeLeft } from '../../../lib/format';
import { splitPercent } from '../split-share';

const STAGES = ['decode', 'separate', 'encode'] as const;

/**
 * The split job as the server reports it while it runs: the upload (done), then decoding, separation and
 * encoding, each with its share done, the split's overall percent (`splitPercent`) and the server's
 * estimate of the time left. The three server stages run as one stream (each block is decoded, separated
 * and encoded before the next), so they move together, decoding a little ahead.
 */
export function SplitProgress({ job }: { job: SplitJob | undefined }) {
  const { t, i18n } = useTranslation();
  const stages = job?.stages;
  const started = job?.status === 'running' && stages !== undefined;
  const overall = started ? splitPercent(stages) : 0;
  const eta =
    started && job.etaSeconds !== undefined ? formatTimeLeft(job.etaSeconds, i18n.resolvedLanguage) : null;
  return (
    <div role="status" aria-live="polite" className="space-y-3" data-testid="split-progress">
      <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
        <span className="flex items-center gap-2 font-medium text-violet-100">
          <span
            aria-hidden="true"
            className="size-4 animate-spin rounded-full border-2 border-violet-400 border-t-transparent motion-reduce:animate-none"
          />
          {started ? t('splitter.splitting') : t('splitter.queued')}
          {started && <span className="tabular-nums">{overall}%</span>}
        </span>
        {eta && (
          <span data-testid="split-eta" className="tabular-nums text-zinc-400">
            {t('splitter.timeLeft', { time: eta })}
          </span>
        )}
      </div>
      <ol className="grid gap-2 sm:grid-cols-4">
        <StageRow label={t('splitter.stages.upload')} share={1} />
        {STAGES.map((stage) => (
          <StageRow
            key={stage}
            label={t(`splitter.stages.${stage}`)}
            share={stages?.[stage] ?? 0}
            testId={stage}
          />
        ))}
      </ol>
    </div>
  );
}

function StageRow({ label, share, testId }: { label: string; share: number; testId?: string }) {
  const percent = Math.floor(share * 100);
  return (
    <li
      className="rounded-lg border border-white/10 bg-zinc-950/50 px-3 py-2 text-xs"
      data-testid={testId && `stage-${testId}`}
    >
      <div className="flex items-baseline justify-between gap-2">
        <span className={percent >= 100 ? 'text-emerald-300' : 'text-zinc-200'}>
          {percent >= 100 && <span aria-hidden="true">✓ </span>}
          {label}
        </span>
        <span className="tabular-nums text-zinc-400">{percent}%</span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="mt-1.5 h-1.5 overflow-hidden rounded-full bg-white/10"
      >
        <div
          className="h-full rounded-full bg-gradient-to-r from-violet-500 to-fuchsia-500 transition-[width] duration-500"
          style={{ width: `${percent}%` }}
        />
      </div>
    </li>
  );
}
