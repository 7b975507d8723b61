import { Link } from 'react-router-dom';
import type { SiteT } from '../../../i18n/studio-site';
import { secondaryLink, Section } from './ui';

/** The three courses of spec 2 §3 (static). */
const COURSES = [
  { key: 'foundations', level: 'beginner', weeks: 6, inPerson: true, online: true },
  { key: 'lab', level: 'intermediate', weeks: 8, inPerson: true, online: false },
  { key: 'mixing', level: 'advanced', weeks: 4, inPerson: false, online: true },
] as const;

export function CoursesSection({ t }: { t: SiteT }) {
  return (
    <Section id="courses" title={t('studio.courses.title')} lead={t('studio.courses.lead')}>
      <ul className="grid gap-5 md:grid-cols-3">
        {COURSES.map((course) => (
          <li
            key={course.key}
            className="flex flex-col rounded-2xl border border-white/10 bg-zinc-900/70 p-6"
          >
            <p className="text-xs font-semibold uppercase tracking-wide text-fuchsia-300">
              {t(`studio.courses.levels.${course.level}`)}
            </p>
            <h3 className="mt-2 text-xl font-semibold text-white">
              {t(`studio.courses.items.${course.key}.name`)}
            </h3>
            <ul className="mt-4 flex flex-wrap gap-2 text-sm">
              <li className="rounded-full bg-white/10 px-3 py-1 text-zinc-200">
                {t('studio.courses.weeks', { count: course.weeks })}
              </li>
              {course.inPerson && (
                <li className="rounded-full bg-white/10 px-3 py-1 text-zinc-200">
                  {t('studio.courses.inPerson')}
                </li>
              )}
              {course.online && (
                <li className="rounded-full bg-white/10 px-3 py-1 text-zinc-200">
                  {t('studio.courses.online')}
                </li>
              )}
            </ul>
            <p className="mt-4 flex-1 text-zinc-300">
              {t('studio.courses.starts', { date: t(`studio.courses.items.${course.key}.start`) })}
            </p>
            <Link to="/courses/syllabus" className={`${secondaryLink} mt-6`}>
              {t('studio.courses.syllabus')}
              <span className="sr-only">: {t(`studio.courses.items.${course.key}.name`)}</span>
            </Link>
          </li>
        ))}
      </ul>
      <Link
        to="/courses"
        className="mt-8 inline-block font-semibold text-violet-300 underline-offset-4 hover:underline"
      >
        {t('studio.courses.seeAll')}
      </Link>
    </Section>
  );
}
