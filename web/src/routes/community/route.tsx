import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import { TabPanel, Tabs } from '../../components/Tabs';
import { useFeed, useMembers, useTrending } from './api/community';
import { Composer } from './components/Composer';
import { formatDate, formatDateTime } from '../../lib/format';

type Tab = 'feed' | 'trending' | 'members';

function Loading() {
  const { t } = useTranslation();
  return (
    <div role="status" className="space-y-3">
      <span className="sr-only">{t('common.loading')}</span>
      {[0, 1, 2].map((i) => (
        <div
          key={i}
          aria-hidden="true"
          className="h-24 animate-pulse rounded-2xl bg-white/5 motion-reduce:animate-none"
        />
      ))}
    </div>
  );
}

function Failed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="rounded-2xl border border-red-500/30 bg-red-500/10 p-5 text-red-200">
      <p>{t('community.loadError')}</p>
      <button
        type="button"
        onClick={onRetry}
        className="mt-3 rounded-lg border border-white/15 px-4 py-2 text-sm text-white"
      >
        {t('community.retry')}
      </button>
    </div>
  );
}

function Empty({ text }: { text: string }) {
  return (
    <p className="rounded-2xl border border-dashed border-white/15 p-8 text-center text-zinc-400">{text}</p>
  );
}

const matches = (query: string, ...texts: string[]) =>
  !query || texts.some((text) => text.toLowerCase().includes(query.toLowerCase()));

function Feed({ search }: { search: string }) {
  const { t } = useTranslation();
  const feed = useFeed();
  if (feed.isPending) return <Loading />;
  if (feed.isError) return <Failed onRetry={() => void feed.refetch()} />;
  const posts = feed.data.items.filter((post) => matches(search, post.text, post.author_name));
  if (posts.length === 0) {
    return (
      <Empty text={search ? t('community.feed.noResults', { query: search }) : t('community.feed.empty')} />
    );
  }
  return (
    <ul className="space-y-3">
      {posts.map((post) => (
        <li key={post.id} className="rounded-2xl border border-white/10 bg-zinc-900/60 p-4">
          <div className="flex items-center gap-3">
            <span
              aria-hidden="true"
              className="grid size-9 place-items-center rounded-full bg-violet-500/20 font-semibold text-violet-200"
            >
              {post.author_name.charAt(0).toUpperCase()}
            </span>
            <div>
              <p translate="no" className="font-medium text-white">
                {post.author_name}
              </p>
              <p className="text-xs text-zinc-400">
                <time dateTime={post.created_at}>{formatDateTime(post.created_at)}</time>
              </p>
            </div>
          </div>
          {/* The author's words, in the language they wrote them. */}
          <p translate="no" className="mt-3 whitespace-pre-line break-words text-zinc-200">
            {post.text}
          </p>
          {post.attachment && (
            <div className="mt-2 text-sm text-violet-200">
              <p>
                <span aria-hidden="true">🎵 </span>
                {t('community.feed.audio', { name: post.attachment.name })}
                {!post.attachment.url && (
                  <span className="text-zinc-400"> — {t('community.feed.audioMissing')}</span>
                )}
              </p>
              {post.attachment.url && (
                <audio
                  controls
                  preload="none"
                  src={post.attachment.url}
                  aria-label={post.attachment.name}
                  data-testid="post-audio"
                  className="mt-2 w-full"
                />
              )}
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}

function Trending() {
  const { t } = useTranslation();
  const trending = useTrending();
  if (trending.isPending) return <Loading />;
  if (trending.isError) return <Failed onRetry={() => void trending.refetch()} />;
  if (trending.data.items.length === 0) return <Empty text={t('community.trending.empty')} />;
  return (
    <section aria-labelledby="trending-title">
      <h2 id="trending-title" className="text-lg font-semibold text-white">
        {t('community.trending.title')}
      </h2>
      <ol className="mt-3 space-y-2">
        {trending.data.items.map((item, index) => (
          <li
            key={item.tag}
            className="flex items-center gap-3 rounded-xl border border-white/10 bg-zinc-900/60 px-4 py-3"
          >
            <span className="w-6 text-sm text-zinc-500">{index + 1}</span>
            <span className="flex-1 font-medium text-white">#{item.tag}</span>
            <span className="text-sm text-zinc-400">
              {t('community.trending.posts', { count: item.posts })}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}

function Members({ search }: { search: string }) {
  const { t } = useTranslation();
  const members = useMembers();
  if (members.isPending) return <Loading />;
  if (members.isError) return <Failed onRetry={() => void members.refetch()} />;
  const list = members.data.items.filter((member) => matches(search, member.name));
  if (list.length === 0) return <Empty text={t('community.members.empty')} />;
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {list.map((member) => (
        <li key={member.slug}>
          <Link
            to={`/creator/${member.slug}`}
            aria-label={t('community.members.profile', { name: member.name })}
            className="flex items-center gap-3 rounded-2xl border border-white/10 bg-zinc-900/60 p-4 transition hover:border-violet-400/40"
          >
            <span
              aria-hidden="true"
              className="grid size-11 place-items-center rounded-full bg-gradient-to-br from-violet-500 to-fuchsia-500 font-semibold text-white"
            >
              {member.name.charAt(0).toUpperCase()}
            </span>
            <span>
              <span className="block font-medium text-white">{member.name}</span>
              <span className="block text-xs text-zinc-400">
                {t('community.members.since', { date: formatDate(member.joined_at) })}
              </span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

function Sidebar({ search, onSearch }: { search: string; onSearch: (value: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const trending = useTrending();
  const members = useMembers();
  const soon = () => toast.info(t('community.sidebar.comingSoon'));
  return (
    <aside className="space-y-4">
      <div className="rounded-2xl border border-white/10 bg-zinc-900/60 p-4">
        <label htmlFor={id} className="text-sm font-medium text-zinc-200">
          {t('community.sidebar.searchLabel')}
        </label>
        <input
          id={id}
          type="search"
          value={search}
          onChange={(event) => onSearch(event.target.value)}
          placeholder={t('community.sidebar.searchPlaceholder')}
          className="mt-2 h-10 w-full rounded-xl border border-white/10 bg-zinc-950 px-3 text-sm text-zinc-100 placeholder:text-zinc-500"
        />
      </div>
      <section
        aria-labelledby={`${id}-activity`}
        className="rounded-2xl border border-white/10 bg-zinc-900/60 p-4"
      >
        <h2 id={`${id}-activity`} className="text-sm font-semibold text-white">
          {t('community.sidebar.activity')}
        </h2>
        <dl className="mt-3 space-y-2 text-sm">
          <div className="flex justify-between">
            <dt className="text-zinc-400">{t('community.sidebar.postsToday')}</dt>
            <dd className="font-semibold text-white">{trending.data?.posts_today ?? '…'}</dd>
          </div>
          <div className="flex justify-between">
            <dt className="text-zinc-400">{t('community.sidebar.creators')}</dt>
            <dd className="font-semibold text-white">{members.data?.items.length ?? '…'}</dd>
          </div>
        </dl>
      </section>
      <div className="grid grid-cols-2 gap-2">
        <button
          type="button"
          onClick={soon}
          className="h-10 rounded-xl border border-white/15 text-sm text-zinc-100 hover:bg-white/5"
        >
          {t('community.sidebar.createGroup')}
        </button>
        <button
          type="button"
          onClick={soon}
          className="h-10 rounded-xl border border-white/15 text-sm text-zinc-100 hover:bg-white/5"
        >
          {t('community.sidebar.events')}
        </button>
      </div>
    </aside>
  );
}

function CommunityPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('feed');
  const [search, setSearch] = useState('');
  const tabs = [
    { key: 'feed', label: t('community.tabs.feed') },
    { key: 'trending', label: t('community.tabs.trending') },
    { key: 'members', label: t('community.tabs.members') },
  ] as const;
  return (
    <div className="mx-auto max-w-6xl">
      <h1 className="text-3xl font-bold tracking-tight text-white">{t('community.title')}</h1>
      <p className="mt-2 text-zinc-400">{t('community.subtitle')}</p>
      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_18rem]">
        <div className="min-w-0">
          <Composer />
          <Tabs className="mt-6" label={t('community.tabsLabel')} tabs={tabs} value={tab} onChange={setTab} />
          <TabPanel label={t(`community.tabs.${tab}`)}>
            {tab === 'feed' && <Feed search={search} />}
            {tab === 'trending' && <Trending />}
            {tab === 'members' && <Members search={search} />}
          </TabPanel>
        </div>
        <Sidebar search={search} onSearch={setSearch} />
      </div>
    </div>
  );
}

export { CommunityPage as Component };
