import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TabPanel, Tabs } from '../../components/Tabs';
import { useAuth } from '../../auth/session';
import { useCompetitions } from './api/competitions';
import { useMyCompetitionEntries, withCount } from './api/entries';
import { ActiveCompetitionCard, FinishedCompetitionCard } from './components/CompetitionCards';
import { Ranking } from './components/Ranking';
import { EmptyState, ErrorState, LoadingList } from './components/States';

type Tab = 'active' | 'finished' | 'ranking';

function CompetitionList({ status }: { status: 'active' | 'finished' }) {
  const { t } = useTranslation();
  const query = useCompetitions(status);
  // The signed-in user's entries: their cards say 'Inscrito' and show the count read now (the list is
  // edge-cached for minutes).
  const { user } = useAuth();
  const mine = useMyCompetitionEntries(status === 'active' ? user?.id : undefined);
  const entries = new Map((mine.data?.items ?? []).map((entry) => [entry.competition_id, entry]));
  if (query.isPending) return <LoadingList />;
  if (query.isError)
    return <ErrorState message={t('competitions.loadError')} onRetry={() => void query.refetch()} />;
  if (query.data.items.length === 0) {
    return (
      <EmptyState
        message={t(status === 'active' ? 'competitions.emptyActive' : 'competitions.emptyFinished')}
      />
    );
  }
  const now = new Date();
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {query.data.items.map((card) =>
        status === 'active' ? (
          <ActiveCompetitionCard
            key={card.id}
            card={withCount(card, entries.get(card.id)?.competition)}
            now={now}
            enteredWith={entries.get(card.id)?.title}
          />
        ) : (
          <FinishedCompetitionCard key={card.id} card={card} />
        ),
      )}
    </div>
  );
}

function CompetitionsPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('active');
  const tabs = [
    { key: 'active', label: t('competitions.tabs.active') },
    { key: 'finished', label: t('competitions.tabs.finished') },
    { key: 'ranking', label: t('competitions.tabs.ranking') },
  ] as const;
  return (
    <div className="mx-auto max-w-5xl">
      <h1 className="text-3xl font-bold tracking-tight text-white">{t('competitions.title')}</h1>
      <p className="mt-2 text-zinc-400">{t('competitions.subtitle')}</p>
      <Tabs className="mt-6" label={t('competitions.tabsLabel')} tabs={tabs} value={tab} onChange={setTab} />
      <TabPanel label={t(`competitions.tabs.${tab}`)}>
        {tab === 'ranking' ? <Ranking /> : <CompetitionList key={tab} status={tab} />}
      </TabPanel>
    </div>
  );
}

export { CompetitionsPage as Component };
