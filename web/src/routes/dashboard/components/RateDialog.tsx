import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { Order } from '../../../../../shared/schemas/orders';
import { Dialog } from '../../../components/Dialog';
import { useRateOrder } from '../api/client';

/** Avaliar: 1–5 stars as a radio group, then POST /api/orders/{id}/rating. */
export function RateDialog({
  order,
  userId,
  onClose,
}: {
  order: Order | null;
  userId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const rate = useRateOrder(userId);
  const [stars, setStars] = useState(0);

  function close() {
    setStars(0);
    onClose();
  }

  return (
    <Dialog
      open={order !== null}
      onClose={close}
      title={t('dashboardHub.client.rateTitle')}
      description={
        order ? t('dashboardHub.client.rateDescription', { title: order.project_title }) : undefined
      }
      closeLabel={t('dashboardHub.close')}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!order || stars < 1) return;
          rate.mutate(
            { orderId: order.id, rating: stars },
            {
              onSuccess: () => {
                toast.success(t('dashboardHub.client.rated'), {
                  description: t('dashboardHub.client.ratedDescription'),
                });
                close();
              },
              onError: (error) =>
                toast.error(t('dashboardHub.client.rateError'), { description: error.message }),
            },
          );
        }}
      >
        <fieldset className="flex justify-center gap-2">
          <legend className="sr-only">{t('dashboardHub.client.rateTitle')}</legend>
          {[1, 2, 3, 4, 5].map((value) => (
            <label
              key={value}
              className="cursor-pointer rounded-lg p-1 has-focus-visible:outline-2 has-focus-visible:outline-amber-300"
            >
              <input
                type="radio"
                name="stars"
                value={value}
                checked={stars === value}
                onChange={() => setStars(value)}
                className="sr-only"
                aria-label={t('dashboardHub.client.starLabel', { count: value })}
              />
              <svg viewBox="0 0 24 24" width="36" height="36" aria-hidden="true">
                <path
                  d="m12 3 2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z"
                  fill={value <= stars ? '#facc15' : 'none'}
                  stroke={value <= stars ? '#facc15' : '#71717a'}
                  strokeWidth={1.5}
                />
              </svg>
            </label>
          ))}
        </fieldset>
        <button
          type="submit"
          disabled={stars < 1 || rate.isPending}
          className="mt-6 h-11 w-full rounded-lg bg-amber-400 font-semibold text-zinc-950 hover:bg-amber-300 disabled:opacity-50"
        >
          {rate.isPending ? t('dashboardHub.client.rateBusy') : t('dashboardHub.client.rateSubmit')}
        </button>
      </form>
    </Dialog>
  );
}
