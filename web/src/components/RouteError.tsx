import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';

function describe(error: unknown): { status?: number; message: string } {
  if (isRouteErrorResponse(error))
    return { status: error.status, message: error.statusText || String(error.data) };
  if (error instanceof Error) return { message: error.message };
  return { message: String(error) };
}

/** The router's error element: 'Unexpected Application Error!' with the status or the message. */
export function RouteError() {
  const { t } = useTranslation();
  const { status, message } = describe(useRouteError());
  return (
    <section role="alert" className="mx-auto max-w-xl px-4 py-20 text-center text-zinc-100">
      <h1 className="text-2xl font-semibold text-white">{t('errorPage.title')}</h1>
      {status !== undefined && (
        <p className="mt-3 text-lg text-fuchsia-300">{t('errorPage.status', { status })}</p>
      )}
      {message && (
        <p className="mt-3 break-words rounded-lg bg-white/5 px-4 py-3 font-mono text-sm text-zinc-300">
          {message}
        </p>
      )}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="inline-flex h-10 items-center rounded-lg bg-white/10 px-4 text-sm font-medium hover:bg-white/15"
        >
          {t('errorPage.reload')}
        </button>
        <a
          href="/"
          className="inline-flex h-10 items-center rounded-lg px-4 text-sm font-medium text-violet-300 hover:bg-white/5"
        >
          {t('errorPage.home')}
        </a>
      </div>
    </section>
  );
}
