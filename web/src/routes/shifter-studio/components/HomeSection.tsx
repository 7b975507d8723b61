import type { SiteT } from '../../../i18n/studio-site';
import { StudioArtwork } from './artwork';
import { primaryLink, secondaryLink } from './ui';

export function HomeSection({ t }: { t: SiteT }) {
  return (
    <section
      id="home"
      aria-labelledby="home-title"
      className="relative isolate scroll-mt-16 overflow-hidden px-4 py-24 sm:px-8 sm:py-32"
    >
      <StudioArtwork image="night" className="absolute inset-0 -z-10 size-full object-cover opacity-40" />
      <div className="absolute inset-0 -z-10 bg-gradient-to-b from-zinc-950/30 via-zinc-950/60 to-zinc-950" />
      <div className="mx-auto max-w-6xl">
        <p className="text-sm font-semibold uppercase tracking-widest text-fuchsia-300">
          {t('studio.home.eyebrow')}
        </p>
        <h1 id="home-title" className="mt-4 text-5xl font-extrabold tracking-tight text-white sm:text-7xl">
          {t('studio.home.title')}
        </h1>
        <p className="mt-6 max-w-2xl text-lg text-zinc-200">{t('studio.home.lead')}</p>
        <div className="mt-10 flex flex-wrap gap-3">
          <a href="#booking" className={primaryLink}>
            {t('studio.home.book')}
          </a>
          <a href="#community" className={secondaryLink}>
            {t('studio.home.join')}
          </a>
        </div>
      </div>
    </section>
  );
}
