import { useTranslation } from 'react-i18next';

export function LoadingList() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite" className="grid gap-4 md:grid-cols-2">
      <span className="sr-only">{t('common.loading')}</span>
      {[0, 1].map((i) => (
        <div
          key={i}
          aria-hidden="true"
          className="h-56 animate-pulse rounded-2xl bg-white/5 motion-reduce:animate-none"
        />
      ))}
    </div>
  );
}

export function ErrorState({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="rounded-2xl border border-red-500/30 bg-red-500/10 p-6 text-red-200">
      <p>{message}</p>
      <button
        type="button"
        onClick={onRetry}
        className="mt-3 rounded-lg border border-white/15 px-4 py-2 text-sm font-medium text-white hover:bg-white/10"
      >
        {t('competitions.retry')}
      </button>
    </div>
  );
}

export function EmptyState({ message }: { message: string }) {
  return (
    <p className="rounded-2xl border border-dashed border-white/15 p-8 text-center text-zinc-400">
      {message}
    </p>
  );
}
