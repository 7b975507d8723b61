import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import {
  DEFAULT_DURATION_SECONDS,
  DEFAULT_STYLE,
  DURATIONS_SECONDS,
  MUSIC_STYLES,
  type DurationSeconds,
  type MusicStyle,
} from '../../../../shared/audio/styles';
import {
  describeGenerationAnswer,
  describeGenerationException,
  describeGenerationFailure,
  type GenerationNotice,
} from '../../../../shared/generation/failure';
import { ApiError } from '../../api/client';
import { NoticeBanner } from '../../components/NoticeBanner';
import { primaryButton } from '../../components/form';
import { StemDownloads } from '../../components/StemDownloads';
import { saveTrackToHistory } from '../history/open-store';
import { HistoryPersistError } from '../history/track-store';
import {
  progressFraction,
  startGeneration,
  useGenerationJob,
  type GeneratedTrack,
  type GenerationJob,
} from './api/generation';
import { Waveform } from './components/Waveform';
import { textRuleMessage } from '../../api/text-rule';

const fieldClass =
  'block w-full rounded-lg border border-white/10 bg-zinc-900 px-3 py-2.5 text-zinc-100 placeholder:text-zinc-500 transition focus:border-violet-400 focus:outline-none focus:ring-2 focus:ring-violet-500/40 disabled:opacity-60';

interface Result {
  jobId: string;
  track: GeneratedTrack;
}

function failureOf(error: unknown): GenerationNotice {
  if (error instanceof ApiError && error.status > 0) {
    const notice = describeGenerationFailure({
      status: error.status,
      code: error.code,
      message: error.message,
      reason: error.reason,
    });
    // A case the spec does not word (a 409 conflict…): the API's message for its code says what happened.
    if (notice.code === 'UNKNOWN' && error.message) {
      const { messageKey: _generic, ...specific } = notice;
      return { ...specific, message: error.message };
    }
    return notice;
  }
  return describeGenerationException();
}

function outcomeOf(job: GenerationJob): { track: GeneratedTrack } | { notice: GenerationNotice } {
  if (job.status === 'failed') {
    return {
      notice: describeGenerationFailure({
        code: job.error?.code,
        refunded: job.error?.params?.refunded === 1,
      }),
    };
  }
  const outcome = describeGenerationAnswer(job);
  return outcome.ok ? { track: outcome.track } : { notice: outcome.notice };
}

/** The running job's id survives a reload of the tab, so the composing state and its result come back. */
const JOB_KEY = '5d.generate.job';

function readRunningJob(): string | null {
  try {
    return sessionStorage.getItem(JOB_KEY);
  } catch {
    return null;
  }
}

function rememberRunningJob(jobId: string | null): void {
  try {
    if (jobId) sessionStorage.setItem(JOB_KEY, jobId);
    else sessionStorage.removeItem(JOB_KEY);
  } catch {
    // storage unavailable: a reload simply forgets the job
  }
}

function GeneratePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [description, setDescription] = useState('');
  const [lyrics, setLyrics] = useState('');
  const [style, setStyle] = useState<MusicStyle>(DEFAULT_STYLE);
  const [duration, setDuration] = useState<DurationSeconds>(DEFAULT_DURATION_SECONDS);
  const [starting, setStarting] = useState(false);
  const [jobId, setJobId] = useState<string | null>(readRunningJob);
  const [banner, setBanner] = useState<GenerationNotice | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  const [savedId, setSavedId] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const resultHeading = useRef<HTMLHeadingElement>(null);
  const audioRef = useRef<HTMLAudioElement>(null);

  const job = useGenerationJob(jobId);
  const composing = starting || jobId !== null;

  function show(notice: GenerationNotice) {
    const message = notice.messageKey ? t(`generate.notices.${notice.messageKey}`) : notice.message;
    if (notice.kind === 'banner') {
      setBanner({ ...notice, message });
    } else if (notice.code === 'INSUFFICIENT_FUNDS') {
      // Out of plan generations and coins: the way out is one click away.
      toast.warning(message, {
        action: { label: t('generate.buyCoins'), onClick: () => void navigate('/coins') },
      });
    } else if (notice.severity === 'warning') {
      toast.warning(message);
    } else {
      toast.error(message);
    }
  }

  // The polled job finishing (or the polling itself failing) ends the composing state.
  useEffect(() => {
    if (!jobId) return;
    if (job.isError) {
      rememberRunningJob(null);
      setJobId(null);
      show(failureOf(job.error));
      return;
    }
    const data = job.data;
    if (!data || (data.status !== 'succeeded' && data.status !== 'failed')) return;
    rememberRunningJob(null);
    setJobId(null);
    const outcome = outcomeOf(data);
    if ('track' in outcome) {
      setResult({ jobId, track: outcome.track });
    } else {
      show(outcome.notice);
    }
    // `show` only reads `t`; re-running on its identity would repeat the notice.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [jobId, job.data, job.isError, job.error]);

  useEffect(() => {
    if (result) resultHeading.current?.focus();
  }, [result]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (composing || !description.trim()) return;
    setBanner(null);
    setResult(null);
    setSavedId(null);
    setStarting(true);
    try {
      const started = await startGeneration({ description: description.trim(), lyrics, style, duration });
      rememberRunningJob(started.jobId);
      setJobId(started.jobId);
    } catch (error) {
      const rule = textRuleMessage(error);
      if (rule) toast.error(rule);
      else show(failureOf(error));
    } finally {
      setStarting(false);
    }
  }

  async function onSave() {
    if (!result || saving) return;
    setSaving(true);
    try {
      const saved = await saveTrackToHistory({
        id: result.track.id,
        title: result.track.title,
        audioUrl: result.track.audioUrl,
        audioKey: result.track.audioKey ?? null,
        generationId: result.jobId,
      });
      setSavedId(saved.id);
      toast.success(t('generate.saved'), {
        action: { label: t('generate.openHistory'), onClick: () => void navigate('/history') },
      });
    } catch (error) {
      toast.error(
        error instanceof HistoryPersistError ? t('generate.saveQuotaError') : t('generate.saveError'),
      );
    } finally {
      setSaving(false);
    }
  }

  const fraction = progressFraction(job.data?.progress);
  const phase = job.data?.status === 'running' ? t('generate.phaseRunning') : t('generate.phaseQueued');

  return (
    <section className="mx-auto max-w-5xl">
      <h1 className="text-3xl font-bold text-white">{t('generate.title')}</h1>
      <p className="mt-1 text-zinc-400">{t('generate.subtitle')}</p>

      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
        <form
          onSubmit={(event) => void onSubmit(event)}
          className="space-y-5 rounded-2xl border border-white/10 bg-zinc-900/60 p-5 sm:p-6"
          aria-describedby="generate-required-hint"
        >
          <div>
            <label htmlFor="generate-description" className="mb-1.5 block text-sm font-medium text-zinc-200">
              {t('generate.description')}{' '}
              <span aria-hidden="true" className="text-fuchsia-300">
                *
              </span>
            </label>
            <textarea
              id="generate-description"
              required
              rows={4}
              value={description}
              onChange={(event) => setDescription(event.target.value)}
              placeholder={t('generate.descriptionPlaceholder')}
              className={fieldClass}
              disabled={composing}
            />
          </div>
          <div>
            <label htmlFor="generate-lyrics" className="mb-1.5 block text-sm font-medium text-zinc-200">
              {t('generate.lyrics')}{' '}
              <span className="font-normal text-zinc-400">({t('generate.optional')})</span>
            </label>
            <textarea
              id="generate-lyrics"
              rows={4}
              value={lyrics}
              onChange={(event) => setLyrics(event.target.value)}
              placeholder={t('generate.lyricsPlaceholder')}
              className={fieldClass}
              disabled={composing}
            />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <div>
              <label htmlFor="generate-style" className="mb-1.5 block text-sm font-medium text-zinc-200">
                {t('generate.style')}
              </label>
              <select
                id="generate-style"
                value={style}
                onChange={(event) => setStyle(event.target.value as MusicStyle)}
                className={`${fieldClass} h-11`}
                disabled={composing}
              >
                {MUSIC_STYLES.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor="generate-duration" className="mb-1.5 block text-sm font-medium text-zinc-200">
                {t('generate.duration')}
              </label>
              <select
                id="generate-duration"
                value={duration}
                onChange={(event) => setDuration(Number(event.target.value) as DurationSeconds)}
                className={`${fieldClass} h-11`}
                disabled={composing}
              >
                {DURATIONS_SECONDS.map((seconds) => (
                  <option key={seconds} value={seconds}>
                    {seconds}s
                  </option>
                ))}
              </select>
            </div>
          </div>
          <p id="generate-required-hint" className="text-xs text-zinc-400">
            {t('generate.requiredHint')}
          </p>
          <button type="submit" className={primaryButton} disabled={composing || !description.trim()}>
            {composing ? t('generate.composing') : t('generate.submit')}
          </button>
        </form>

        <div className="space-y-4" aria-live="polite">
          {banner && (
            <NoticeBanner
              severity={banner.severity}
              title={banner.severity === 'error' ? t('generate.bannerError') : t('generate.bannerWarning')}
              onDismiss={() => setBanner(null)}
              dismissLabel={t('generate.dismiss')}
            >
              {banner.message}
            </NoticeBanner>
          )}

          {composing && (
            <div role="status" className="rounded-2xl border border-violet-500/30 bg-violet-950/30 p-5">
              <p className="font-medium text-violet-100">{t('generate.composing')}</p>
              <p className="mt-1 text-sm text-violet-200/80">
                {starting ? t('generate.phaseSending') : phase}
              </p>
              <div
                role="progressbar"
                aria-label={t('generate.progressLabel')}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={fraction === undefined ? undefined : Math.round(fraction * 100)}
                className="mt-4 h-2 overflow-hidden rounded-full bg-white/10"
              >
                {fraction === undefined ? (
                  <div className="h-full w-full animate-pulse rounded-full bg-gradient-to-r from-violet-500/70 to-fuchsia-500/70 motion-reduce:animate-none" />
                ) : (
                  <div
                    className="h-full rounded-full bg-gradient-to-r from-violet-500 to-fuchsia-500 transition-[width] duration-500"
                    style={{ width: `${Math.max(3, fraction * 100)}%` }}
                  />
                )}
              </div>
              {fraction !== undefined && (
                <p className="mt-2 text-right text-xs tabular-nums text-violet-200/80">
                  {Math.round(fraction * 100)}%
                </p>
              )}
            </div>
          )}

          {result && !composing && (
            <article className="space-y-4 rounded-2xl border border-white/10 bg-zinc-900/60 p-5 sm:p-6">
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="text-xs uppercase tracking-wide text-violet-300">
                    {t('generate.resultLabel')}
                  </p>
                  <h2
                    ref={resultHeading}
                    tabIndex={-1}
                    className="truncate text-xl font-semibold text-white focus:outline-none"
                  >
                    {result.track.title?.trim() || 'Untitled'}
                  </h2>
                  <p className="text-sm text-zinc-400">
                    {result.track.style ?? style} · {Math.round(result.track.durationSeconds ?? duration)}s
                  </p>
                </div>
                <button
                  type="button"
                  onClick={() => void onSave()}
                  disabled={saving || savedId === result.track.id}
                  className="inline-flex h-10 items-center rounded-lg bg-white/10 px-4 text-sm font-semibold text-white transition hover:bg-white/15 disabled:opacity-60"
                >
                  {savedId === result.track.id ? t('generate.savedButton') : t('generate.save')}
                </button>
              </div>
              <audio
                ref={audioRef}
                controls
                preload="auto"
                src={result.track.audioUrl}
                className="w-full"
                aria-label={t('generate.player')}
                data-testid="generated-audio"
              />
              <Waveform url={result.track.audioUrl} audioRef={audioRef} />
              {result.track.stems && result.track.stems.length > 0 && (
                <div>
                  <h3 className="mb-2 text-sm font-semibold text-zinc-200">{t('generate.stems')}</h3>
                  <StemDownloads
                    stems={result.track.stems}
                    baseName={result.track.title?.trim() || result.track.id}
                  />
                </div>
              )}
              {savedId === result.track.id && (
                <p className="text-sm text-zinc-400">
                  <Link to="/history" className="text-violet-300 underline-offset-2 hover:underline">
                    {t('generate.openHistory')}
                  </Link>
                </p>
              )}
            </article>
          )}

          {!result && !composing && !banner && (
            <div className="flex min-h-48 items-center justify-center rounded-2xl border border-dashed border-white/10 p-6 text-center text-sm text-zinc-400">
              {t('generate.empty')}
            </div>
          )}
        </div>
      </div>
    </section>
  );
}

export { GeneratePage as Component };
