import { useTranslation } from 'react-i18next';
import type { HubCards } from '../../../../../shared/gamification';
import { formatBRL, formatFixed } from '../../../lib/format';

/** Receita Total, Pedidos, Avaliação (five stars), Taxa de Conclusão (with a bar). */
export function HubCardsView({ cards }: { cards: HubCards }) {
  const { t } = useTranslation();
  const rating = cards.averageRating ?? 0;
  const box = 'rounded-2xl border border-white/10 bg-zinc-900/60 p-5';
  return (
    <section
      aria-label={t('dashboardHub.creator.cardsLabel')}
      className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4"
    >
      <div className={box} data-testid="card-revenue">
        <h2 className="text-sm text-zinc-400">{t('dashboardHub.creator.revenue')}</h2>
        <p className="mt-1 text-2xl font-bold text-white" data-testid="revenue-total">
          {formatBRL(cards.totalRevenue)}
        </p>
        <p className="mt-1 text-xs text-emerald-300">
          {t('dashboardHub.creator.revenueMonth', { value: formatBRL(cards.monthRevenue) })}
        </p>
        {cards.heldRevenue > 0 && (
          <p className="mt-1 text-xs text-amber-200" data-testid="revenue-held">
            {t('hiring.heldRevenue', { value: formatBRL(cards.heldRevenue) })}
          </p>
        )}
      </div>
      <div className={box} data-testid="card-orders">
        <h2 className="text-sm text-zinc-400">{t('dashboardHub.creator.orders')}</h2>
        <p className="mt-1 text-2xl font-bold text-white" data-testid="orders-total">
          {cards.orderCount}
        </p>
        <p className="mt-1 text-xs text-emerald-300">
          {t('dashboardHub.creator.ordersMonth', { count: cards.monthOrderCount })}
        </p>
      </div>
      <div className={box}>
        <h2 className="text-sm text-zinc-400">{t('dashboardHub.creator.rating')}</h2>
        <p className="mt-1 text-2xl font-bold text-white">
          {cards.averageRating === null ? '—' : formatFixed(rating, 1)}
        </p>
        <span
          role="img"
          aria-label={t('dashboardHub.creator.ratingStars', { rating: formatFixed(rating, 1) })}
          className="mt-1 flex gap-0.5"
        >
          {Array.from({ length: 5 }, (_, i) => (
            <svg key={i} viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
              <path
                d="m12 3 2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z"
                fill={i < Math.round(rating) ? '#facc15' : 'none'}
                stroke={i < Math.round(rating) ? '#facc15' : '#52525b'}
                strokeWidth={1.5}
              />
            </svg>
          ))}
        </span>
        <p className="mt-1 text-xs text-zinc-400">
          {cards.ratingCount > 0
            ? t('dashboardHub.creator.ratingCount', { count: cards.ratingCount })
            : t('dashboardHub.creator.ratingNone')}
        </p>
      </div>
      <div className={box}>
        <h2 className="text-sm text-zinc-400">{t('dashboardHub.creator.completion')}</h2>
        <p className="mt-1 text-2xl font-bold text-white">{cards.completionRate}%</p>
        <div
          role="progressbar"
          aria-label={t('dashboardHub.creator.completionDetail')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={cards.completionRate}
          className="mt-3 h-2 overflow-hidden rounded-full bg-white/10"
        >
          <div className="h-full rounded-full bg-emerald-400" style={{ width: `${cards.completionRate}%` }} />
        </div>
      </div>
    </section>
  );
}
