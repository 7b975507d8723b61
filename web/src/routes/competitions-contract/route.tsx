import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';

const sections = ['rights', 'forbidden', 'disqualification', 'publicity'] as const;

/**
 * The participation terms (spec 2 §2) of the competition in `?competition=`. 'Concordo e continuar' goes
 * on to choosing the track to enter (issue 18: the entry is what records the acceptance); 'Cancelar', or
 * agreeing without a competition named, returns to /competitions.
 */
function ContractPage() {
  const { t } = useTranslation();
  const competitionId = useSearchParams()[0].get('competition');
  const next = competitionId
    ? `/competitions/enter?competition=${encodeURIComponent(competitionId)}`
    : '/competitions';
  return (
    <div className="mx-auto max-w-5xl">
      <h1 className="text-3xl font-bold tracking-tight text-white">{t('competitions.contract.title')}</h1>
      <p className="mt-2 max-w-3xl text-zinc-400">{t('competitions.contract.intro')}</p>
      <div className="mt-8 grid gap-8 lg:grid-cols-[14rem_1fr]">
        <nav aria-label={t('competitions.contract.navLabel')} className="lg:sticky lg:top-24 lg:self-start">
          <ol className="space-y-1 text-sm">
            {sections.map((key, index) => (
              <li key={key}>
                <a
                  href={`#${key}`}
                  className="block rounded-lg px-3 py-2 text-zinc-300 transition hover:bg-white/5 hover:text-white"
                >
                  {index + 1}. {t(`competitions.contract.sections.${key}.title`)}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div>
          {sections.map((key, index) => (
            <section
              key={key}
              id={key}
              aria-labelledby={`${key}-title`}
              className="scroll-mt-24 border-b border-white/10 pb-6 pt-2 [&+section]:pt-6"
            >
              <h2 id={`${key}-title`} className="text-lg font-semibold text-white">
                {index + 1}. {t(`competitions.contract.sections.${key}.title`)}
              </h2>
              <p className="mt-2 leading-relaxed text-zinc-300">
                {t(`competitions.contract.sections.${key}.body`)}
              </p>
            </section>
          ))}
          <div className="mt-8 flex flex-wrap gap-3">
            <Link
              to="/competitions"
              className="inline-flex h-11 items-center rounded-xl border border-white/15 px-6 font-semibold text-zinc-100 transition hover:bg-white/10"
            >
              {t('competitions.contract.cancel')}
            </Link>
            <Link
              to={next}
              className="inline-flex h-11 items-center rounded-xl bg-gradient-to-r from-violet-500 to-fuchsia-500 px-6 font-semibold text-white transition hover:brightness-110"
            >
              {t('competitions.contract.agree')}
            </Link>
          </div>
        </div>
      </div>
    </div>
  );
}

export { ContractPage as Component };
