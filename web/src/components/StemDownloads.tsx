import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';

export interface StemLink {
  name: string;
  url?: string | null;
}

/**
 * Stems of a track (generator result, stem splitter): a player and a download per stem. The audio lives
 * on another origin (presigned storage URLs), where the `download` attribute is ignored, so the file is
 * fetched and saved from a blob; when that fetch fails the link opens the file instead.
 */
export function StemDownloads({ stems, baseName }: { stems: StemLink[]; baseName: string }) {
  const { t } = useTranslation();
  return (
    <ul className="space-y-2">
      {stems.map((stem) => {
        const name = t(`splitter.stemNames.${stem.name}`, { defaultValue: stem.name });
        return (
          <li
            key={stem.name}
            className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl border border-white/10 bg-zinc-950/60 px-3 py-2"
            data-testid={`stem-${stem.name}`}
          >
            <span className="w-20 shrink-0 font-medium text-zinc-100">{name}</span>
            {stem.url ? (
              <audio
                controls
                preload="metadata"
                src={stem.url}
                className="order-last h-10 w-full min-w-0 sm:order-none sm:w-auto sm:flex-1"
                aria-label={t('splitter.stemPlayer', { name })}
              />
            ) : (
              <p className="order-last w-full text-sm text-amber-300 sm:order-none sm:w-auto sm:flex-1">
                {t('splitter.linkUnavailable')}
              </p>
            )}
            <span className="ml-auto sm:ml-0">
              <StemDownloadLink stem={stem} fileName={`${baseName}-${stem.name}.wav`} />
            </span>
          </li>
        );
      })}
    </ul>
  );
}

function StemDownloadLink({ stem, fileName }: { stem: StemLink; fileName: string }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const label = t('splitter.download');
  const name = t(`splitter.stemNames.${stem.name}`, { defaultValue: stem.name });

  if (!stem.url) {
    return (
      <button
        type="button"
        onClick={() =>
          toast.error(t('splitter.linkUnavailableTitle'), { description: t('splitter.linkUnavailableText') })
        }
        className="rounded-lg border border-white/10 px-3 py-1.5 text-sm text-zinc-400"
        aria-label={`${label}: ${name}`}
      >
        {label}
      </button>
    );
  }
  const url = stem.url;

  async function download(event: React.MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const objectUrl = URL.createObjectURL(await response.blob());
      const anchor = document.createElement('a');
      anchor.href = objectUrl;
      anchor.download = fileName;
      document.body.append(anchor);
      anchor.click();
      anchor.remove();
      setTimeout(() => URL.revokeObjectURL(objectUrl), 60_000);
    } catch {
      // Storage without CORS for this origin: let the browser open the file itself.
      window.open(url, '_blank', 'noopener');
    } finally {
      setBusy(false);
    }
  }

  return (
    <a
      href={url}
      download={fileName}
      onClick={(event) => void download(event)}
      aria-busy={busy}
      aria-label={`${label}: ${name}`}
      className="rounded-lg bg-white/10 px-3 py-1.5 text-sm font-medium text-white transition hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-violet-400"
    >
      {busy ? t('splitter.downloading') : label}
    </a>
  );
}
