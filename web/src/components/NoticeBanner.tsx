import type { ReactNode } from 'react';

/** An inline banner titled 'Erro' (error) or 'Atenção' (warning), announced to screen readers. */
export function NoticeBanner({
  severity,
  title,
  children,
  onDismiss,
  dismissLabel,
}: {
  severity: 'error' | 'warning';
  title: string;
  children: ReactNode;
  onDismiss?: () => void;
  dismissLabel?: string;
}) {
  const tone =
    severity === 'error'
      ? 'border-red-500/40 bg-red-950/50 text-red-100'
      : 'border-amber-500/40 bg-amber-950/40 text-amber-100';
  return (
    <div
      role="alert"
      className={`flex items-start gap-3 rounded-xl border px-4 py-3 ${tone}`}
      data-severity={severity}
    >
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{title}</p>
        <p className="mt-0.5 text-sm opacity-90">{children}</p>
      </div>
      {onDismiss && (
        <button
          type="button"
          onClick={onDismiss}
          aria-label={dismissLabel}
          className="rounded-md px-2 text-lg leading-none opacity-70 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-current"
        >
          ×
        </button>
      )}
    </div>
  );
}
