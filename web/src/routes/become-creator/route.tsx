import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

const benefits = ['sell', 'hub', 'ai'] as const;
const steps = ['signup', 'review', 'sell'] as const;
const faq = ['how', 'fees', 'rights'] as const;

const primary =
  'inline-flex min-h-11 items-center justify-center rounded-xl bg-gradient-to-r from-violet-500 to-fuchsia-500 px-6 py-2 text-center font-semibold text-white shadow-lg shadow-violet-900/40 transition hover:brightness-110';

/** Become-creator marketing page (spec 2 §2): CTAs to /auth?type=creator and /marketplace, 48h approval, FAQ. */
function BecomeCreatorPage() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-5xl">
      <section className="rounded-3xl border border-white/10 bg-gradient-to-br from-violet-950/60 via-zinc-950 to-fuchsia-950/40 px-6 py-14 sm:px-12">
        <p className="inline-flex rounded-full border border-violet-400/30 bg-violet-500/10 px-3 py-1 text-xs font-medium uppercase tracking-wider text-violet-200">
          {t('becomeCreator.badge')}
        </p>
        <h1 className="mt-5 text-4xl font-bold tracking-tight text-white sm:text-5xl">
          {t('becomeCreator.title')}
        </h1>
        <p className="mt-4 max-w-2xl text-lg text-zinc-300">{t('becomeCreator.subtitle')}</p>
        <div className="mt-8 flex flex-wrap items-center gap-3">
          <Link to="/auth?type=creator" className={primary}>
            {t('becomeCreator.apply')}
          </Link>
          <Link
            to="/marketplace"
            className="inline-flex h-11 items-center rounded-xl border border-white/15 bg-white/5 px-6 font-semibold text-zinc-100 transition hover:bg-white/10"
          >
            {t('becomeCreator.explore')}
          </Link>
          <span className="text-sm text-emerald-300">
            <span aria-hidden="true">⏱ </span>
            {t('becomeCreator.approval')}
          </span>
        </div>
      </section>

      <section aria-labelledby="benefits-title" className="mt-12">
        <h2 id="benefits-title" className="text-2xl font-bold text-white">
          {t('becomeCreator.benefitsTitle')}
        </h2>
        <ul className="mt-5 grid gap-4 md:grid-cols-3">
          {benefits.map((key) => (
            <li key={key} className="rounded-2xl border border-white/10 bg-zinc-900/60 p-5">
              <h3 className="font-semibold text-white">{t(`becomeCreator.benefits.${key}.title`)}</h3>
              <p className="mt-2 text-sm text-zinc-400">{t(`becomeCreator.benefits.${key}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="steps-title" className="mt-12">
        <h2 id="steps-title" className="text-2xl font-bold text-white">
          {t('becomeCreator.stepsTitle')}
        </h2>
        <ol className="mt-5 grid gap-4 md:grid-cols-3">
          {steps.map((key, index) => (
            <li key={key} className="rounded-2xl border border-white/10 bg-zinc-900/60 p-5">
              <span className="grid size-8 place-items-center rounded-full bg-violet-500/20 text-sm font-bold text-violet-200">
                {index + 1}
              </span>
              <h3 className="mt-3 font-semibold text-white">{t(`becomeCreator.steps.${key}.title`)}</h3>
              <p className="mt-1 text-sm text-zinc-400">{t(`becomeCreator.steps.${key}.text`)}</p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="faq-title" className="mt-12">
        <h2 id="faq-title" className="text-2xl font-bold text-white">
          {t('becomeCreator.faqTitle')}
        </h2>
        <div className="mt-5 space-y-2">
          {faq.map((key) => (
            <details key={key} className="group rounded-2xl border border-white/10 bg-zinc-900/60 p-4">
              <summary className="cursor-pointer list-none font-medium text-white marker:hidden">
                <span className="flex items-center justify-between gap-3">
                  {t(`becomeCreator.faq.${key}.question`)}
                  <span aria-hidden="true" className="text-zinc-400 transition group-open:rotate-45">
                    +
                  </span>
                </span>
              </summary>
              <p className="mt-3 text-zinc-300">{t(`becomeCreator.faq.${key}.answer`)}</p>
            </details>
          ))}
        </div>
      </section>

      <section className="mt-12 rounded-3xl border border-white/10 bg-zinc-900/60 p-8 text-center">
        <h2 className="text-2xl font-bold text-white">{t('becomeCreator.finalTitle')}</h2>
        <Link to="/auth?type=creator" className={`${primary} mt-5`}>
          {t('becomeCreator.finalCta')}
        </Link>
      </section>
    </div>
  );
}

export { BecomeCreatorPage as Component };
