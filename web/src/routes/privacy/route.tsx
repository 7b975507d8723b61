import { Link } from 'react-router-dom';
import { SiteTextGate } from '../../i18n/SiteTextGate';
import { useSiteText } from '../../i18n/studio-site';

/** /privacy: placeholder policy page (spec 2, route table). */
function PrivacyPage() {
  const { t, ready, failed } = useSiteText();
  return (
    <SiteTextGate ready={ready} failed={failed}>
      {() => (
        <article className="mx-auto max-w-2xl py-12">
          <h1 className="text-4xl font-bold text-white">{t('legal.privacy.title')}</h1>
          <p className="mt-6 text-zinc-300">{t('legal.privacy.placeholder')}</p>
          <p className="mt-4 text-zinc-300">{t('legal.privacy.storage')}</p>
          <p className="mt-4 text-zinc-300">{t('legal.privacy.requests')}</p>
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

export { PrivacyPage as Component };
