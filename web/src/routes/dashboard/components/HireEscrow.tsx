import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { Order } from '../../../../../shared/schemas/orders';
import { useFormat } from '../../../settings/useFormat';
import { useAcceptOrder } from '../api/client';
import { hiringErrorText } from './hiring-errors';

/**
 * The client's view of a hire's payment: where the coins are (held, paid to the creator, returned),
 * the date that settles them, and "Aceitar entrega" while the delivery is under review.
 */
export function HireEscrow({ order, userId }: { order: Order; userId: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const accept = useAcceptOrder(userId);
  if (order.kind === 'unpaid') {
    return <p className="mt-2 text-xs text-zinc-400">{t('hiring.unpaidNote')}</p>;
  }
  if (order.kind !== 'hire' || order.coins === null) return null;
  const coins = order.coins;
  const state =
    order.escrow === 'released'
      ? t('hiring.escrowReleased', { coins })
      : order.escrow === 'refunded'
        ? t('hiring.escrowRefunded', { coins })
        : t('hiring.escrowHeld', { coins });
  const note =
    order.status === 'pending' && order.deadline_at
      ? t('hiring.deliverBy', { date: format.dateTime(order.deadline_at) })
      : order.status === 'delivered' && order.review_until
        ? t('hiring.reviewUntil', { date: format.dateTime(order.review_until) })
        : order.status === 'declined'
          ? t('hiring.declinedNote')
          : order.status === 'expired'
            ? t('hiring.expiredNote')
            : null;
  const tone =
    order.escrow === 'released'
      ? 'text-emerald-300'
      : order.escrow === 'refunded'
        ? 'text-sky-200'
        : 'text-amber-200';
  return (
    <div className="mt-2 flex flex-wrap items-center justify-between gap-2" data-testid="hire-escrow">
      <div className="min-w-0 text-sm">
        <p className={`font-medium ${tone}`}>{state}</p>
        {note && <p className="text-xs text-zinc-400">{note}</p>}
      </div>
      {order.status === 'delivered' && order.escrow === 'held' && (
        <button
          type="button"
          disabled={accept.isPending}
          aria-label={t('hiring.acceptLabel', { title: order.project_title })}
          onClick={() =>
            accept.mutate(order.id, {
              onSuccess: () =>
                toast.success(t('hiring.accepted'), {
                  description: t('hiring.acceptedDescription', { coins }),
                }),
              onError: (error) =>
                toast.error(t('hiring.acceptError'), {
                  description: hiringErrorText(error, t('hiring.acceptError')),
                }),
            })
          }
          className="h-9 rounded-lg bg-emerald-500 px-3 text-sm font-semibold text-zinc-950 hover:bg-emerald-400 disabled:opacity-60"
        >
          {accept.isPending ? t('hiring.accepting') : t('hiring.accept')}
        </button>
      )}
    </div>
  );
}
