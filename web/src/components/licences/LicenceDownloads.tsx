import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  STEMS_POLL_MS,
  type DeliveredFile,
  type LicenceFilesAnswer,
} from '../../../../shared/licensing/delivery';
import { ApiError, apiRequest } from '../../api/client';
import { ApiProblemText } from '../ApiProblemText';
import { useFeatureTexts } from '../../i18n/use-feature-texts';

/**
 * A bought licence's downloads: the tier's files and the agreement PDF, each through a short presigned
 * URL asked for on click (checked against the purchase by the API). A Trackout's stems ZIP is prepared
 * in the background: while the API answers 'preparing' the files ready so far are listed and the stems
 * line spins, asking again every few seconds; a failed preparation shows its error and "try again".
 */
export function LicenceDownloads({ orderId }: { orderId: string }) {
  const ready = useFeatureTexts(['licensing']);
  const { t } = useTranslation();
  const [answer, setAnswer] = useState<LicenceFilesAnswer | null>(null);
  const [busy, setBusy] = useState<'files' | 'agreement' | 'retry' | null>(null);

  const fail = (error: unknown) => {
    const message =
      error instanceof ApiError && error.status === 404
        ? t('licensing.downloads.noLicence')
        : error instanceof ApiError
          ? error.message
          : undefined;
    toast.error(t('licensing.downloads.error'), { description: message });
  };

  const show = (next: LicenceFilesAnswer, previous: LicenceFilesAnswer | null) => {
    setAnswer(next);
    if (next.status === 'ready' && previous?.status !== 'ready') {
      toast.success(t(previous?.stems ? 'licensing.downloads.stemsReady' : 'licensing.downloads.ready'), {
        description: t('licensing.downloads.readyDescription'),
      });
    }
  };

  // While the stems are being prepared, ask again (each answer also refreshes the short file links).
  useEffect(() => {
    if (answer?.status !== 'preparing') return;
    let cancelled = false;
    const timer = window.setTimeout(() => {
      apiRequest<LicenceFilesAnswer>(`/api/licences/${orderId}/files`).then(
        (next) => {
          if (!cancelled) show(next, answer);
        },
        (error: unknown) => {
          if (cancelled) return;
          // A lost poll is shown like a failed preparation: "try again" asks once more.
          setAnswer({
            ...answer,
            status: 'failed',
            stems: { ai: answer.stems?.ai ?? false, status: 'failed' },
          });
          fail(error);
        },
      );
    }, STEMS_POLL_MS);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
    // `show`/`fail` only read translations; the poll restarts on each new answer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answer, orderId]);

  if (!ready) return null;

  /** A file's name in the reader's language (an uploaded non-MP3 audio is the preview as uploaded). */
  const fileName = (file: DeliveredFile): string => {
    if (file.kind === 'stems')
      return t(
        file.ai_separated ? 'licensing.downloads.fileNames.stemsAi' : 'licensing.downloads.fileNames.stems',
      );
    if (file.kind === 'wav') return t('licensing.downloads.fileNames.wav');
    return t(
      file.name.toLowerCase().endsWith('.mp3')
        ? 'licensing.downloads.fileNames.mp3'
        : 'licensing.downloads.fileNames.audio',
    );
  };

  async function loadFiles() {
    setBusy('files');
    try {
      show(await apiRequest<LicenceFilesAnswer>(`/api/licences/${orderId}/files`), null);
    } catch (error) {
      fail(error);
    } finally {
      setBusy(null);
    }
  }

  async function retryStems() {
    setBusy('retry');
    try {
      show(
        await apiRequest<LicenceFilesAnswer>(`/api/licences/${orderId}/stems`, { method: 'POST' }),
        answer,
      );
    } catch (error) {
      fail(error);
    } finally {
      setBusy(null);
    }
  }

  async function agreement() {
    setBusy('agreement');
    try {
      const { url } = await apiRequest<{ url: string }>(`/api/licences/${orderId}/agreement`);
      window.location.assign(url);
    } catch (error) {
      fail(error);
    } finally {
      setBusy(null);
    }
  }

  const button =
    'inline-flex h-9 items-center rounded-lg border border-white/15 px-3 text-sm text-zinc-100 hover:bg-white/5 focus-visible:outline-2 focus-visible:outline-violet-400 disabled:opacity-60';
  const stems = answer?.stems;
  return (
    <div className="flex w-full flex-wrap items-center gap-2">
      <button type="button" className={button} disabled={busy !== null} onClick={() => void loadFiles()}>
        {busy === 'files' ? t('licensing.downloads.loading') : t('licensing.downloads.files')}
      </button>
      <button type="button" className={button} disabled={busy !== null} onClick={() => void agreement()}>
        {busy === 'agreement' ? t('licensing.downloads.loading') : t('licensing.downloads.agreement')}
      </button>
      {answer && answer.files.length > 0 && (
        <ul className="flex w-full flex-wrap gap-2" aria-label={t('licensing.downloads.ready')}>
          {answer.files.map((file) => (
            <li key={file.kind}>
              <a
                href={file.url}
                download={file.name}
                className="inline-flex h-9 items-center rounded-lg bg-violet-600 px-3 text-sm font-medium text-white hover:bg-violet-500"
              >
                {fileName(file)}
              </a>
            </li>
          ))}
        </ul>
      )}
      {answer?.mp3 && (
        // The MP3 of a WAV beat is encoded after publishing; the API says why it is not listed yet.
        // "Try again" (POST …/stems) restarts a failed MP3 as well as failed stems.
        <div
          role={answer.mp3.status === 'failed' ? 'alert' : 'status'}
          aria-live="polite"
          className="flex w-full flex-wrap items-center gap-2 text-sm text-zinc-300"
        >
          {answer.mp3.status === 'failed' ? (
            <ApiProblemText problem={answer.mp3.error} />
          ) : (
            <span>{t('licensing.downloads.preparingMp3')}</span>
          )}
          {answer.mp3.status === 'failed' && stems?.status !== 'failed' && (
            <button
              type="button"
              className={button}
              disabled={busy !== null}
              onClick={() => void retryStems()}
            >
              {busy === 'retry' ? t('licensing.downloads.loading') : t('licensing.downloads.retry')}
            </button>
          )}
        </div>
      )}
      {stems?.status === 'preparing' && (
        <p role="status" aria-live="polite" className="flex w-full items-center gap-2 text-sm text-zinc-300">
          <span
            aria-hidden="true"
            className="size-4 animate-spin rounded-full border-2 border-violet-400 border-t-transparent motion-reduce:animate-none"
          />
          <span>
            {t(stems.ai ? 'licensing.downloads.preparingStemsAi' : 'licensing.downloads.preparingStems')}
          </span>
          <span className="text-zinc-500">{t('licensing.downloads.preparingHint')}</span>
        </p>
      )}
      {stems?.status === 'failed' && (
        <div role="alert" className="flex w-full flex-wrap items-center gap-2 text-sm text-red-300">
          <span>{t('licensing.downloads.stemsFailed')}</span>
          {/* The generic failure repeats the line above; a specific reason (the WAV is gone…) is added. */}
          {stems.error && !(stems.error.code === 'STEMS_FAILED' && !stems.error.params.context) && (
            <ApiProblemText problem={stems.error} className="text-zinc-400" />
          )}
          <button type="button" className={button} disabled={busy !== null} onClick={() => void retryStems()}>
            {busy === 'retry' ? t('licensing.downloads.loading') : t('licensing.downloads.retry')}
          </button>
        </div>
      )}
    </div>
  );
}
