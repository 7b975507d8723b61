import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { PRODUCT_GENRES } from '../../../../shared/marketplace/genres';
import type { CatalogueCard, CatalogueStats } from '../../../../shared/schemas/catalogue';
import { ApiError } from '../../api/client';
import { useAuth } from '../../auth/session';
import { useCheckout } from '../../components/checkout/use-checkout';
import { useCheckoutReturn } from '../../components/checkout/use-checkout-return';
import { PlayerBar } from '../../components/player/PlayerBar';
import { usePlayer } from '../../components/player/use-player';
import { Tabs } from '../../components/Tabs';
import { learnPage, pagesOf, prefetchCataloguePage, useCataloguePage } from './api/catalogue';
import { playBeat } from './play-beat';
import { useMarks, useToggleFavorite } from './api/favorites';
import {
  CATALOGUE_PAGE_SIZE,
  countActiveFilters,
  defaultFilters,
  type CatalogueState,
} from './catalogue-state';
import AcapellaMatch from './components/AcapellaMatch';
import { CatalogueResults, ResultsLoading, type ResultsPage } from './components/CatalogueResults';
import { GenreChips } from './components/GenreChips';
import { RareDrops } from './components/RareDrops';
import { SimpleView } from './components/SimpleView';
import { StatCards } from './components/StatCards';
import { useCatalogueState } from './hooks/use-catalogue-state';
import { useHydrated } from '../../lib/hydration';

const PRERENDERED_STATE: CatalogueState = {
  q: '',
  filters: defaultFilters(),
  page: 1,
  cursor: null,
  view: 'full',
  section: 'all',
};

// Not part of the first load: their code (and the licence and coupon API with it) is fetched when the
// page is idle or when first opened.
const loadFilterSheet = () => import('./components/FilterSheet');
const loadLicenceDialog = () => import('./components/LicenceDialog');
const FilterSheet = lazy(async () => ({ default: (await loadFilterSheet()).FilterSheet }));
const LicenceDialog = lazy(async () => ({ default: (await loadLicenceDialog()).LicenceDialog }));

const externalLinks = [
  { to: '/courses', key: 'linkCourses' },
  { to: '/community', key: 'linkMentoring' },
  { to: '/ai-studio', key: 'linkSamples' },
  { to: '/neural-engine', key: 'linkPresets' },
] as const;

/**
 * The marketplace (issue 16): every search, filter, order and page is a server request for one page
 * (GET /api/projects, cached at the edge), driven by the URL; the next page is fetched ahead. The only
 * personal data — which beats the visitor liked or bought — comes from one small call of their own.
 */
function MarketplacePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const { state: urlState, go, setFilters, text, setText, query, pageQuery } = useCatalogueState();
  // The build prerenders the page in its default state (web/prerender); it hydrates as such, then shows
  // what the URL asks for. The request for the URL's page starts at once all the same.
  const hydrated = useHydrated();
  const state = hydrated ? urlState : PRERENDERED_STATE;
  const catalogue = useCataloguePage(pageQuery, urlState.section === 'all');
  const data = catalogue.data;
  const fresh = data !== undefined && !catalogue.isPlaceholderData;
  const toggleFavorite = useToggleFavorite(user?.id ?? null);
  const { buy, subscribe } = useCheckout();
  useCheckoutReturn('purchase');
  const player = usePlayer(useCallback(() => toast.error(t('marketplace.player.playError')), [t]));
  const [sheetOpen, setSheetOpen] = useState(false);
  // Comprar opens the licence tier choice (issue 8).
  const [licenceBeat, setLicenceBeat] = useState<CatalogueCard | null>(null);
  // The catalogue's figures come with first pages; later pages keep the last ones seen.
  const [stats, setStats] = useState<CatalogueStats | null>(null);
  if (data?.stats && data.stats !== stats) setStats(data.stats);

  // What this answer teaches about the query's pages; then the next page is fetched ahead.
  useEffect(() => {
    if (!data || !fresh) return;
    learnPage(query, urlState.page, data);
    if (data.cursor) {
      const next = new URLSearchParams(query);
      next.set('cursor', data.cursor);
      prefetchCataloguePage(queryClient, next.toString());
    }
  }, [data, fresh, query, urlState.page, queryClient]);

  const items = useMemo(() => data?.items ?? [], [data]);
  const marks = useMarks(
    user?.id ?? null,
    useMemo(() => items.map((beat) => beat.id), [items]),
  );
  const likedIds = useMemo(() => new Set(marks.data?.favorites ?? []), [marks.data]);

  useEffect(() => {
    if (catalogue.error) console.error('Catalogue fetch failed', catalogue.error);
  }, [catalogue.error]);

  // The search box is in the prerendered HTML (web/prerender): what was typed there before the page
  // hydrated is still in the box, so it becomes the search once the page is live.
  const searchBox = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const box = searchBox.current;
    if (box && box.value !== box.defaultValue) setText(box.value);
  }, [setText]);

  const results: ResultsPage | null = useMemo(() => {
    if (!data) return null;
    const known = pagesOf(query);
    const total = data.total ?? known.total;
    const exact = data.total !== null ? data.total_exact : known.exact;
    // The pages with a known start, and the next one when this page says there is more.
    const reachable = Math.max(state.page + (data.cursor ? 1 : 0), known.cursors.length);
    return {
      items: data.items,
      total,
      exact,
      page: state.page,
      reachable: data.cursor ? reachable : state.page,
      pageCount: total === null ? null : Math.max(1, Math.ceil(total / CATALOGUE_PAGE_SIZE)),
      sortedAmong: data.sorted_among,
    };
  }, [data, query, state.page]);

  function goToPage(page: number) {
    const known = pagesOf(query);
    const cursor = page === state.page + 1 && data?.cursor ? data.cursor : (known.cursors[page - 1] ?? null);
    if (page > 1 && !cursor) return;
    go({ page, cursor: page > 1 ? cursor : null });
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }

  function clearAll() {
    setText('');
    go({ q: '', filters: defaultFilters(), page: 1, cursor: null });
  }

  function onPlay(beat: CatalogueCard) {
    playBeat(player, beat).catch(() => toast.error(t('marketplace.player.playError')));
  }

  function onLike(beat: CatalogueCard) {
    if (!user) {
      toast.error(t('marketplace.loginTitle'), { description: t('marketplace.loginLike') });
      void navigate('/auth');
      return;
    }
    const liked = likedIds.has(beat.id);
    toggleFavorite.mutate(
      { id: beat.id, liked },
      {
        onSuccess: (outcome) =>
          toast.success(outcome.liked ? t('marketplace.liked') : t('marketplace.unliked')),
        onError: () => toast.error(t('marketplace.likeError')),
      },
    );
  }

  async function onShare(beat: CatalogueCard) {
    // The beat's own page (issue 8): its tiers and terms, not a search that may match other beats.
    const url = `${window.location.origin}/beat/${encodeURIComponent(beat.id)}`;
    try {
      if (typeof navigator.share === 'function') {
        await navigator.share({ title: beat.title, text: `${beat.title} — ${beat.creator}`, url });
        return;
      }
      await navigator.clipboard.writeText(url);
      toast.success(t('marketplace.shareCopied'), { description: t('marketplace.shareCopiedDescription') });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return; // the user closed the sheet
      toast.error(t('marketplace.shareError'));
    }
  }

  const playingId = player.state.playing ? player.state.track?.id : undefined;
  // While the first answer loads, the full view draws everything that does not depend on it (search,
  // acapella match, genre chips, stat card frames) at its final size, with placeholders for the figures
  // and cards: the build prerenders the page in this state (web/prerender), and nothing moves when the
  // data arrives.
  const loading = data === undefined || !hydrated;
  const activeFilters = countActiveFilters(state.filters);
  const chip =
    state.filters.genres.length === 1 ? state.filters.genres[0]! : state.filters.genres.length ? '' : 'all';
  const badQuery = catalogue.error instanceof ApiError && catalogue.error.status === 400;

  // The dialogs' code is fetched once the catalogue is shown and the browser is idle, so opening one
  // does not wait on the network (it is not part of the page's first load).
  useEffect(() => {
    if (loading) return;
    const prefetch = () => {
      void loadFilterSheet();
      void loadLicenceDialog();
    };
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = setTimeout(prefetch, 1000);
      return () => clearTimeout(timer);
    }
    const idle = window.requestIdleCallback(prefetch, { timeout: 3000 });
    return () => window.cancelIdleCallback(idle);
  }, [loading]);

  const setView = (view: CatalogueState['view']) => go({ view }, { replace: true });
  const setSection = (section: CatalogueState['section']) => go({ section });

  return (
    <div className={player.state.track ? 'pb-24' : undefined}>
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="bg-gradient-to-r from-violet-300 to-fuchsia-300 bg-clip-text text-3xl font-black tracking-widest text-transparent sm:text-4xl">
            {t('marketplace.title')}
          </h1>
          <p className="mt-1 text-zinc-400">{t('marketplace.subtitle')}</p>
        </div>
        <nav aria-label={t('marketplace.linksLabel')} className="flex flex-wrap gap-2">
          {externalLinks.map((link) => (
            <Link
              key={link.to}
              to={link.to}
              className="rounded-lg border border-white/10 px-3 py-1.5 text-sm text-zinc-300 hover:bg-white/5 focus-visible:outline-2 focus-visible:outline-violet-400"
            >
              {t(`marketplace.${link.key}`)}
            </Link>
          ))}
        </nav>
      </header>

      <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
        <Tabs<CatalogueState['section']>
          label={t('marketplace.sectionsLabel')}
          value={state.section}
          onChange={setSection}
          tabs={[
            { key: 'all', label: t('marketplace.tabAll') },
            {
              key: 'rare',
              label: (
                <>
                  {t('marketplace.tabRare')}{' '}
                  <span className="text-xs opacity-70">({t('marketplace.rareWindow')})</span>
                </>
              ),
            },
          ]}
        />
        {state.section === 'all' && (
          <div role="group" aria-label={t('marketplace.viewLabel')} className="flex gap-1 text-sm">
            {(['full', 'simple'] as const).map((mode) => (
              <button
                key={mode}
                type="button"
                aria-pressed={state.view === mode}
                onClick={() => setView(mode)}
                className={`rounded-lg px-3 py-1.5 ${state.view === mode ? 'bg-white/10 text-white' : 'text-zinc-400 hover:text-white'}`}
              >
                {mode === 'full' ? t('marketplace.viewFull') : t('marketplace.viewSimple')}
              </button>
            ))}
          </div>
        )}
      </div>

      <div
        className="mt-6"
        role="tabpanel"
        aria-label={state.section === 'all' ? t('marketplace.tabAll') : t('marketplace.tabRare')}
      >
        {state.section === 'rare' ? (
          <RareDrops onBuy={(item) => void buy(item)} />
        ) : catalogue.isError && !data ? (
          <div role="alert" className="rounded-2xl border border-red-500/30 bg-red-500/10 p-8 text-center">
            <p className="text-red-200">
              {badQuery ? t('marketplace.badQuery') : t('marketplace.loadError')}
            </p>
            <button
              type="button"
              onClick={() => (badQuery ? go({ page: 1, cursor: null }) : void catalogue.refetch())}
              className="mt-4 rounded-lg bg-white/10 px-4 py-2 text-sm text-white hover:bg-white/15"
            >
              {badQuery ? t('marketplace.backToFirst') : t('marketplace.retry')}
            </button>
          </div>
        ) : state.view === 'simple' ? (
          <SimpleView
            state={state}
            text={text}
            onText={setText}
            onFilters={setFilters}
            results={results}
            updating={catalogue.isFetching && !fresh}
            onPage={goToPage}
            onBuy={setLicenceBeat}
            onSubscribe={(plan) => void subscribe(plan)}
          />
        ) : (
          <div className="space-y-6">
            <div className="flex flex-col gap-3 sm:flex-row">
              <label className="sr-only" htmlFor="marketplace-search">
                {t('marketplace.searchLabel')}
              </label>
              <input
                id="marketplace-search"
                ref={searchBox}
                type="search"
                value={hydrated ? text : ''}
                onChange={(event) => setText(event.target.value)}
                maxLength={100}
                placeholder={t('marketplace.searchPlaceholder')}
                className="h-11 rounded-lg border border-white/10 bg-zinc-900 px-4 sm:flex-1 text-zinc-100 placeholder:text-zinc-500 focus:border-violet-400 focus:outline-none focus:ring-2 focus:ring-violet-500/40"
              />
              <button
                type="button"
                onClick={() => setSheetOpen(true)}
                aria-haspopup="dialog"
                aria-label={
                  activeFilters > 0
                    ? `${t('marketplace.filters')} (${t('marketplace.filtersActive', { count: activeFilters })})`
                    : t('marketplace.filters')
                }
                className="relative inline-flex h-11 items-center justify-center gap-2 rounded-lg border border-white/10 px-4 text-sm font-medium text-zinc-200 hover:bg-white/5 focus-visible:outline-2 focus-visible:outline-violet-400"
              >
                <FilterGlyph />
                {t('marketplace.filters')}
                {activeFilters > 0 && (
                  <span
                    data-testid="active-filter-count"
                    className="absolute -right-2 -top-2 flex size-5 items-center justify-center rounded-full bg-fuchsia-500 text-xs font-bold text-white"
                  >
                    {activeFilters}
                  </span>
                )}
              </button>
            </div>

            <AcapellaMatch onApply={(patch) => setFilters({ ...state.filters, ...patch })} />

            <GenreChips
              chips={['all', ...PRODUCT_GENRES]}
              value={chip}
              onChange={(next) => setFilters({ ...state.filters, genres: next === 'all' ? [] : [next] })}
            />

            <StatCards stats={stats} loading={!hydrated || stats === null} />

            {loading || !results ? (
              <ResultsLoading />
            ) : (
              <CatalogueResults
                results={results}
                updating={catalogue.isFetching && !fresh}
                likedIds={likedIds}
                playingId={playingId}
                onPlay={onPlay}
                onLike={onLike}
                onShare={(beat) => void onShare(beat)}
                onBuy={setLicenceBeat}
                onPage={goToPage}
                onClearAll={clearAll}
              />
            )}
          </div>
        )}
      </div>

      <Suspense fallback={null}>
        {sheetOpen && (
          <FilterSheet
            open
            onClose={() => setSheetOpen(false)}
            applied={state.filters}
            onApply={setFilters}
            cards={items}
          />
        )}
        {licenceBeat && <LicenceDialog beat={licenceBeat} onClose={() => setLicenceBeat(null)} />}
      </Suspense>
      <PlayerBar player={player} />
    </div>
  );
}

function FilterGlyph() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="18"
      height="18"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      aria-hidden="true"
    >
      <path d="M4 6h16M7 12h10M10 18h4" />
    </svg>
  );
}

export { MarketplacePage as Component };
