import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center py-20 text-center">
      <p className="bg-gradient-to-r from-violet-400 to-fuchsia-400 bg-clip-text text-7xl font-bold text-transparent">
        {t('notFound.code')}
      </p>
      <h1 className="mt-4 text-2xl font-semibold text-white">{t('notFound.title')}</h1>
      <Link
        to="/"
        className="mt-8 inline-flex h-11 items-center rounded-xl bg-white/10 px-6 font-medium text-white transition hover:bg-white/15"
      >
        {t('notFound.home')}
      </Link>
    </section>
  );
}

export { NotFoundPage as Component };
