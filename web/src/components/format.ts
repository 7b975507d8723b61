/** Money and date formats shared by the marketplace screens (spec 1 §9: R$ for beats and purchases). */

// Made on first use: building an Intl formatter loads locale data, work a page's first render may not need.
let brl: Intl.NumberFormat | undefined;
let ptDate: Intl.DateTimeFormat | undefined;

/** 'R$ 49,90'. */
export function formatBRL(value: number): string {
  brl ??= new Intl.NumberFormat('pt-BR', {
    style: 'currency',
    currency: 'BRL',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return brl.format(Number.isFinite(value) ? value : 0);
}

/** '25/11/2026'; an unreadable date gives ''. */
export function formatDatePtBR(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  ptDate ??= new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit', year: 'numeric' });
  return ptDate.format(date);
}

/** 1.2K from 1,000 and 1.2M from 1,000,000 (spec 1 §9). */
export function formatCompact(value: number): string {
  if (value >= 1_000_000) return `${trimZero(value / 1_000_000)}M`;
  if (value >= 1_000) return `${trimZero(value / 1_000)}K`;
  return String(value);
}

function trimZero(value: number): string {
  return value.toFixed(1).replace(/\.0$/, '');
}
