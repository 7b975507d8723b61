import { useTranslation } from 'react-i18next';
import { pageButtons } from '../catalogue-state';

interface PaginationProps {
  page: number;
  /** Pages whose start is known (the pages seen so far and the next one). */
  reachable: number;
  /** All pages, when the number of results is known. */
  pageCount: number | null;
  onChange: (page: number) => void;
}

/**
 * Anterior, up to five page buttons, Próxima. Pages are read from the server one after another (each
 * starts where the previous ended), so the buttons offer the pages reached so far and the next one.
 */
export function Pagination({ page, reachable, pageCount, onChange }: PaginationProps) {
  const { t } = useTranslation();
  if (reachable <= 1 && (pageCount ?? 1) <= 1) return null;
  const base =
    'h-10 min-w-10 rounded-lg px-3 text-sm font-medium transition focus-visible:outline-2 focus-visible:outline-violet-400 disabled:cursor-not-allowed disabled:opacity-40';
  return (
    <nav
      aria-label={t('marketplace.paginationLabel')}
      className="flex flex-wrap items-center justify-center gap-2"
    >
      <button
        type="button"
        className={`${base} border border-white/10 text-zinc-200 hover:bg-white/5`}
        disabled={page <= 1}
        onClick={() => onChange(page - 1)}
      >
        {t('marketplace.previous')}
      </button>
      {pageButtons(page, Math.max(reachable, page)).map((number) => (
        <button
          key={number}
          type="button"
          aria-label={t('marketplace.pageButton', { page: number })}
          aria-current={number === page ? 'page' : undefined}
          onClick={() => onChange(number)}
          className={`${base} ${number === page ? 'bg-violet-600 text-white' : 'border border-white/10 text-zinc-300 hover:bg-white/5'}`}
        >
          {number}
        </button>
      ))}
      <button
        type="button"
        className={`${base} border border-white/10 text-zinc-200 hover:bg-white/5`}
        disabled={page >= reachable}
        onClick={() => onChange(page + 1)}
      >
        {t('marketplace.next')}
      </button>
    </nav>
  );
}
