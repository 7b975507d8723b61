import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { toast } from 'sonner';
import { storedPlanDisplayName } from '../../lib/plan-name';
import { useAuth } from '../../auth/session';
import { formatBRL, formatDate } from '../../lib/format';
import { PageLoading } from '../../components/PageLoading';
import { TabPanel, Tabs } from '../../components/Tabs';
import { LicenceDownloads } from '../../components/licences/LicenceDownloads';
import type { Catalogue } from '../../i18n/locales/pt-BR';
import {
  useFavorites,
  usePurchases,
  useRemoveFavorite,
  useSubscriptions,
  type FavoriteItem,
  type PurchaseItem,
  type SubscriptionItem,
} from './api/collection';

type Tab = 'favorites' | 'purchases' | 'subscriptions';

type StatusKey = keyof Catalogue['collection']['status'];

function MyCollectionPage() {
  const { user } = useAuth();
  // RequireAuth renders this page only with a user; without one it renders nothing (spec 1 §2).
  if (!user) return null;
  return <Collection userId={user.id} />;
}

function Collection({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  // Back from a paid checkout (Stripe's success URL): the purchase is recorded by the webhook, which may
  // land a moment after the redirect, so Compras is shown and re-read for a while.
  const returnedFromCheckout = searchParams.get('checkout') === 'success';
  const [tab, setTab] = useState<Tab>(returnedFromCheckout ? 'purchases' : 'favorites');
  const favorites = useFavorites(userId);
  const purchases = usePurchases(userId);
  const subscriptions = useSubscriptions(userId);
  const { refetch: refetchPurchases } = purchases;

  const [pollingPurchases, setPollingPurchases] = useState(false);

  useEffect(() => {
    if (!returnedFromCheckout) return;
    toast.success(t('collection.checkoutReturned'), { id: 'checkout-returned' });
    setTab('purchases');
    setPollingPurchases(true);
    setSearchParams({}, { replace: true });
  }, [returnedFromCheckout, setSearchParams, t]);

  useEffect(() => {
    if (!pollingPurchases) return;
    let rounds = 0;
    const timer = window.setInterval(() => {
      rounds += 1;
      void refetchPurchases();
      if (rounds >= 10) setPollingPurchases(false);
    }, 2_000);
    return () => window.clearInterval(timer);
  }, [pollingPurchases, refetchPurchases]);

  const lists = { favorites, purchases, subscriptions } as const;
  const labels: Record<Tab, string> = {
    favorites: t('collection.favorites'),
    purchases: t('collection.purchases'),
    subscriptions: t('collection.subscriptions'),
  };
  const current = lists[tab];

  return (
    <section className="mx-auto max-w-5xl">
      <h1 className="text-3xl font-bold text-white">{t('collection.title')}</h1>
      <p className="mt-1 text-zinc-400">{t('collection.subtitle')}</p>

      <dl className="mt-6 grid grid-cols-3 gap-3">
        {(Object.keys(lists) as Tab[]).map((key) => (
          <div key={key} className="min-w-0 rounded-2xl border border-white/10 bg-zinc-900/60 p-3 sm:p-4">
            <dt className="truncate text-[11px] uppercase tracking-wide text-zinc-400 sm:text-xs">
              {labels[key]}
            </dt>
            <dd className="mt-1 text-2xl font-bold text-white" data-testid={`count-${key}`}>
              {lists[key].data?.length ?? '–'}
            </dd>
          </div>
        ))}
      </dl>

      <Tabs<Tab>
        className="mt-6"
        label={t('collection.tabsLabel')}
        value={tab}
        onChange={setTab}
        tabs={(Object.keys(labels) as Tab[]).map((key) => ({ key, label: labels[key] }))}
      />

      <TabPanel label={labels[tab]}>
        {current.isPending ? (
          <PageLoading />
        ) : current.isError ? (
          <div role="alert" className="rounded-2xl border border-red-500/30 bg-red-500/10 p-8 text-center">
            <p className="text-red-200">{t('collection.loadError')}</p>
            <button
              type="button"
              onClick={() => void current.refetch()}
              className="mt-4 rounded-lg bg-white/10 px-4 py-2 text-sm text-white hover:bg-white/15"
            >
              {t('collection.retry')}
            </button>
          </div>
        ) : tab === 'favorites' ? (
          <FavoritesList items={favorites.data ?? []} userId={userId} />
        ) : tab === 'purchases' ? (
          <PurchasesList items={purchases.data ?? []} />
        ) : (
          <SubscriptionsList items={subscriptions.data ?? []} />
        )}
      </TabPanel>
    </section>
  );
}

function Empty({ text, to, action }: { text: string; to: string; action: string }) {
  return (
    <div className="rounded-2xl border border-white/10 bg-zinc-900/60 p-10 text-center">
      <p className="text-zinc-300">{text}</p>
      <Link
        to={to}
        className="mt-4 inline-flex h-10 items-center rounded-lg bg-violet-600 px-4 text-sm font-semibold text-white hover:bg-violet-500"
      >
        {action}
      </Link>
    </div>
  );
}

function StatusBadge({ status, highlight }: { status: string; highlight: boolean }) {
  const { t } = useTranslation();
  return (
    <span
      className={`rounded-full px-2.5 py-0.5 text-xs font-medium ${
        highlight ? 'bg-emerald-500/15 text-emerald-300' : 'bg-white/10 text-zinc-300'
      }`}
    >
      {isStatusKey(status) ? t(`collection.status.${status}`) : status}
    </span>
  );
}

const STATUS_KEYS: readonly string[] = [
  'active',
  'trialing',
  'past_due',
  'canceled',
  'unpaid',
  'incomplete',
  'incomplete_expired',
  'paused',
  'completed',
  'refunded',
];
const isStatusKey = (status: string): status is StatusKey => STATUS_KEYS.includes(status);

function FavoritesList({ items, userId }: { items: FavoriteItem[]; userId: string }) {
  const { t } = useTranslation();
  const remove = useRemoveFavorite(userId);
  if (items.length === 0) {
    return <Empty text={t('collection.favoritesEmpty')} to="/marketplace" action={t('collection.explore')} />;
  }
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {items.map((item) => (
        <li
          key={item.id}
          data-testid="favorite-card"
          className="flex flex-col overflow-hidden rounded-2xl border border-white/10 bg-zinc-900/60"
        >
          <div className="aspect-square bg-gradient-to-br from-violet-700 to-fuchsia-800">
            {item.beat_cover_url && (
              <img src={item.beat_cover_url} alt="" className="size-full object-cover" />
            )}
          </div>
          <div className="flex flex-1 flex-col gap-1 p-4">
            <h2 className="truncate font-semibold text-white">{item.beat_title}</h2>
            <p className="truncate text-sm text-zinc-400">
              {t('collection.byCreator', { creator: item.beat_creator })}
            </p>
            <p className="text-xs text-violet-300">{item.beat_genre}</p>
            <p className="text-lg font-bold text-white">{formatBRL(item.beat_price)}</p>
            <p className="text-xs text-zinc-500">
              {t('collection.favoritedOn', { date: formatDate(item.created_at) })}
            </p>
            <button
              type="button"
              aria-label={t('collection.removeLabel', { title: item.beat_title })}
              onClick={() =>
                remove.mutate(item.id, {
                  onSuccess: () =>
                    toast.success(t('collection.removed'), {
                      description: t('collection.removedDescription'),
                    }),
                  onError: () => toast.error(t('collection.removeError')),
                })
              }
              className="mt-3 h-9 rounded-lg border border-red-400/30 text-sm text-red-200 hover:bg-red-500/10 focus-visible:outline-2 focus-visible:outline-red-300"
            >
              {t('collection.remove')}
            </button>
          </div>
        </li>
      ))}
    </ul>
  );
}

function Row({ children }: { children: ReactNode }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-white/10 bg-zinc-900/60 p-4">
      {children}
    </li>
  );
}

/**
 * A licence purchase stores the beat's title and the tier id: the tier is named in the reader's language.
 * Older rows (and other purchases) hold one line, shown as stored.
 */
function purchaseLine(item: PurchaseItem, t: TFunction): string {
  if (!item.tier) return item.product_name || t('collection.unnamedPurchase');
  const tier = t(`licensing.tierNames.${item.tier}`);
  return item.product_name ? `${item.product_name} — ${tier}` : tier;
}

function PurchasesList({ items }: { items: PurchaseItem[] }) {
  const { t } = useTranslation();
  if (items.length === 0) {
    return <Empty text={t('collection.purchasesEmpty')} to="/marketplace" action={t('collection.explore')} />;
  }
  return (
    <ul className="space-y-3">
      {items.map((item) => (
        <Row key={item.id}>
          <div>
            <h2 className="font-semibold text-white">{t('collection.order', { id: item.id.slice(0, 8) })}</h2>
            <p className="text-sm text-zinc-400">
              {purchaseLine(item, t)} · {formatDate(item.created_at)}
            </p>
            {item.refund_reason && (
              <p className="text-sm text-amber-200">{t(`collection.refundReasons.${item.refund_reason}`)}</p>
            )}
          </div>
          <div className="flex items-center gap-3">
            <span className="font-bold text-white">{formatBRL(item.amount)}</span>
            <StatusBadge status={item.status} highlight={item.status === 'completed'} />
          </div>
          {item.order_id && item.status === 'completed' && <LicenceDownloads orderId={item.order_id} />}
        </Row>
      ))}
    </ul>
  );
}

function SubscriptionsList({ items }: { items: SubscriptionItem[] }) {
  const { t } = useTranslation();
  if (items.length === 0) {
    return <Empty text={t('collection.subscriptionsEmpty')} to="/plans" action={t('collection.plans')} />;
  }
  return (
    <ul className="space-y-3">
      {items.map((item) => (
        <Row key={`${item.product_id}-${item.created_at}`}>
          <div>
            <h2 className="font-semibold text-white">{t('collection.premium')}</h2>
            <p className="text-sm text-zinc-400" data-testid="subscription-product">
              {/* The product id alone ('PROFISSI') does not tell which plan was bought; its name does. */}
              {storedPlanDisplayName(item.plan) &&
                `${t('collection.planName', { name: storedPlanDisplayName(item.plan) })} · `}
              {t('collection.product', { id: item.product_id.slice(0, 8) })}
            </p>
          </div>
          <dl className="flex flex-wrap gap-4 text-sm">
            <div>
              <dt className="text-xs text-zinc-500">{t('collection.start')}</dt>
              <dd className="text-zinc-200">{formatDate(item.current_period_start) || '—'}</dd>
            </div>
            <div>
              <dt className="text-xs text-zinc-500">{t('collection.nextBilling')}</dt>
              <dd className="text-zinc-200">{formatDate(item.current_period_end) || '—'}</dd>
            </div>
          </dl>
          <StatusBadge status={item.status} highlight={item.status === 'active'} />
        </Row>
      ))}
    </ul>
  );
}

export { MyCollectionPage as Component };
