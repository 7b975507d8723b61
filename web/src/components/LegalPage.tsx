import { Link } from 'react-router-dom';
import { SiteTextGate } from '../i18n/SiteTextGate';
import { useSiteText, type SiteKey } from '../i18n/studio-site';

/** A legal page of the studio site (/privacy, /terms): its title, its paragraphs and the way back. */
export function LegalPage({ title, paragraphs }: { title: SiteKey; paragraphs: readonly SiteKey[] }) {
  const { t, ready, failed } = useSiteText();
  return (
    <SiteTextGate ready={ready} failed={failed}>
      {() => (
        <article className="mx-auto max-w-2xl py-12">
          <h1 className="text-4xl font-bold text-white">{t(title)}</h1>
          {paragraphs.map((key, index) => (
            <p key={key} className={`${index === 0 ? 'mt-6' : 'mt-4'} text-zinc-300`}>
              {t(key)}
            </p>
          ))}
          <Link
            to="/shifter-studio"
            className="mt-8 inline-block font-semibold text-violet-300 hover:underline"
          >
            {t('legal.backToStudio')}
          </Link>
        </article>
      )}
    </SiteTextGate>
  );
}
