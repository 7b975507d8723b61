import { Link } from 'react-router-dom';
import { SiteTextGate } from '../../i18n/SiteTextGate';
import { useSiteText } from '../../i18n/studio-site';

/** /courses/syllabus: placeholder until the syllabus is published (spec 2, route table). */
function SyllabusPage() {
  const { t, ready, failed } = useSiteText();
  return (
    <SiteTextGate ready={ready} failed={failed}>
      {() => (
        <section className="mx-auto max-w-2xl py-12 text-center">
          <h1 className="text-4xl font-bold text-white">{t('courses.syllabusTitle')}</h1>
          <p className="mt-4 text-zinc-300">{t('courses.syllabusText')}</p>
          <Link
            to="/shifter-studio#courses"
            className="mt-8 inline-flex h-11 items-center rounded-xl border border-white/15 px-5 font-medium text-white hover:bg-white/10"
          >
            {t('courses.backToStudio')}
          </Link>
        </section>
      )}
    </SiteTextGate>
  );
}

export { SyllabusPage as Component };
