import { Link } from 'react-router-dom';
import { SiteTextGate } from '../../i18n/SiteTextGate';
import { useSiteText } from '../../i18n/studio-site';

/** /thank-you: after a booking request (spec 2: Thank-you page). */
function ThankYouPage() {
  const { t, ready, failed } = useSiteText();
  return (
    <SiteTextGate ready={ready} failed={failed}>
      {() => (
        <section className="mx-auto max-w-xl py-16 text-center">
          <h1 className="text-4xl font-bold text-white">{t('legal.thankYou.title')}</h1>
          <p className="mt-4 text-lg text-zinc-300">{t('legal.thankYou.text')}</p>
          <Link
            to="/shifter-studio"
            className="mt-8 inline-flex h-11 items-center rounded-xl bg-gradient-to-r from-violet-500 to-fuchsia-500 px-6 font-semibold text-white"
          >
            {t('legal.thankYou.back')}
          </Link>
        </section>
      )}
    </SiteTextGate>
  );
}

export { ThankYouPage as Component };
