import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';

export interface StemLink {
  name: string;
  /** The WAV. */
  url?: string | null;
  /** An MP3 of the same stem, when the server made one (stem splitter). */
  mp3Url?: string | null;
}

/**
 * Stems of a track (generator result, stem splitter): a player and WAV (and MP3, when there is one)
 * downloads per stem; the player streams the MP3 when there is one (a tenth of the WAV). The audio lives
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
          // Below sm the right edge is the floating chat button's column (ChatLauncher: 56 px at 16 px
          // from the edge): the downloads keep out of it, so scrolling never puts one under the button.
          <li
            key={stem.name}
            className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl border border-white/10 bg-zinc-950/60 py-2 pl-3 pr-14 sm:pr-3"
            data-testid={`stem-${stem.name}`}
          >
            <span className="shrink-0 font-medium text-zinc-100 sm:w-20">{name}</span>
            {stem.url ? (
              <audio
                controls
                preload="metadata"
                src={stem.mp3Url ?? stem.url}
                className="order-last h-10 w-full min-w-0 sm:order-none sm:w-auto sm:flex-1"
                aria-label={t('splitter.stemPlayer', { name })}
              />
            ) : (
              <p className="order-last w-full text-sm text-amber-300 sm:order-none sm:w-auto sm:flex-1">
                {t('splitter.linkUnavailable')}
              </p>
            )}
            <span className="ml-auto flex gap-2 sm:ml-0">
              <StemDownloadLink
                stem={stem}
                url={stem.url}
                fileName={`${baseName}-${stem.name}.wav`}
                format={stem.mp3Url ? 'WAV' : undefined}
              />
              {stem.mp3Url && (
                <StemDownloadLink
                  stem={stem}
                  url={stem.mp3Url}
                  fileName={`${baseName}-${stem.name}.mp3`}
                  format="MP3"
                />
              )}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

/** One download; `format` names it when a stem offers more than one ('Baixar WAV', 'Baixar MP3'). */
function StemDownloadLink({
  stem,
  url: link,
  fileName,
  format,
}: {
  stem: StemLink;
  url?: string | null;
  fileName: string;
  format?: string;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const label = format ? t('splitter.downloadAs', { format }) : t('splitter.download');
  const name = t(`splitter.stemNames.${stem.name}`, { defaultValue: stem.name });
  const ariaLabel = format ? t('splitter.downloadAsLabel', { name, format }) : `${label}: ${name}`;

  if (!link) {
    return (
      <button
        type="button"
        onClick={() =>
          toast.error(t('splitter.linkUnavailableTitle'), { description: t('splitter.linkUnavailableText') })
        }
        className="rounded-lg border border-white/10 px-3 py-1.5 text-sm text-zinc-400"
        aria-label={ariaLabel}
      >
        {label}
      </button>
    );
  }
  const url = link;

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
      aria-label={ariaLabel}
      className="rounded-lg bg-white/10 px-3 py-1.5 text-sm font-medium text-white transition hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-violet-400"
    >
      {busy ? t('splitter.downloading') : label}
    </a>
  );
}
