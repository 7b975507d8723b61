import { useEffect, useMemo, useState } from 'react';
import type { SiteT } from '../../../i18n/studio-site';
import { STUDIO_LINKS } from './links';
import { secondaryLink, Section } from './ui';

/** A short studio ident (a chord with a soft attack) rendered as WAV in the browser: a real player, no download. */
function renderIdent(): Blob {
  const rate = 22050;
  const seconds = 2.5;
  const samples = Math.floor(rate * seconds);
  const buffer = new ArrayBuffer(44 + samples * 2);
  const view = new DataView(buffer);
  const text = (offset: number, value: string) =>
    [...value].forEach((c, i) => view.setUint8(offset + i, c.charCodeAt(0)));
  text(0, 'RIFF');
  view.setUint32(4, 36 + samples * 2, true);
  text(8, 'WAVEfmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, rate, true);
  view.setUint32(28, rate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  text(36, 'data');
  view.setUint32(40, samples * 2, true);
  const notes = [220, 277.18, 329.63, 440]; // A major
  for (let i = 0; i < samples; i += 1) {
    const time = i / rate;
    const envelope = Math.min(1, time * 8) * Math.exp(-time * 1.4);
    const value = notes.reduce((sum, f, n) => sum + Math.sin(2 * Math.PI * f * time + n) / notes.length, 0);
    view.setInt16(44 + i * 2, Math.round(value * envelope * 0.6 * 32767), true);
  }
  return new Blob([buffer], { type: 'audio/wav' });
}

function useObjectUrl(make: () => Blob): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const created = URL.createObjectURL(make());
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [make]);
  return url;
}

/** An external player that loads only when the visitor asks for it. */
function ClickToLoad({ title, src, t, tall }: { title: string; src: string; t: SiteT; tall?: boolean }) {
  const [loaded, setLoaded] = useState(false);
  return (
    <figure className="overflow-hidden rounded-2xl border border-white/10 bg-zinc-900/70">
      <div className={`${tall ? 'h-80' : 'aspect-video'} w-full`}>
        {loaded ? (
          <iframe
            title={title}
            src={src}
            className="size-full"
            loading="lazy"
            allow="autoplay; clipboard-write; encrypted-media; fullscreen; picture-in-picture"
          />
        ) : (
          <div className="flex size-full flex-col items-center justify-center gap-3 bg-gradient-to-br from-violet-950 to-zinc-900 p-6 text-center">
            <button type="button" onClick={() => setLoaded(true)} className={secondaryLink}>
              {t('studio.media.loadPlayer')}
              <span className="sr-only">: {title}</span>
            </button>
            <p className="text-xs text-zinc-400">{t('studio.media.externalNote')}</p>
          </div>
        )}
      </div>
      <figcaption className="px-5 py-3 font-medium text-white">{title}</figcaption>
    </figure>
  );
}

export function MediaSection({ t }: { t: SiteT }) {
  const identUrl = useObjectUrl(renderIdent);
  const pressKitText = t('studio.media.pressKitFile');
  const makePressKit = useMemo(
    () => () => new Blob([pressKitText], { type: 'text/plain;charset=utf-8' }),
    [pressKitText],
  );
  const pressKitUrl = useObjectUrl(makePressKit);

  return (
    <Section id="media" title={t('studio.media.title')} lead={t('studio.media.lead')}>
      <div className="grid gap-5 lg:grid-cols-3">
        <ClickToLoad title={t('studio.media.video')} src={STUDIO_LINKS.videoEmbed} t={t} />
        <ClickToLoad title={t('studio.media.streaming')} src={STUDIO_LINKS.playlistEmbed} t={t} />
        <figure className="flex flex-col overflow-hidden rounded-2xl border border-white/10 bg-zinc-900/70">
          <div className="flex aspect-video w-full flex-col items-center justify-center gap-4 bg-gradient-to-br from-fuchsia-950 to-zinc-900 p-5">
            {identUrl && (
              <audio
                controls
                src={identUrl}
                preload="none"
                className="w-full"
                aria-label={t('studio.media.audio')}
              />
            )}
            <p className="text-xs text-zinc-400">{t('studio.media.audioNote')}</p>
          </div>
          <figcaption className="px-5 py-3 font-medium text-white">{t('studio.media.audio')}</figcaption>
        </figure>
      </div>
      <div className="mt-8 flex flex-wrap items-center gap-3">
        {pressKitUrl && (
          <a href={pressKitUrl} download="shifter-studio-press-kit.txt" className={secondaryLink}>
            {t('studio.media.pressKit')}
          </a>
        )}
        <nav aria-label={t('studio.media.social')} className="flex flex-wrap gap-2">
          {(['instagram', 'youtube', 'spotify', 'soundcloud'] as const).map((network) => (
            <a
              key={network}
              href={STUDIO_LINKS[network]}
              target="_blank"
              rel="noopener noreferrer"
              className="rounded-lg border border-white/10 px-3 py-2 text-sm capitalize text-zinc-200 hover:bg-white/10"
            >
              {network === 'youtube' ? 'YouTube' : network === 'soundcloud' ? 'SoundCloud' : network}
            </a>
          ))}
        </nav>
      </div>
    </Section>
  );
}
