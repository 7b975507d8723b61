import { useState } from 'react';
import { Dialog } from '../../../components/Dialog';
import type { SiteT } from '../../../i18n/studio-site';
import { Gallery } from './Gallery';
import { primaryLink, secondaryLink, Section } from './ui';

const SERVICES = ['recording', 'mixing', 'production'] as const;
type Service = (typeof SERVICES)[number];
const GEAR = ['gear1', 'gear2', 'gear3', 'gear4'] as const;
/** Booking form service each card books. */
const bookingService: Record<Service, string> = {
  recording: 'recording',
  mixing: 'mixing',
  production: 'production',
};

export function StudioSection({ t, onBook }: { t: SiteT; onBook: (service: string) => void }) {
  const [open, setOpen] = useState<Service | null>(null);

  return (
    <Section id="studio" title={t('studio.studio.title')} lead={t('studio.studio.lead')}>
      <ul className="grid gap-5 md:grid-cols-3">
        {SERVICES.map((service) => (
          <li key={service} className="flex flex-col rounded-2xl border border-white/10 bg-zinc-900/70 p-6">
            <h3 className="text-xl font-semibold text-white">
              {t(`studio.studio.services.${service}.title`)}
            </h3>
            <p className="mt-2 flex-1 text-zinc-300">{t(`studio.studio.services.${service}.description`)}</p>
            <div className="mt-6 flex flex-wrap gap-2">
              <button type="button" className={secondaryLink} onClick={() => setOpen(service)}>
                {t('studio.studio.learnMore')}
                <span className="sr-only">: {t(`studio.studio.services.${service}.title`)}</span>
              </button>
              <a href="#booking" className={primaryLink} onClick={() => onBook(bookingService[service])}>
                {t('studio.studio.bookNow')}
                <span className="sr-only">: {t(`studio.studio.services.${service}.title`)}</span>
              </a>
            </div>
          </li>
        ))}
      </ul>
      {open && (
        <Dialog
          open
          onClose={() => setOpen(null)}
          title={t(`studio.studio.services.${open}.title`)}
          description={t(`studio.studio.services.${open}.description`)}
          closeLabel={t('studio.studio.close')}
          footer={
            <a
              href="#booking"
              className={primaryLink}
              onClick={() => {
                onBook(bookingService[open]);
                setOpen(null);
              }}
            >
              {t('studio.studio.bookNow')}
            </a>
          }
        >
          <h3 className="text-sm font-semibold uppercase tracking-wide text-zinc-400">
            {t('studio.studio.gearTitle')}
          </h3>
          <ul className="mt-3 list-disc space-y-1.5 pl-5 text-zinc-200">
            {GEAR.map((gear) => (
              <li key={gear}>{t(`studio.studio.services.${open}.${gear}`)}</li>
            ))}
          </ul>
        </Dialog>
      )}
      <h3 className="mt-16 text-2xl font-semibold text-white">{t('studio.studio.galleryTitle')}</h3>
      <Gallery t={t} />
    </Section>
  );
}
