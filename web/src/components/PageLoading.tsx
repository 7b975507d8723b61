import { useTranslation } from 'react-i18next';

/** The 'Carregando...' state of a page (session check, data on its way). */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex min-h-[50vh] items-center justify-center gap-3 text-zinc-400"
    >
      <span
        aria-hidden="true"
        className="size-5 animate-spin rounded-full border-2 border-violet-500 border-t-transparent motion-reduce:animate-none"
      />
      <span>{t('common.loading')}</span>
    </div>
  );
}
