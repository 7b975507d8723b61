import { useTranslation } from 'react-i18next';
import type { Order } from '../../../../../shared/schemas/orders';
import type { Profile } from '../../../../../shared/schemas/profile';
import { useCreatorSettings } from '../api/creator';
import { formatDate, formatNumber, formatPercent } from '../../../lib/format';
import { performanceFigures } from '../performance-figures';

const box = 'rounded-2xl border border-white/10 bg-zinc-900/60 p-5';

export function PerformanceTab({ orders }: { orders: readonly Order[] }) {
  const { t } = useTranslation();
  const figures = performanceFigures(orders);
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <section className={box}>
        <h2 className="text-sm text-zinc-400">{t('dashboardHub.creator.responseTime')}</h2>
        <p className="mt-1 text-2xl font-bold text-white" data-testid="delivery-hours">
          {figures.deliveryHours === null
            ? '—'
            : t('dashboardHub.creator.hours', { value: formatNumber(figures.deliveryHours, 1) })}
        </p>
        <p className="text-xs text-zinc-400">{t('dashboardHub.creator.responseTimeHint')}</p>
      </section>
      <section className={box}>
        <h2 className="text-sm text-zinc-400">{t('dashboardHub.creator.deliveryRate')}</h2>
        <p className="mt-1 text-2xl font-bold text-white" data-testid="delivery-rate">
          {figures.deliveryRate === null ? '—' : formatPercent(figures.deliveryRate / 100, 0)}
        </p>
      </section>
      <section className={box}>
        <h2 className="text-sm text-zinc-400">{t('dashboardHub.creator.repeatClients')}</h2>
        <p className="mt-1 text-2xl font-bold text-white" data-testid="repeat-clients">
          {formatNumber(figures.repeatClients)}
        </p>
      </section>
      <section className={`${box} lg:col-span-3`} aria-labelledby="schedule-title">
        <h2 id="schedule-title" className="font-semibold text-white">
          {t('dashboardHub.creator.schedule')}
        </h2>
        {figures.schedule.length === 0 ? (
          <p className="mt-3 text-sm text-zinc-400">{t('dashboardHub.creator.scheduleEmpty')}</p>
        ) : (
          <ul className="mt-3 space-y-2">
            {figures.schedule.map(({ order, stage, due }) => (
              <li
                key={order.id}
                className="flex flex-wrap justify-between gap-2 rounded-lg bg-zinc-950/60 px-3 py-2 text-sm"
              >
                <span className="min-w-0 truncate text-white">{order.project_title}</span>
                <span className={stage === 'toDeliver' ? 'text-sky-300' : 'text-amber-300'}>
                  {t(
                    stage === 'toDeliver'
                      ? 'dashboardHub.creator.inProgress'
                      : 'dashboardHub.creator.waiting',
                  )}
                  {due ? ` · ${t('dashboardHub.creator.until', { date: formatDate(due) })}` : ''}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

export function InsightsTab() {
  const { t } = useTranslation();
  const tips = [
    [t('dashboardHub.creator.tipGrowthTitle'), t('dashboardHub.creator.tipGrowth')],
    [t('dashboardHub.creator.tipHoursTitle'), t('dashboardHub.creator.tipHours')],
    [t('dashboardHub.creator.tipPricingTitle'), t('dashboardHub.creator.tipPricing')],
    [t('dashboardHub.creator.tipTrendsTitle'), t('dashboardHub.creator.tipTrends')],
  ];
  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {tips.map(([title, text]) => (
        <li key={title} className={box}>
          <h2 className="font-semibold text-white">{title}</h2>
          <p className="mt-1 text-sm text-zinc-300">{text}</p>
        </li>
      ))}
    </ul>
  );
}

export function ToolsTab() {
  const { t } = useTranslation();
  const tools = [
    [t('dashboardHub.creator.toolStudio'), t('dashboardHub.creator.toolStudioText')],
    [t('dashboardHub.creator.toolAnalyzer'), t('dashboardHub.creator.toolAnalyzerText')],
    [t('dashboardHub.creator.toolMarket'), t('dashboardHub.creator.toolMarketText')],
  ];
  return (
    <ul className="grid gap-4 md:grid-cols-3">
      {tools.map(([title, text]) => (
        <li key={title} className={`${box} flex flex-col`}>
          <h2 className="font-semibold text-white">{title}</h2>
          <p className="mt-1 flex-1 text-sm text-zinc-300">{text}</p>
          {/* The spec's tool buttons do nothing yet: shown, but marked unavailable. */}
          <button
            type="button"
            aria-disabled="true"
            className="mt-4 h-9 cursor-not-allowed rounded-lg border border-white/10 text-sm text-zinc-400"
          >
            {t('dashboardHub.creator.toolOpen')} · {t('common.comingSoon')}
          </button>
        </li>
      ))}
    </ul>
  );
}

export function SettingsTab({
  profile,
  userId,
  onEdit,
}: {
  profile: Profile;
  userId: string;
  onEdit: () => void;
}) {
  const { t } = useTranslation();
  const settings = useCreatorSettings(userId, true);
  const notifications = settings.data?.notifications;
  const rows: [string, boolean | undefined][] = [
    [t('dashboardHub.settings.newOrders'), notifications?.newOrders],
    [t('dashboardHub.settings.messageUpdates'), notifications?.messageUpdates],
    [t('dashboardHub.settings.weeklyReports'), notifications?.weeklyReports],
    [t('dashboardHub.settings.marketingEmails'), notifications?.marketingEmails],
  ];
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <section className={box}>
        <dl className="space-y-3 text-sm">
          <div>
            <dt className="text-zinc-400">{t('dashboardHub.creator.creatorName')}</dt>
            <dd className="text-white">{settings.data?.profile.displayName || profile.full_name}</dd>
          </div>
          <div>
            <dt className="text-zinc-400">{t('dashboardHub.creator.specialty')}</dt>
            <dd className="text-white">{t('dashboardHub.creator.specialtyValue')}</dd>
          </div>
          <div>
            <dt className="text-zinc-400">{t('dashboardHub.creator.status')}</dt>
            <dd className="text-emerald-300">✓ {t('dashboardHub.creator.verified')}</dd>
          </div>
        </dl>
        <button
          type="button"
          onClick={onEdit}
          className="mt-4 h-9 rounded-lg border border-white/15 px-4 text-sm text-white hover:bg-white/5"
        >
          {t('dashboardHub.creator.edit')}
        </button>
      </section>
      <section className={box} aria-labelledby="notifications-title">
        <h2 id="notifications-title" className="font-semibold text-white">
          {t('dashboardHub.creator.notifications')}
        </h2>
        <dl className="mt-3 space-y-2 text-sm">
          {rows.map(([label, on]) => (
            <div key={label} className="flex justify-between">
              <dt className="text-zinc-300">{label}</dt>
              <dd className={on ? 'text-emerald-300' : 'text-zinc-500'}>
                {on ? t('dashboardHub.creator.active') : t('dashboardHub.creator.inactive')}
              </dd>
            </div>
          ))}
        </dl>
        <button
          type="button"
          onClick={onEdit}
          className="mt-4 h-9 rounded-lg border border-white/15 px-4 text-sm text-white hover:bg-white/5"
        >
          {t('dashboardHub.creator.edit')}
        </button>
      </section>
    </div>
  );
}
