import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '../components/PageLoading';

/** 'Carregando...' while the site texts download; an error with a reload button if they cannot. */
export function SiteTextGate({
  ready,
  failed,
  children,
}: {
  ready: boolean;
  failed: boolean;
  /** Called only once the texts are in, so no key is looked up before its catalogue is loaded. */
  children?: () => ReactNode;
}) {
  const { t } = useTranslation();
  if (failed) {
    return (
      <section role="alert" className="mx-auto max-w-xl px-4 py-20 text-center">
        <h1 className="text-2xl font-semibold text-white">{t('errorPage.title')}</h1>
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="mt-6 inline-flex h-10 items-center rounded-lg bg-white/10 px-4 text-sm font-medium text-white hover:bg-white/15"
        >
          {t('errorPage.reload')}
        </button>
      </section>
    );
  }
  if (!ready) return <PageLoading />;
  return children?.() ?? null;
}
