import { formatFixed } from '../../../lib/format';
/** Five stars, filled to the rating (rounded to the nearest whole star), with a text label for readers. */
export function Stars({ rating, label, size = 14 }: { rating: number; label: string; size?: number }) {
  const filled = Math.round(Math.min(5, Math.max(0, rating)));
  return (
    <span role="img" aria-label={label} className="inline-flex items-center gap-0.5">
      {Array.from({ length: 5 }, (_, i) => (
        <svg key={i} viewBox="0 0 24 24" width={size} height={size} aria-hidden="true">
          <path
            d="m12 3 2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z"
            fill={i < filled ? '#facc15' : 'none'}
            stroke={i < filled ? '#facc15' : '#52525b'}
            strokeWidth={1.5}
          />
        </svg>
      ))}
      <span aria-hidden="true" className="ml-1 text-xs text-zinc-400">
        {formatFixed(rating, 1)}
      </span>
    </span>
  );
}
