import { useState } from 'react';
import { Dialog } from '../../../components/Dialog';
import type { SiteT } from '../../../i18n/studio-site';
import { GALLERY, StudioArtwork, type GalleryImage } from './artwork';
import { ChevronIcon, secondaryLink } from './ui';

/** Carousel of the six studio pictures; each opens full size in a lightbox with a Close button. */
export function Gallery({ t }: { t: SiteT }) {
  const [index, setIndex] = useState(0);
  const [zoomed, setZoomed] = useState<GalleryImage | null>(null);
  const total = GALLERY.length;
  const go = (step: number) => setIndex((current) => (current + step + total) % total);

  return (
    <div
      role="region"
      aria-roledescription="carousel"
      aria-label={t('studio.studio.galleryLabel')}
      className="mt-6"
    >
      <div className="relative overflow-hidden rounded-2xl border border-white/10">
        <ul
          className="flex transition-transform duration-500 motion-reduce:transition-none"
          style={{ transform: `translateX(-${index * 100}%)` }}
        >
          {GALLERY.map((image, position) => (
            <li
              key={image}
              className="w-full shrink-0"
              aria-roledescription="slide"
              aria-label={t('studio.studio.position', { current: position + 1, total })}
              aria-hidden={position !== index}
            >
              <button
                type="button"
                className="group relative block w-full"
                onClick={() => setZoomed(image)}
                tabIndex={position === index ? 0 : -1}
                aria-label={t('studio.studio.openImage', { name: t(`studio.studio.images.${image}`) })}
              >
                <StudioArtwork image={image} className="aspect-[5/3] w-full sm:aspect-[5/2]" />
                <span className="absolute bottom-0 left-0 right-0 bg-gradient-to-t from-black/80 to-transparent px-5 pb-4 pt-10 text-left text-lg font-semibold text-white">
                  {t(`studio.studio.images.${image}`)}
                </span>
              </button>
            </li>
          ))}
        </ul>
        <button
          type="button"
          onClick={() => go(-1)}
          aria-label={t('studio.studio.previous')}
          className="absolute left-3 top-1/2 inline-flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-black/60 text-white hover:bg-black/80"
        >
          <ChevronIcon direction="left" />
        </button>
        <button
          type="button"
          onClick={() => go(1)}
          aria-label={t('studio.studio.next')}
          className="absolute right-3 top-1/2 inline-flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-black/60 text-white hover:bg-black/80"
        >
          <ChevronIcon direction="right" />
        </button>
      </div>
      <p className="mt-3 text-center text-sm text-zinc-400" aria-live="polite">
        {t('studio.studio.position', { current: index + 1, total })}
      </p>
      {zoomed && (
        <Dialog
          open
          onClose={() => setZoomed(null)}
          title={t(`studio.studio.images.${zoomed}`)}
          closeLabel={t('studio.studio.close')}
          footer={
            <button type="button" className={secondaryLink} onClick={() => setZoomed(null)}>
              {t('studio.studio.close')}
            </button>
          }
        >
          <StudioArtwork image={zoomed} className="w-full rounded-xl" />
        </Dialog>
      )}
    </div>
  );
}
