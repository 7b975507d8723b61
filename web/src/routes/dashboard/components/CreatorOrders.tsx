import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { Order } from '../../../../../shared/schemas/orders';
import { Dialog } from '../../../components/Dialog';
import { formatBRL, formatDate } from '../../../lib/format';
import { useDeclineOrder, useDeliverOrder } from '../api/creator';
import { useFormat } from '../../../settings/useFormat';
import { hiringErrorText } from './hiring-errors';
import { uploadForKey } from '../api/uploads';
import { OrderStatusBadge } from './OrderStatusBadge';

/**
 * The creator's received orders: a paid pending one can be delivered with a file or declined (the
 * client's coins go back); each hire says where its coins are and the date that settles them.
 */
export function CreatorOrders({ userId, orders }: { userId: string; orders?: Order[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [delivering, setDelivering] = useState<Order | null>(null);
  const [declining, setDeclining] = useState<Order | null>(null);
  return (
    <section
      aria-labelledby="creator-orders-title"
      className="rounded-2xl border border-white/10 bg-zinc-900/60 p-5"
    >
      <h2 id="creator-orders-title" className="font-semibold text-white">
        {t('dashboardHub.creator.ordersTitle')}
      </h2>
      {!orders || orders.length === 0 ? (
        <p className="mt-3 text-sm text-zinc-400">{t('dashboardHub.creator.ordersEmpty')}</p>
      ) : (
        <ul className="mt-3 divide-y divide-white/5">
          {orders.map((order) => {
            const deliverable = order.status === 'pending' && order.kind !== 'unpaid';
            const declinable = order.kind === 'hire' && order.status === 'pending' && order.escrow === 'held';
            return (
              <li key={order.id} data-testid="creator-order" className="py-3">
                <div className="flex flex-wrap items-center justify-between gap-3">
                  <div className="min-w-0">
                    <p className="font-medium text-white">{order.project_title}</p>
                    <p className="text-xs text-zinc-400">
                      {t('dashboardHub.creator.orderDate', { date: formatDate(order.created_at) })} ·{' '}
                      {formatBRL(order.amount)}
                      {order.rating !== null &&
                        ` · ${t('dashboardHub.creator.clientRating', { rating: order.rating })}`}
                    </p>
                    <CreatorEscrowLine order={order} dateOf={format.dateTime} />
                  </div>
                  <div className="flex flex-wrap items-center gap-2">
                    <OrderStatusBadge status={order.status} />
                    {deliverable && (
                      <button
                        type="button"
                        onClick={() => setDelivering(order)}
                        aria-label={t('dashboardHub.creator.markDeliveredLabel', {
                          title: order.project_title,
                        })}
                        className="h-8 rounded-md bg-violet-600 px-3 text-xs font-semibold text-white hover:bg-violet-500"
                      >
                        {t('dashboardHub.creator.markDelivered')}
                      </button>
                    )}
                    {declinable && (
                      <button
                        type="button"
                        onClick={() => setDeclining(order)}
                        aria-label={t('hiring.declineLabel', { title: order.project_title })}
                        className="h-8 rounded-md border border-rose-400/40 px-3 text-xs font-semibold text-rose-200 hover:bg-rose-500/10"
                      >
                        {t('hiring.decline')}
                      </button>
                    )}
                  </div>
                </div>
                {order.brief && (
                  <details className="mt-2 text-sm text-zinc-300">
                    <summary className="cursor-pointer text-xs text-zinc-400">{t('hiring.brief')}</summary>
                    <p className="mt-1 whitespace-pre-line break-words">{order.brief}</p>
                  </details>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <DeliverDialog userId={userId} order={delivering} onClose={() => setDelivering(null)} />
      <DeclineDialog userId={userId} order={declining} onClose={() => setDeclining(null)} />
    </section>
  );
}

function CreatorEscrowLine({ order, dateOf }: { order: Order; dateOf: (iso: string) => string }) {
  const { t } = useTranslation();
  if (order.kind === 'unpaid') return <p className="text-xs text-zinc-500">{t('hiring.unpaidNote')}</p>;
  if (order.kind !== 'hire' || order.coins === null) return null;
  const coins = order.coins;
  const text =
    order.escrow === 'released'
      ? t('hiring.creatorPaid', { coins })
      : order.escrow === 'refunded'
        ? t('hiring.creatorRefunded')
        : order.status === 'delivered' && order.review_until
          ? t('hiring.creatorReview', { date: dateOf(order.review_until) })
          : t('hiring.creatorHeld', { coins, date: order.deadline_at ? dateOf(order.deadline_at) : '' });
  return (
    <p className="text-xs text-amber-200" data-testid="creator-escrow">
      {text}
    </p>
  );
}

function DeclineDialog({
  userId,
  order,
  onClose,
}: {
  userId: string;
  order: Order | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const decline = useDeclineOrder(userId);
  return (
    <Dialog
      open={order !== null}
      onClose={() => !decline.isPending && onClose()}
      title={t('hiring.declineTitle')}
      description={order ? t('hiring.declineDescription', { coins: order.coins ?? 0 }) : undefined}
      closeLabel={t('dashboardHub.close')}
      footer={
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button
            type="button"
            onClick={onClose}
            className="h-11 rounded-lg border border-white/15 px-4 text-sm text-zinc-100 hover:bg-white/5"
          >
            {t('dashboardHub.cancel')}
          </button>
          <button
            type="button"
            disabled={decline.isPending}
            onClick={() => {
              if (!order) return;
              decline.mutate(order.id, {
                onSuccess: () => {
                  toast.success(t('hiring.declined'), { description: t('hiring.declinedDescription') });
                  onClose();
                },
                onError: (error) =>
                  toast.error(t('hiring.declineError'), {
                    description: hiringErrorText(error, t('hiring.declineError')),
                  }),
              });
            }}
            className="h-11 rounded-lg bg-rose-600 px-4 text-sm font-semibold text-white hover:bg-rose-500 disabled:opacity-60"
          >
            {decline.isPending ? t('hiring.declining') : t('hiring.declineConfirm')}
          </button>
        </div>
      }
    >
      {order && <p className="text-sm text-zinc-300">{order.project_title}</p>}
    </Dialog>
  );
}

function DeliverDialog({
  userId,
  order,
  onClose,
}: {
  userId: string;
  order: Order | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const deliver = useDeliverOrder(userId);
  const [file, setFile] = useState<File | null>(null);
  const [percent, setPercent] = useState<number | null>(null);

  function close() {
    if (percent !== null) return; // an upload is running
    setFile(null);
    onClose();
  }

  async function submit() {
    if (!order) return;
    if (!file) {
      toast.error(t('dashboardHub.creator.deliverNoFile'));
      return;
    }
    setPercent(0);
    try {
      const fileKey = await uploadForKey(file, 'delivery', (progress) =>
        setPercent(Math.round(progress.fraction * 100)),
      );
      await deliver.mutateAsync({ orderId: order.id, fileKey });
      toast.success(t('dashboardHub.creator.delivered'), {
        description: t('dashboardHub.creator.deliveredDescription'),
      });
      setPercent(null);
      setFile(null);
      onClose();
    } catch (error) {
      setPercent(null);
      toast.error(t('dashboardHub.creator.deliverError'), {
        description: hiringErrorText(error, error instanceof Error ? error.message : ''),
      });
    }
  }

  return (
    <Dialog
      open={order !== null}
      onClose={close}
      title={t('dashboardHub.creator.deliverTitle')}
      description={
        order ? t('dashboardHub.creator.deliverDescription', { title: order.project_title }) : undefined
      }
      closeLabel={t('dashboardHub.close')}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        className="space-y-4"
      >
        <div>
          <label htmlFor={`${id}-file`} className="mb-1.5 block text-sm font-medium text-zinc-200">
            {t('dashboardHub.creator.deliverFile')}
          </label>
          <input
            id={`${id}-file`}
            type="file"
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            className="block w-full text-sm text-zinc-300 file:mr-3 file:rounded-md file:border-0 file:bg-white/10 file:px-3 file:py-2 file:text-white"
          />
        </div>
        {percent !== null && (
          <div
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-label={t('dashboardHub.creator.delivering', { percent })}
            className="h-2 overflow-hidden rounded-full bg-white/10"
          >
            <div className="h-full bg-violet-500 transition-all" style={{ width: `${percent}%` }} />
          </div>
        )}
        <button
          type="submit"
          disabled={percent !== null}
          className="h-11 w-full rounded-lg bg-violet-600 font-semibold text-white hover:bg-violet-500 disabled:opacity-60"
        >
          {percent !== null
            ? t('dashboardHub.creator.delivering', { percent })
            : t('dashboardHub.creator.deliverSubmit')}
        </button>
      </form>
    </Dialog>
  );
}
