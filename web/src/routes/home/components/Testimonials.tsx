import { useTranslation } from 'react-i18next';

const keys = ['first', 'second', 'third'] as const;

/** Three quotes under the pricing section (spec 1 §2: landing testimonials). */
export function Testimonials() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="testimonials-title" className="mt-20">
      <h2 id="testimonials-title" className="text-2xl font-bold tracking-tight text-white sm:text-3xl">
        {t('landing.testimonialsTitle')}
      </h2>
      <p className="mt-2 text-zinc-400">{t('landing.testimonialsSubtitle')}</p>
      <ul className="mt-8 grid gap-4 md:grid-cols-3">
        {keys.map((key) => (
          <li key={key}>
            <figure className="flex h-full flex-col rounded-2xl border border-white/10 bg-zinc-900/60 p-6">
              <blockquote className="flex-1 text-zinc-200">
                “{t(`landing.testimonials.${key}.quote`)}”
              </blockquote>
              <figcaption className="mt-5 flex items-center gap-3">
                <span
                  aria-hidden="true"
                  className="grid size-10 place-items-center rounded-full bg-gradient-to-br from-violet-500 to-fuchsia-500 font-semibold text-white"
                >
                  {t(`landing.testimonials.${key}.name`).charAt(0)}
                </span>
                <span>
                  <span className="block font-semibold text-white">
                    {t(`landing.testimonials.${key}.name`)}
                  </span>
                  <span className="block text-sm text-zinc-400">{t(`landing.testimonials.${key}.role`)}</span>
                </span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
