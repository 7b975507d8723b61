import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import { PLANS, type PlanId } from '../../../../../shared/plans';
import { planDisplayName } from '../../../lib/plan-name';
import type { Profile } from '../../../../../shared/schemas/profile';
import type { Order } from '../../../../../shared/schemas/orders';
import type { Project } from '../../../../../shared/schemas/marketplace';
import { useCheckout } from '../../../components/checkout/use-checkout';
import { formatBRL, formatDate, formatFixed, formatLongDate, formatWholeUsd } from '../../../lib/format';
import { PageLoading } from '../../../components/PageLoading';
import { TabPanel, Tabs } from '../../../components/Tabs';
import { failureText } from '../../../api/error-text';
import { LicenceDownloads } from '../../../components/licences/LicenceDownloads';
import { orderDownload, orderProgress } from '../order-stage';
import { fetchDownloadUrl, useMyFavorites, useMyOrders, usePublishedProjects } from '../api/client';
import { HireDialog } from './HireDialog';
import { HireEscrow } from './HireEscrow';
import { LoadError } from './LoadError';
import { OrderStatusBadge } from './OrderStatusBadge';
import { RateDialog } from './RateDialog';

type Tab = 'marketplace' | 'orders' | 'favorites' | 'profile';
const COMPACT_PLANS: readonly PlanId[] = ['INICIANTE', 'ARTISTA', 'PRO'];

export default function ClientDashboard({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('marketplace');
  const labels: Record<Tab, string> = {
    marketplace: t('dashboardHub.client.tabMarketplace'),
    orders: t('dashboardHub.client.tabOrders'),
    favorites: t('dashboardHub.client.tabFavorites'),
    profile: t('dashboardHub.client.tabProfile'),
  };

  return (
    <div className="grid gap-8 xl:grid-cols-[1fr_18rem]">
      <div className="min-w-0">
        <Tabs<Tab>
          label={t('dashboardHub.client.tabsLabel')}
          value={tab}
          onChange={setTab}
          tabs={(Object.keys(labels) as Tab[]).map((key) => ({ key, label: labels[key] }))}
        />
        <TabPanel label={labels[tab]}>
          {tab === 'marketplace' && <HireList userId={profile.id} onHired={() => setTab('orders')} />}
          {tab === 'orders' && <OrdersList userId={profile.id} />}
          {tab === 'favorites' && <FavoritesList userId={profile.id} />}
          {tab === 'profile' && <ProfileFacts profile={profile} />}
        </TabPanel>
      </div>
      <PlanList />
    </div>
  );
}

function HireList({ userId, onHired }: { userId: string; onHired: () => void }) {
  const { t } = useTranslation();
  const projects = usePublishedProjects();
  const [hiring, setHiring] = useState<Pick<Project, 'id' | 'title' | 'creator'> | null>(null);
  if (projects.isPending) return <PageLoading />;
  if (projects.isError) return <LoadError onRetry={() => void projects.refetch()} />;
  if (projects.data.length === 0)
    return <p className="text-zinc-400">{t('dashboardHub.client.marketEmpty')}</p>;
  return (
    <section aria-labelledby="hire-title">
      <h2 id="hire-title" className="text-lg font-semibold text-white">
        {t('dashboardHub.client.marketTitle')}
      </h2>
      <ul className="mt-4 grid grid-cols-1 gap-3 md:grid-cols-2">
        {projects.data.map((project) => (
          <li
            key={project.id}
            data-testid="hire-card"
            className="flex items-center justify-between gap-4 rounded-xl border border-white/10 bg-zinc-900/60 p-4"
          >
            <div className="min-w-0">
              <h3 translate="no" className="truncate font-semibold text-white">
                {project.title}
              </h3>
              <p className="truncate text-sm text-zinc-400">
                {t('dashboardHub.client.byCreator', { creator: project.creator })} · {project.genre}
              </p>
              <p className="mt-1 text-xs text-zinc-400">
                ★{' '}
                {project.rating > 0
                  ? t('dashboardHub.client.rating', { rating: formatFixed(project.rating, 1) })
                  : t('dashboardHub.client.ratingNone')}{' '}
                · {t('dashboardHub.client.deliveryDays')}
              </p>
            </div>
            <div className="flex shrink-0 flex-col items-end gap-2">
              <span className="font-bold text-white">{formatBRL(project.price)}</span>
              <button
                type="button"
                aria-label={t('dashboardHub.client.hireLabel', { title: project.title })}
                onClick={() => setHiring(project)}
                className="h-9 rounded-lg bg-violet-600 px-3 text-sm font-semibold text-white hover:bg-violet-500 disabled:opacity-60"
              >
                {t('dashboardHub.client.hire')}
              </button>
            </div>
          </li>
        ))}
      </ul>
      <HireDialog
        project={hiring}
        userId={userId}
        onClose={() => setHiring(null)}
        onHired={() => {
          setHiring(null);
          onHired();
        }}
      />
    </section>
  );
}

function OrdersList({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const orders = useMyOrders(userId);
  const [rating, setRating] = useState<Order | null>(null);
  const [downloading, setDownloading] = useState<string | null>(null);

  if (orders.isPending) return <PageLoading />;
  if (orders.isError) return <LoadError onRetry={() => void orders.refetch()} />;
  if (orders.data.length === 0) {
    return (
      <div className="rounded-2xl border border-white/10 bg-zinc-900/60 p-10 text-center">
        <p className="text-zinc-300">{t('dashboardHub.client.ordersEmpty')}</p>
      </div>
    );
  }

  async function download(order: Order) {
    setDownloading(order.id);
    try {
      const url = await fetchDownloadUrl(order.id);
      const link = document.createElement('a');
      link.href = url;
      link.rel = 'noopener';
      link.download = '';
      document.body.append(link);
      link.click();
      link.remove();
    } catch (error) {
      toast.error(t('dashboardHub.client.downloadError'), {
        description: failureText(error, t('dashboardHub.client.downloadErrorDescription')),
      });
    } finally {
      setDownloading(null);
    }
  }

  return (
    <>
      <ul className="space-y-3">
        {orders.data.map((order) => {
          const progress = orderProgress(order);
          const files = orderDownload(order);
          return (
            <li
              key={order.id}
              data-testid="client-order"
              className="rounded-xl border border-white/10 bg-zinc-900/60 p-4"
            >
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0">
                  <h3 className="font-semibold text-white">{order.project_title}</h3>
                  <p className="text-sm text-zinc-400">
                    {t('dashboardHub.client.orderDate', { date: formatDate(order.created_at) })} ·{' '}
                    {formatBRL(order.amount)}
                  </p>
                </div>
                <OrderStatusBadge order={order} />
              </div>
              <HireEscrow order={order} userId={userId} />
              <div
                role="progressbar"
                aria-label={t('dashboardHub.client.progress')}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={progress}
                className="mt-3 h-2 overflow-hidden rounded-full bg-white/10"
              >
                <div className="h-full rounded-full bg-violet-500" style={{ width: `${progress}%` }} />
              </div>
              {files && (
                <div className="mt-3 flex flex-wrap items-center gap-2">
                  {files === 'licence' ? (
                    // A licence's files (by tier) and its agreement, the same downloads as My Collection.
                    <LicenceDownloads orderId={order.id} />
                  ) : (
                    <button
                      type="button"
                      onClick={() => void download(order)}
                      disabled={downloading === order.id}
                      className="h-9 rounded-lg border border-white/15 px-3 text-sm text-zinc-100 hover:bg-white/5 disabled:opacity-60"
                    >
                      {t('dashboardHub.client.download')}
                    </button>
                  )}
                  {order.rating === null ? (
                    <button
                      type="button"
                      onClick={() => setRating(order)}
                      className="h-9 rounded-lg bg-amber-400 px-3 text-sm font-semibold text-zinc-950 hover:bg-amber-300"
                    >
                      {t('dashboardHub.client.rate')}
                    </button>
                  ) : (
                    <span className="text-sm text-amber-200">
                      {t('dashboardHub.client.yourRating', { rating: order.rating })}
                    </span>
                  )}
                </div>
              )}
            </li>
          );
        })}
      </ul>
      <RateDialog order={rating} userId={userId} onClose={() => setRating(null)} />
    </>
  );
}

function FavoritesList({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const favorites = useMyFavorites(userId);
  if (favorites.isPending) return <PageLoading />;
  if (favorites.isError) return <LoadError onRetry={() => void favorites.refetch()} />;
  if (favorites.data.length === 0) {
    return (
      <div className="rounded-2xl border border-white/10 bg-zinc-900/60 p-10 text-center">
        <p className="text-zinc-300">{t('dashboardHub.client.favoritesEmpty')}</p>
        <Link
          to="/marketplace"
          className="mt-4 inline-flex h-10 items-center rounded-lg bg-violet-600 px-4 text-sm font-semibold text-white"
        >
          {t('dashboardHub.client.browse')}
        </Link>
      </div>
    );
  }
  return (
    <div>
      <ul className="grid gap-3 sm:grid-cols-2">
        {favorites.data.map((favorite) => (
          <li key={favorite.id} className="rounded-xl border border-white/10 bg-zinc-900/60 p-4">
            <h3 className="font-semibold text-white">{favorite.beat_title}</h3>
            <p className="text-sm text-zinc-400">
              {favorite.beat_creator} · {favorite.beat_genre}
            </p>
            <p className="mt-1 font-bold text-white">{formatBRL(favorite.beat_price)}</p>
          </li>
        ))}
      </ul>
      <Link to="/my-collection" className="mt-4 inline-block text-sm text-violet-300 hover:underline">
        {t('dashboardHub.client.favoritesAll')}
      </Link>
    </div>
  );
}

function ProfileFacts({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  // [label, value, written by the user (a name, an address: never translated)]
  const facts: readonly [string, string, boolean][] = [
    [t('dashboard.fullName'), profile.full_name, true],
    [t('dashboard.email'), profile.email, true],
    [
      t('dashboard.accountType'),
      profile.role === 'creator' ? t('dashboard.roleCreator') : t('dashboard.roleClient'),
      false,
    ],
    [t('dashboard.memberSince'), formatLongDate(profile.created_at), false],
  ];
  return (
    <div className="rounded-2xl border border-white/10 bg-zinc-900/60 p-6">
      <h2 className="text-lg font-semibold text-white">{t('dashboard.profileTitle')}</h2>
      <dl className="mt-4 grid gap-4 sm:grid-cols-2">
        {facts.map(([label, value, written]) => (
          <div key={label} className="rounded-xl bg-zinc-950/60 px-4 py-3">
            <dt className="text-xs uppercase tracking-wide text-zinc-500">{label}</dt>
            <dd translate={written ? 'no' : undefined} className="mt-1 break-words text-zinc-100">
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function PlanList() {
  const { t } = useTranslation();
  const { subscribe } = useCheckout();
  return (
    <aside
      aria-labelledby="plans-title"
      className="h-fit rounded-2xl border border-white/10 bg-zinc-900/60 p-5"
    >
      <h2 id="plans-title" className="font-semibold text-white">
        {t('dashboardHub.client.plansTitle')}
      </h2>
      <ul className="mt-3 space-y-2">
        {COMPACT_PLANS.map((id) => {
          const plan = PLANS[id];
          // The compact list shows each plan's lowest monthly price: 29, 89, 129.
          const price = Math.min(...(plan.monthlyPricesUsd ?? [0]));
          return (
            <li
              key={id}
              className="flex items-center justify-between gap-2 rounded-lg bg-zinc-950/60 px-3 py-2"
            >
              <div>
                <p className="text-sm font-medium text-white">{planDisplayName(id)}</p>
                <p className="text-xs text-zinc-400">
                  {t('dashboardHub.client.planPrice', { price: formatWholeUsd(price) })}
                </p>
              </div>
              <button
                type="button"
                onClick={() => void subscribe(id)}
                aria-label={t('dashboardHub.client.subscribeLabel', { name: planDisplayName(id) })}
                className="h-8 rounded-md bg-white/10 px-3 text-xs font-medium text-white hover:bg-white/15"
              >
                {t('dashboardHub.client.subscribe')}
              </button>
            </li>
          );
        })}
      </ul>
    </aside>
  );
}
