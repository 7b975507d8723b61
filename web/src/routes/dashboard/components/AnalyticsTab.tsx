import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { HubCards } from '../../../../../shared/gamification';
import type { Order } from '../../../../../shared/schemas/orders';
import { formatBRL, formatNumber } from '../../../lib/format';
import { PageLoading } from '../../../components/PageLoading';
import { CreatorOrders } from './CreatorOrders';
import { monthlyRevenue } from './revenue-series';

const RevenueChart = lazy(() => import('./RevenueChart'));

/**
 * Page views, clicks and visitors are not measured by the platform yet. The original app showed fixed
 * sample numbers here (1247 views…), which contradicted every creator's real figures (issue 18): unmeasured
 * figures read "—" with a line saying so; conversions are the creator's paid orders.
 */
const NOT_MEASURED = '—';

function exportCsv(orders: readonly Order[]): void {
  const header = ['id', 'project', 'amount_brl', 'status', 'created_at', 'rating'];
  const quote = (value: string) => `"${value.replaceAll('"', '""')}"`;
  const rows = orders.map((order) =>
    [
      order.id,
      order.project_title,
      // A CSV cell for spreadsheets: a machine number, the same in every language.
      // eslint-disable-next-line no-restricted-syntax
      order.amount.toFixed(2),
      order.status,
      order.created_at,
      String(order.rating ?? ''),
    ]
      .map(quote)
      .join(','),
  );
  const blob = new Blob([[header.join(','), ...rows].join('\n')], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `relatorio-pedidos-${new Date().toISOString().slice(0, 10)}.csv`;
  link.click();
  URL.revokeObjectURL(url);
}

export function AnalyticsTab({
  userId,
  data,
}: {
  userId: string;
  data?: { items: Order[]; cards: HubCards };
}) {
  const { t, i18n } = useTranslation();
  const orders = useMemo(() => data?.items ?? [], [data]);
  const series = useMemo(
    () => monthlyRevenue(orders, new Date(), 6, i18n.resolvedLanguage),
    [orders, i18n.resolvedLanguage],
  );
  const box = 'rounded-2xl border border-white/10 bg-zinc-900/60 p-5';

  return (
    <div className="space-y-6">
      {/* Three columns only from xl: beside the sidebar at lg the engagement labels would not fit. */}
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        <section className={box} aria-labelledby="engagement-title">
          <h2 id="engagement-title" className="font-semibold text-white">
            {t('dashboardHub.creator.engagement')}
          </h2>
          <dl className="mt-3 grid grid-cols-3 gap-2 text-center">
            {[
              [t('dashboardHub.creator.views'), NOT_MEASURED],
              [t('dashboardHub.creator.clicks'), NOT_MEASURED],
              [
                t('dashboardHub.creator.conversions'),
                data ? formatNumber(data.cards.orderCount) : NOT_MEASURED,
              ],
            ].map(([label, value]) => (
              <div key={label} className="min-w-0 rounded-lg bg-zinc-950/60 px-1 py-2">
                <dt className="text-[11px] text-zinc-400">{label}</dt>
                <dd className="text-lg font-bold text-white">{value}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-3 text-sm text-zinc-400">
            {t('dashboardHub.creator.engagementRate')}: <span className="text-white">{NOT_MEASURED}</span>
          </p>
          <p className="mt-1 text-xs text-zinc-500">{t('dashboardHub.creator.notMeasured')}</p>
        </section>
        <section className={box} aria-labelledby="realtime-title">
          <h2 id="realtime-title" className="flex items-center gap-2 font-semibold text-white">
            <span
              aria-hidden="true"
              className="size-2 rounded-full bg-emerald-400 motion-safe:animate-pulse"
            />
            {t('dashboardHub.creator.realtime')}
          </h2>
          <dl className="mt-3 grid grid-cols-2 gap-2">
            <div className="rounded-lg bg-zinc-950/60 p-2">
              <dt className="text-xs text-zinc-400">{t('dashboardHub.creator.viewsToday')}</dt>
              <dd className="text-lg font-bold text-white">{NOT_MEASURED}</dd>
            </div>
            <div className="rounded-lg bg-zinc-950/60 p-2">
              <dt className="text-xs text-zinc-400">{t('dashboardHub.creator.uniqueVisitors')}</dt>
              <dd className="text-lg font-bold text-white">{NOT_MEASURED}</dd>
            </div>
          </dl>
          <button
            type="button"
            onClick={() => {
              if (orders.length === 0) {
                toast.info(t('dashboardHub.creator.exportEmpty'));
                return;
              }
              exportCsv(orders);
            }}
            className="mt-3 h-9 w-full rounded-lg border border-white/15 text-sm text-zinc-100 hover:bg-white/5"
          >
            {t('dashboardHub.creator.exportReport')}
          </button>
        </section>
        <section className={`${box} md:col-span-2 xl:col-span-1`} aria-labelledby="revenue-summary-title">
          <h2 id="revenue-summary-title" className="font-semibold text-white">
            {t('dashboardHub.creator.revenueSummary')}
          </h2>
          {data ? (
            <dl className="mt-3 space-y-2 text-sm">
              {[
                [t('dashboardHub.creator.thisMonth'), formatBRL(data.cards.monthRevenue)],
                [t('dashboardHub.creator.net'), formatBRL(data.cards.monthNet)],
                [t('dashboardHub.creator.fee'), formatBRL(data.cards.monthFee)],
                [t('dashboardHub.creator.monthOrders'), String(data.cards.monthOrderCount)],
              ].map(([label, value]) => (
                <div key={label} className="flex justify-between gap-2">
                  <dt className="text-zinc-400">{label}</dt>
                  <dd className="font-medium text-white">{value}</dd>
                </div>
              ))}
            </dl>
          ) : (
            <p className="mt-3 text-sm text-zinc-500">—</p>
          )}
        </section>
      </div>

      <section className={box} aria-labelledby="chart-title">
        <h2 id="chart-title" className="font-semibold text-white">
          {t('dashboardHub.creator.chartTitle')}
        </h2>
        <div className="mt-4" role="img" aria-label={t('dashboardHub.creator.chartLabel')}>
          <Suspense fallback={<PageLoading />}>
            <RevenueChart data={series} seriesName={t('dashboardHub.creator.chartSeries')} />
          </Suspense>
        </div>
      </section>

      <CreatorOrders userId={userId} orders={data?.items} />
    </div>
  );
}
