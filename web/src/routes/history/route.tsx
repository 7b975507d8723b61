import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import { PageLoading } from '../../components/PageLoading';
import { useFreshAudioUrls } from './api/fresh-audio';
import { useTrackHistory } from './hooks/useTrackHistory';
import {
  exportDocument,
  HISTORY_PAGE_SIZE,
  HistoryPersistError,
  SAVED_STATUS,
  UNTITLED,
  type TrackPage,
  type TrackStore,
} from './track-store';
import { formatShortDateTime } from '../../lib/format';

const secondaryButton =
  'inline-flex h-10 items-center justify-center rounded-lg border border-white/15 px-4 text-sm font-medium text-zinc-100 transition hover:bg-white/5 disabled:cursor-not-allowed disabled:opacity-50';

function downloadJson(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function HistoryPage() {
  const { t } = useTranslation();
  const { state, version, changed } = useTrackHistory();

  if (state.status === 'loading') return <PageLoading />;
  if (state.status === 'error') {
    return (
      <section
        role="alert"
        className="mx-auto max-w-md rounded-2xl border border-white/10 bg-zinc-900/60 p-8 text-center"
      >
        <h1 className="text-xl font-semibold text-white">{t('history.title')}</h1>
        <p className="mt-2 text-zinc-400">{t('history.loadError')}</p>
        <button type="button" className={`${secondaryButton} mt-6`} onClick={() => window.location.reload()}>
          {t('history.retry')}
        </button>
      </section>
    );
  }
  return <HistoryView store={state.store} version={version} changed={changed} />;
}

function HistoryView({
  store,
  version,
  changed,
}: {
  store: TrackStore;
  version: number;
  changed: () => void;
}) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);

  const result: TrackPage = useMemo(
    () => store.search({ query, page, pageSize: HISTORY_PAGE_SIZE }),
    // `version` changes after every write to the store.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [store, query, page, version],
  );
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `version` marks writes to the store
  const total = useMemo(() => store.count(), [store, version]);
  const audioUrls = useFreshAudioUrls(result.rows);
  // The store keeps the spec's values ('saved', 'Untitled'); the page says them in the reader's language.
  const statusLabel = (status: string) => (status === SAVED_STATUS ? t('history.status.saved') : status);
  const titleOf = (title: string) => (title === UNTITLED ? t('history.untitled') : title);

  function onExport() {
    const day = new Date().toISOString().slice(0, 10);
    downloadJson(exportDocument(store.all()), `historico-5d-${day}.json`);
  }

  function onClear() {
    if (!window.confirm(t('history.clearConfirm'))) return;
    try {
      store.clear();
      toast.success(t('history.cleared'));
    } catch (error) {
      if (!(error instanceof HistoryPersistError)) throw error;
      toast.error(t('history.persistError'));
    }
    setPage(1);
    changed();
  }

  return (
    <section className="mx-auto max-w-5xl">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-white">{t('history.title')}</h1>
          <p className="mt-1 text-zinc-400">{t('history.subtitle')}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <button type="button" className={secondaryButton} onClick={onExport} disabled={total === 0}>
            {t('history.export')}
          </button>
          <button
            type="button"
            className={`${secondaryButton} border-red-500/40 text-red-200 hover:bg-red-500/10`}
            onClick={onClear}
            disabled={total === 0}
          >
            {t('history.clear')}
          </button>
        </div>
      </div>

      <div className="mt-6">
        <label htmlFor="history-search" className="mb-1.5 block text-sm font-medium text-zinc-200">
          {t('history.searchLabel')}
        </label>
        <input
          id="history-search"
          type="search"
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setPage(1);
          }}
          placeholder={t('history.searchPlaceholder')}
          className="block h-11 w-full max-w-md rounded-lg border border-white/10 bg-zinc-900 px-3 text-zinc-100 placeholder:text-zinc-500 focus:border-violet-400 focus:outline-none focus:ring-2 focus:ring-violet-500/40"
        />
      </div>

      {total === 0 ? (
        <div className="mt-6 rounded-2xl border border-dashed border-white/10 p-10 text-center">
          <p className="text-zinc-300">{t('history.empty')}</p>
          <Link
            to="/generate"
            className="mt-4 inline-flex h-10 items-center rounded-lg bg-white/10 px-4 text-sm font-medium text-white hover:bg-white/15"
          >
            {t('history.goGenerate')}
          </Link>
        </div>
      ) : (
        <>
          {/* Phones: one card per track (the table's four columns do not fit 390 px). */}
          <ul className="mt-6 space-y-3 sm:hidden" aria-label={t('history.caption')}>
            {result.rows.length === 0 ? (
              <li className="rounded-2xl border border-white/10 p-6 text-center text-sm text-zinc-400">
                {t('history.noResults', { query })}
              </li>
            ) : (
              result.rows.map((row) => (
                <li key={row.id} className="rounded-2xl border border-white/10 bg-zinc-900/60 p-4">
                  <div className="flex items-start justify-between gap-3">
                    <p className="min-w-0 truncate font-medium text-zinc-100">{titleOf(row.title)}</p>
                    <span className="shrink-0 rounded-full bg-emerald-500/15 px-2 py-0.5 text-xs font-medium text-emerald-300">
                      {statusLabel(row.status)}
                    </span>
                  </div>
                  <p className="mt-1 text-xs text-zinc-400">
                    {t('history.colCreatedAt')}{' '}
                    <time dateTime={row.createdAt}>{formatShortDateTime(row.createdAt)}</time>
                  </p>
                  <audio
                    controls
                    preload="none"
                    src={audioUrls.get(row.id)}
                    className="mt-3 h-10 w-full"
                    aria-label={t('history.preview', { title: titleOf(row.title) })}
                  />
                </li>
              ))
            )}
          </ul>

          <div className="mt-6 hidden overflow-x-auto rounded-2xl border border-white/10 bg-zinc-900/60 sm:block">
            <table className="w-full min-w-[36rem] text-left text-sm">
              <caption className="sr-only">{t('history.caption')}</caption>
              <thead className="border-b border-white/10 text-xs uppercase tracking-wide text-zinc-400">
                <tr>
                  <th scope="col" className="px-4 py-3 font-medium">
                    {t('history.colTitle')}
                  </th>
                  <th scope="col" className="px-4 py-3 font-medium">
                    {t('history.colStatus')}
                  </th>
                  <th scope="col" className="px-4 py-3 font-medium">
                    {t('history.colCreatedAt')}
                  </th>
                  <th scope="col" className="px-4 py-3 font-medium">
                    {t('history.colPreview')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {result.rows.length === 0 ? (
                  <tr>
                    <td colSpan={4} className="px-4 py-8 text-center text-zinc-400">
                      {t('history.noResults', { query })}
                    </td>
                  </tr>
                ) : (
                  result.rows.map((row) => (
                    <tr key={row.id} className="border-b border-white/5 last:border-0">
                      <th scope="row" className="max-w-56 truncate px-4 py-3 font-medium text-zinc-100">
                        {titleOf(row.title)}
                      </th>
                      <td className="px-4 py-3">
                        <span className="rounded-full bg-emerald-500/15 px-2 py-0.5 text-xs font-medium text-emerald-300">
                          {statusLabel(row.status)}
                        </span>
                      </td>
                      <td className="whitespace-nowrap px-4 py-3 text-zinc-300">
                        <time dateTime={row.createdAt}>{formatShortDateTime(row.createdAt)}</time>
                      </td>
                      <td className="px-4 py-2">
                        <audio
                          controls
                          preload="none"
                          src={audioUrls.get(row.id)}
                          className="h-9 w-56"
                          aria-label={t('history.preview', { title: titleOf(row.title) })}
                        />
                      </td>
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </div>

          <nav aria-label={t('history.pagination')} className="mt-4 flex items-center justify-between gap-3">
            <button
              type="button"
              className={secondaryButton}
              disabled={result.page <= 1}
              onClick={() => setPage(result.page - 1)}
            >
              {t('history.previous')}
            </button>
            <p className="text-sm text-zinc-400" aria-live="polite">
              {t('history.pageOf', { page: result.page, pages: result.pageCount })}
            </p>
            <button
              type="button"
              className={secondaryButton}
              disabled={result.page >= result.pageCount}
              onClick={() => setPage(result.page + 1)}
            >
              {t('history.next')}
            </button>
          </nav>
        </>
      )}
    </section>
  );
}

export { HistoryPage as Component };
