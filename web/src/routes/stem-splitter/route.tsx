import { useEffect, useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { checkUpload, UploadErrorCode } from '../../../../shared/uploads';
import { ApiError } from '../../api/client';
import { apiErrorText, failureText, loadApiErrorTexts } from '../../api/error-text';
import { useAuth } from '../../auth/session';
import { PageLoading } from '../../components/PageLoading';
import { primaryButton } from '../../components/form';
import { StemDownloads } from '../../components/StemDownloads';
import { UploadError, uploadFile, type UploadProgress } from '../../lib/multipart-uploader';
import { startSplit, stemsOf, uploadApi, useSplitJob } from './api/split-stems';
import { formatMegabytes, UploadProgressBar } from './components/UploadProgressBar';
import { useInterruptedUploads } from './hooks/useInterruptedUploads';
import { splitterAccepts } from './format-check';
import { SplitProgress } from './components/SplitProgress';
import { ACCEPTED_AUDIO, AUDIO_ERROR_CODES } from '../../../../shared/audio/formats';

type Phase = 'idle' | 'chosen' | 'uploading' | 'splitting' | 'done';

/**
 * The split job (and the file's name) survive a reload of the tab: the page polls it again and shows
 * the stems with fresh links. 'Escolher outro arquivo' forgets it.
 */
const JOB_KEY = '5d.splitter.job';

interface SavedJob {
  jobId: string;
  fileName: string;
}

function readSavedJob(): SavedJob | null {
  try {
    const saved = JSON.parse(sessionStorage.getItem(JOB_KEY) ?? 'null') as Partial<SavedJob> | null;
    return saved && typeof saved.jobId === 'string' && typeof saved.fileName === 'string'
      ? { jobId: saved.jobId, fileName: saved.fileName }
      : null;
  } catch {
    return null;
  }
}

function saveJob(job: SavedJob | null): void {
  try {
    if (job) sessionStorage.setItem(JOB_KEY, JSON.stringify(job));
    else sessionStorage.removeItem(JOB_KEY);
  } catch {
    // storage unavailable: a reload forgets the job
  }
}

function StemSplitterPage() {
  const { t, i18n } = useTranslation();
  const { loading, user } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [saved] = useState(readSavedJob);
  const [file, setFile] = useState<File | null>(null);
  const [fileName, setFileName] = useState<string | null>(saved?.fileName ?? null);
  const [phase, setPhase] = useState<Phase>(saved ? 'splitting' : 'idle');
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [resumed, setResumed] = useState(false);
  const [jobId, setJobId] = useState<string | null>(saved?.jobId ?? null);
  const [dragging, setDragging] = useState(false);
  const abortRef = useRef<AbortController | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const interrupted = useInterruptedUploads();
  const job = useSplitJob(jobId);

  // Signed-in only: say why and go to /auth.
  useEffect(() => {
    if (loading || user) return;
    // One toast even when the effect runs twice (StrictMode, a quick re-render).
    toast.error(t('splitter.loginTitle'), { description: t('splitter.loginText'), id: 'splitter-login' });
    void navigate('/auth', { replace: true, state: { from: location.pathname } });
  }, [loading, user, navigate, location.pathname, t]);

  // Leaving the page (in the app) cancels a running upload; a reload or a closed tab leaves it resumable.
  useEffect(() => () => abortRef.current?.abort('leaving'), []);

  /** A failed split, said by its code: a file the decoder refused gets its own reason (the API's text). */
  function splitFailed(code?: string) {
    const show = () =>
      toast.error(t('splitter.splitErrorTitle'), {
        description:
          (code && AUDIO_ERROR_CODES.includes(code) && apiErrorText(code)) || t('splitter.splitErrorText'),
      });
    // A job's failure code may arrive before any API error loaded the texts.
    if (code) void loadApiErrorTexts().then(show);
    else show();
  }

  useEffect(() => {
    if (!jobId) return;
    if (job.isError || job.data?.status === 'failed') {
      saveJob(null);
      setJobId(null);
      // After a reload the File is gone: start over from the picker.
      setPhase(file ? 'chosen' : 'idle');
      splitFailed(job.data?.error?.code);
      return;
    }
    if (job.data?.status === 'succeeded') setPhase('done');
    // eslint-disable-next-line react-hooks/exhaustive-deps -- splitFailed only reads `t`
  }, [jobId, job.data, job.isError]);

  function showProblem(problem: { code: string; message: string }) {
    const key =
      problem.code === UploadErrorCode.TooLarge
        ? 'tooLarge'
        : problem.code === UploadErrorCode.InvalidType
          ? 'invalid'
          : problem.code === UploadErrorCode.Empty
            ? 'empty'
            : undefined;
    if (key) {
      toast.error(t(`splitter.${key}Title`), { description: t(`splitter.${key}Text`) });
    } else {
      const [title, text] = problem.message.split(' — ');
      toast.error(title ?? problem.message, { description: text });
    }
  }

  function choose(candidate: File | undefined) {
    if (!candidate) return;
    const problem = checkUpload('stem-split', candidate.name, candidate.type, candidate.size);
    if (problem) {
      showProblem({
        code: problem.code,
        message: apiErrorText(problem.code, problem.params) || problem.message,
      });
      if (inputRef.current) inputRef.current.value = '';
      return;
    }
    // A format the splitter does not decode is said before the upload, not after it.
    void splitterAccepts(candidate).then((accepted) => {
      if (!accepted) {
        toast.error(t('splitter.unsupportedTitle'), { description: t('splitter.unsupportedText') });
        if (inputRef.current) inputRef.current.value = '';
        return;
      }
      saveJob(null);
      setFile(candidate);
      setFileName(candidate.name);
      setPhase('chosen');
      setProgress(null);
      setJobId(null);
    });
  }

  async function start() {
    if (!file || phase === 'uploading' || phase === 'splitting') return;
    const controller = new AbortController();
    abortRef.current = controller;
    setPhase('uploading');
    setResumed(false);
    setProgress(null);
    let stage: 'upload' | 'split' = 'upload';
    let firstReport = true;
    try {
      const uploaded = await uploadFile(file, {
        purpose: 'stem-split',
        api: uploadApi,
        signal: controller.signal,
        onProgress: (next) => {
          // The first report comes before any part is sent: bytes already confirmed mean a resume.
          if (firstReport) setResumed(next.confirmedBytes > 0);
          firstReport = false;
          setProgress(next);
        },
      });
      interrupted.refresh();
      stage = 'split';
      setPhase('splitting');
      const started = await startSplit(uploaded.uploadId);
      saveJob({ jobId: started.jobId, fileName: file.name });
      setJobId(started.jobId);
    } catch (error) {
      interrupted.refresh();
      if (controller.signal.aborted) {
        if (controller.signal.reason !== 'leaving') {
          toast(t('splitter.cancelled'));
          setPhase('chosen');
          setProgress(null);
        }
        return;
      }
      setPhase('chosen');
      if (error instanceof UploadError) {
        showProblem({ code: error.code, message: failureText(error, t('splitter.uploadErrorText')) });
      } else if (
        error instanceof ApiError &&
        (error.code === UploadErrorCode.TooLarge || error.code === UploadErrorCode.InvalidType)
      ) {
        showProblem(error);
      } else if (error instanceof ApiError && error.status === 401) {
        toast.error(t('splitter.loginTitle'), { description: t('splitter.loginText') });
      } else if (stage === 'split' && error instanceof ApiError && AUDIO_ERROR_CODES.includes(error.code)) {
        // The server read the file and could not decode it (format, corrupt, truncated): say which.
        splitFailed(error.code);
      } else if (stage === 'split' && error instanceof ApiError && error.status === 400) {
        toast.error(t('splitter.splitErrorTitle'), { description: error.message });
      } else if (stage === 'split') {
        splitFailed();
      } else {
        toast.error(t('splitter.uploadErrorTitle'), { description: t('splitter.uploadErrorText') });
      }
    } finally {
      abortRef.current = null;
    }
  }

  function cancel() {
    abortRef.current?.abort('cancel');
  }

  function reset() {
    saveJob(null);
    setFile(null);
    setFileName(null);
    setPhase('idle');
    setProgress(null);
    setJobId(null);
    if (inputRef.current) inputRef.current.value = '';
  }

  if (loading || !user) return <PageLoading />;

  const busy = phase === 'uploading' || phase === 'splitting';
  const language = i18n.resolvedLanguage;
  const stems = phase === 'done' && job.data ? stemsOf(job.data) : null;
  const baseName = (fileName ?? 'stems').replace(/\.[^.]+$/, '');

  return (
    <section className="mx-auto max-w-3xl">
      <p className="text-sm font-medium uppercase tracking-wider text-violet-300">{t('splitter.eyebrow')}</p>
      <h1 className="mt-1 text-3xl font-bold text-white">{t('splitter.title')}</h1>
      <p className="mt-1 text-zinc-400">{t('splitter.subtitle')}</p>

      {interrupted.uploads.length > 0 && !busy && (
        <div
          role="note"
          className="mt-6 space-y-2 rounded-xl border border-sky-500/30 bg-sky-950/40 p-4 text-sm text-sky-100"
        >
          {interrupted.uploads.map((upload) => (
            <div key={upload.storageKey} className="flex flex-wrap items-center justify-between gap-2">
              <span>
                {t('splitter.interrupted', {
                  name: upload.name,
                  size: formatMegabytes(upload.size, language),
                })}
              </span>
              <button
                type="button"
                className="rounded-md px-2 py-1 text-sky-200 underline-offset-2 hover:underline"
                onClick={() => {
                  void uploadApi
                    .delete(`/api/uploads/${encodeURIComponent(upload.uploadId)}`)
                    .catch(() => undefined);
                  interrupted.forget(upload);
                }}
              >
                {t('splitter.discard')}
              </button>
            </div>
          ))}
        </div>
      )}

      <div className="mt-6 space-y-5 rounded-2xl border border-white/10 bg-zinc-900/60 p-5 sm:p-6">
        <div>
          <label
            htmlFor="stem-file"
            onDragOver={(event: DragEvent) => {
              event.preventDefault();
              if (!busy) setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={(event: DragEvent) => {
              event.preventDefault();
              setDragging(false);
              if (!busy) choose(event.dataTransfer.files[0]);
            }}
            className={`flex cursor-pointer flex-col items-center justify-center gap-1 rounded-xl border-2 border-dashed px-4 py-8 text-center transition focus-within:border-violet-400 ${
              dragging ? 'border-violet-400 bg-violet-950/30' : 'border-white/15 hover:border-white/30'
            } ${busy ? 'pointer-events-none opacity-60' : ''}`}
          >
            <span className="font-medium text-zinc-100">{file?.name ?? fileName ?? t('splitter.pick')}</span>
            <span id="stem-file-hint" className="text-sm text-zinc-400">
              {file ? `${formatMegabytes(file.size, language)} MB` : t('splitter.hint')}
            </span>
            <input
              ref={inputRef}
              id="stem-file"
              type="file"
              accept={ACCEPTED_AUDIO}
              aria-describedby="stem-file-hint"
              className="sr-only"
              disabled={busy}
              onChange={(event: ChangeEvent<HTMLInputElement>) => choose(event.target.files?.[0])}
            />
          </label>
        </div>

        {phase === 'uploading' && (
          <div className="space-y-3" aria-live="polite">
            {progress ? (
              <UploadProgressBar progress={progress} resumed={resumed} />
            ) : (
              <p role="status" className="text-sm text-zinc-400">
                {t('splitter.preparing')}
              </p>
            )}
            <button
              type="button"
              onClick={cancel}
              className="inline-flex h-10 items-center rounded-lg border border-white/15 px-4 text-sm font-medium text-zinc-200 hover:bg-white/5"
            >
              {t('splitter.cancel')}
            </button>
          </div>
        )}

        {phase === 'splitting' && <SplitProgress job={job.data} />}

        {(phase === 'chosen' || phase === 'done') && (
          <div className="flex flex-wrap gap-3">
            {phase === 'chosen' && (
              <button type="button" onClick={() => void start()} className={`${primaryButton} sm:w-auto`}>
                {t('splitter.start')}
              </button>
            )}
            <button
              type="button"
              onClick={reset}
              className="inline-flex h-11 items-center rounded-lg border border-white/15 px-4 text-sm font-medium text-zinc-200 hover:bg-white/5"
            >
              {t('splitter.another')}
            </button>
          </div>
        )}
      </div>

      {stems && (
        <div className="mt-6">
          <h2 className="mb-3 text-lg font-semibold text-white">{t('splitter.stemsTitle')}</h2>
          <StemDownloads stems={stems} baseName={baseName} />
        </div>
      )}
    </section>
  );
}

export { StemSplitterPage as Component };
