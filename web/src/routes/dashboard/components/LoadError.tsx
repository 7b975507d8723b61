import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';

/** 'Erro' / 'Não foi possível carregar seus dados' (spec 1 §8) as a toast and an inline retry. */
export function LoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  useEffect(() => {
    toast.error(t('dashboardHub.loadErrorTitle'), {
      description: t('dashboardHub.loadError'),
      id: 'dashboard-load-error',
    });
  }, [t]);
  return (
    <div role="alert" className="rounded-2xl border border-red-500/30 bg-red-500/10 p-6 text-center">
      <p className="text-red-200">{t('dashboardHub.loadError')}</p>
      <button
        type="button"
        onClick={onRetry}
        className="mt-3 rounded-lg bg-white/10 px-4 py-2 text-sm text-white hover:bg-white/15"
      >
        {t('dashboardHub.retry')}
      </button>
    </div>
  );
}
