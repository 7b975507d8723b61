import { useTranslation } from 'react-i18next';
import type { CatalogueCard } from '../../../../../shared/schemas/catalogue';
import { BeatCard } from './BeatCard';
import { Pagination } from './Pagination';

export interface ResultsPage {
  items: CatalogueCard[];
  total: number | null;
  exact: boolean;
  page: number;
  /** Pages the visitor can go to (their cursors are known), and the page count when known. */
  reachable: number;
  pageCount: number | null;
  sortedAmong: number | null;
}

interface CatalogueResultsProps {
  results: ResultsPage;
  /** A newer page is on its way: the cards shown are the previous answer's. */
  updating: boolean;
  likedIds: ReadonlySet<string>;
  playingId: string | undefined;
  onPlay: (beat: CatalogueCard) => void;
  onLike: (beat: CatalogueCard) => void;
  onShare: (beat: CatalogueCard) => void;
  onBuy: (beat: CatalogueCard) => void;
  onPage: (page: number) => void;
  onClearAll: () => void;
}

/** The result count, 'Página X de Y', a page of beat cards (or the empty state) and the pagination. */
export function CatalogueResults({
  results,
  updating,
  likedIds,
  playingId,
  onPlay,
  onLike,
  onShare,
  onBuy,
  onPage,
  onClearAll,
}: CatalogueResultsProps) {
  const { t } = useTranslation();
  const { total, exact, page, pageCount } = results;
  return (
    <div aria-busy={updating} className={updating ? 'opacity-60 transition-opacity' : 'transition-opacity'}>
      <div
        className="flex flex-wrap items-center justify-between gap-2 text-sm text-zinc-400"
        aria-live="polite"
      >
        <span data-testid="result-count">
          {total === null
            ? null
            : exact
              ? t('marketplace.resultCount', { count: total })
              : t('marketplace.resultCountAbout', { count: total })}
        </span>
        <span>
          {pageCount === null
            ? null
            : exact
              ? t('marketplace.pageOf', { page, pages: pageCount })
              : t('marketplace.pageOfAbout', { page, pages: pageCount })}
        </span>
        {updating && <span className="sr-only">{t('marketplace.updating')}</span>}
      </div>
      {results.sortedAmong !== null && (
        <p className="mt-1 text-xs text-zinc-500">
          {t('marketplace.sortedAmong', { count: results.sortedAmong })}
        </p>
      )}

      {results.items.length === 0 ? (
        <div className="mt-4 rounded-2xl border border-white/10 bg-zinc-900/60 p-10 text-center">
          <p className="text-zinc-300">{t('marketplace.empty')}</p>
          <button
            type="button"
            onClick={onClearAll}
            className="mt-4 rounded-lg bg-white/10 px-4 py-2 text-sm text-white hover:bg-white/15"
          >
            {t('marketplace.clearAll')}
          </button>
        </div>
      ) : (
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-4">
          {results.items.map((beat) => (
            <li key={beat.id}>
              <BeatCard
                beat={beat}
                liked={likedIds.has(beat.id)}
                playing={playingId === beat.id}
                onPlay={() => onPlay(beat)}
                onLike={() => onLike(beat)}
                onShare={() => onShare(beat)}
                onBuy={() => onBuy(beat)}
              />
            </li>
          ))}
        </ul>
      )}

      <div className="mt-6">
        <Pagination page={page} reachable={results.reachable} pageCount={pageCount} onChange={onPage} />
      </div>
    </div>
  );
}

/** The result count line and a page of beat cards, as placeholders of their size while the catalogue loads. */
export function ResultsLoading() {
  const { t } = useTranslation();
  return (
    <>
      <div className="flex items-center justify-between gap-2" aria-hidden="true">
        <span className="h-5 w-28 animate-pulse rounded-md bg-white/10 motion-reduce:animate-none" />
        <span className="h-5 w-20 animate-pulse rounded-md bg-white/10 motion-reduce:animate-none" />
      </div>
      <p role="status" className="sr-only">
        {t('common.loading')}
      </p>
      <ul aria-hidden="true" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-4">
        {Array.from({ length: 6 }, (_, index) => (
          <li
            key={index}
            className="flex flex-col overflow-hidden rounded-2xl border border-white/10 bg-zinc-900/70"
          >
            <div className="aspect-video animate-pulse bg-white/5 motion-reduce:animate-none sm:aspect-square" />
            <div className="flex flex-col gap-2 p-4">
              <span className="h-5 w-3/4 rounded-md bg-white/10" />
              <span className="h-4 w-1/2 rounded-md bg-white/5" />
              <span className="mt-2 h-9 w-full rounded-lg bg-white/5" />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
