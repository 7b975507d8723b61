import { useTranslation } from 'react-i18next';
import type { OrderStatus } from '../../../../../shared/schemas/orders';

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  const text = {
    pending: t('dashboardHub.statusPending'),
    delivered: t('dashboardHub.statusDelivered'),
    completed: t('dashboardHub.statusCompleted'),
    declined: t('dashboardHub.statusDeclined'),
    expired: t('dashboardHub.statusExpired'),
  }[status];
  const tone = {
    pending: 'bg-amber-500/15 text-amber-200',
    delivered: 'bg-sky-500/15 text-sky-200',
    completed: 'bg-emerald-500/15 text-emerald-300',
    declined: 'bg-rose-500/15 text-rose-200',
    expired: 'bg-zinc-500/20 text-zinc-300',
  }[status];
  return <span className={`rounded-full px-2.5 py-0.5 text-xs font-medium ${tone}`}>{text}</span>;
}
