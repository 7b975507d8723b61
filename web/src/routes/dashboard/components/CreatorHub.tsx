import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Profile } from '../../../../../shared/schemas/profile';
import { SettingsIcon } from '../../../components/icons';
import { PageLoading } from '../../../components/PageLoading';
import { TabPanel, Tabs } from '../../../components/Tabs';
import { useCreatorOrders } from '../api/creator';
import { AchievementsTab } from './AchievementsTab';
import { AnalyticsTab } from './AnalyticsTab';
import { HubCardsView } from './HubCardsView';
import { LoadError } from './LoadError';
import { ProductUploadForm } from './ProductUploadForm';
import { CreatorSettingsDialog } from './CreatorSettingsDialog';
import { InsightsTab, PerformanceTab, SettingsTab, ToolsTab } from './StaticTabs';
import { LicensingTab } from './LicensingTab';
import { useFeatureTexts } from '../../../i18n/use-feature-texts';

type Tab =
  'analytics' | 'products' | 'licences' | 'performance' | 'achievements' | 'insights' | 'tools' | 'settings';

/** The Creator Hub: header, the four cards from the creator's real orders, and seven tabs (analytics first). */
export default function CreatorHub({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('analytics');
  const [settingsOpen, setSettingsOpen] = useState(false);
  const orders = useCreatorOrders(profile.id);
  const licensingTexts = useFeatureTexts(['licensing']);

  const labels: Record<Tab, string> = {
    analytics: t('dashboardHub.creator.tabAnalytics'),
    products: t('dashboardHub.creator.tabProducts'),
    licences: licensingTexts ? t('licensing.hub.tab') : '…',
    performance: t('dashboardHub.creator.tabPerformance'),
    achievements: t('dashboardHub.creator.tabAchievements'),
    insights: t('dashboardHub.creator.tabInsights'),
    tools: t('dashboardHub.creator.tabTools'),
    settings: t('dashboardHub.creator.tabSettings'),
  };

  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <span className="inline-flex items-center gap-2 rounded-full bg-gradient-to-r from-amber-400 to-fuchsia-500 px-3 py-1 text-sm font-bold text-zinc-950">
          ★ {t('dashboardHub.creator.proBadge')}
        </span>
        <button
          type="button"
          onClick={() => setSettingsOpen(true)}
          aria-haspopup="dialog"
          className="inline-flex h-10 items-center gap-2 rounded-lg border border-white/10 px-4 text-sm font-medium text-zinc-200 hover:bg-white/5 focus-visible:outline-2 focus-visible:outline-violet-400"
        >
          <SettingsIcon width={16} height={16} />
          {t('dashboardHub.creator.settingsButton')}
        </button>
      </div>

      <div className="mt-6">
        {orders.isPending ? (
          <PageLoading />
        ) : orders.isError ? (
          <LoadError onRetry={() => void orders.refetch()} />
        ) : (
          <HubCardsView cards={orders.data.cards} />
        )}
      </div>

      <Tabs<Tab>
        className="mt-8"
        label={t('dashboardHub.creator.tabsLabel')}
        value={tab}
        onChange={setTab}
        tabs={(Object.keys(labels) as Tab[]).map((key) => ({ key, label: labels[key] }))}
      />
      <TabPanel label={labels[tab]}>
        {tab === 'analytics' && <AnalyticsTab userId={profile.id} data={orders.data} />}
        {tab === 'products' && <ProductUploadForm profile={profile} />}
        {tab === 'licences' && licensingTexts && <LicensingTab userId={profile.id} />}
        {tab === 'performance' && <PerformanceTab orders={orders.data?.items ?? []} />}
        {tab === 'achievements' && <AchievementsTab profile={profile} />}
        {tab === 'insights' && <InsightsTab />}
        {tab === 'tools' && <ToolsTab />}
        {tab === 'settings' && (
          <SettingsTab profile={profile} userId={profile.id} onEdit={() => setSettingsOpen(true)} />
        )}
      </TabPanel>

      <CreatorSettingsDialog userId={profile.id} open={settingsOpen} onClose={() => setSettingsOpen(false)} />
    </div>
  );
}
