import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ApiError, apiRequest } from '../../../api/client';
import { useFeatureTexts } from '../../../i18n/use-feature-texts';

interface DeliveredFile {
  kind: string;
  label: string;
  name: string;
  url: string;
  ai_separated: boolean;
}

/**
 * A bought licence's downloads: the tier's files and the agreement PDF, each through a short presigned
 * URL asked for on click (checked against the purchase by the API).
 */
export function LicenceDownloads({ orderId }: { orderId: string }) {
  const ready = useFeatureTexts(['licensing']);
  const { t } = useTranslation();
  const [files, setFiles] = useState<DeliveredFile[] | null>(null);
  const [busy, setBusy] = useState<'files' | 'agreement' | null>(null);
  if (!ready) return null;

  const fail = (error: unknown) => {
    const message =
      error instanceof ApiError && error.status === 404
        ? t('licensing.downloads.noLicence')
        : error instanceof ApiError
          ? error.message
          : undefined;
    toast.error(t('licensing.downloads.error'), { description: message });
  };

  async function loadFiles() {
    setBusy('files');
    try {
      const answer = await apiRequest<{ files: DeliveredFile[] }>(`/api/licences/${orderId}/files`);
      setFiles(answer.files);
      toast.success(t('licensing.downloads.ready'), {
        description: t('licensing.downloads.readyDescription'),
      });
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
  return (
    <div className="flex w-full flex-wrap items-center gap-2">
      <button type="button" className={button} disabled={busy !== null} onClick={() => void loadFiles()}>
        {busy === 'files' ? t('licensing.downloads.loading') : t('licensing.downloads.files')}
      </button>
      <button type="button" className={button} disabled={busy !== null} onClick={() => void agreement()}>
        {busy === 'agreement' ? t('licensing.downloads.loading') : t('licensing.downloads.agreement')}
      </button>
      {files && (
        <ul className="flex w-full flex-wrap gap-2" aria-label={t('licensing.downloads.ready')}>
          {files.map((file) => (
            <li key={file.kind}>
              <a
                href={file.url}
                download={file.name}
                className="inline-flex h-9 items-center rounded-lg bg-violet-600 px-3 text-sm font-medium text-white hover:bg-violet-500"
              >
                {file.label}
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
