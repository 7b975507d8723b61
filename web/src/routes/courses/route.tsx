import { Link } from 'react-router-dom';
import { SiteTextGate } from '../../i18n/SiteTextGate';
import { useSiteText } from '../../i18n/studio-site';

/** /courses: the catalogue is announced as coming soon (spec 2, route table). */
function CoursesPage() {
  const { t, ready, failed } = useSiteText();
  return (
    <SiteTextGate ready={ready} failed={failed}>
      {() => (
        <section className="mx-auto max-w-2xl py-12 text-center">
          <p className="inline-block rounded-full bg-fuchsia-500/15 px-3 py-1 text-sm font-semibold text-fuchsia-300">
            {t('courses.comingSoon')}
          </p>
          <h1 className="mt-4 text-4xl font-bold text-white">{t('courses.title')}</h1>
          <p className="mt-4 text-zinc-300">{t('courses.lead')}</p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <Link
              to="/shifter-studio#courses"
              className="inline-flex h-11 items-center rounded-xl bg-gradient-to-r from-violet-500 to-fuchsia-500 px-5 font-semibold text-white"
            >
              {t('courses.seeCourses')}
            </Link>
            <Link
              to="/courses/syllabus"
              className="inline-flex h-11 items-center rounded-xl border border-white/15 px-5 font-medium text-white hover:bg-white/10"
            >
              {t('courses.syllabusTitle')}
            </Link>
          </div>
        </section>
      )}
    </SiteTextGate>
  );
}

export { CoursesPage as Component };
