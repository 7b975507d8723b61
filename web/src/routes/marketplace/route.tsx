import { lazy, Suspense, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { toast } from 'sonner';
import {
  countActiveFilters,
  defaultFilters,
  filterBeats,
  type BeatFilters,
} from '../../../../shared/marketplace/filter';
import { PRODUCT_GENRES } from '../../../../shared/marketplace/genres';
import type { Project } from '../../../../shared/schemas/marketplace';
import { useAuth } from '../../auth/session';
import { useCheckout } from '../../components/checkout/use-checkout';
import { useCheckoutReturn } from '../../components/checkout/use-checkout-return';
import { PageLoading } from '../../components/PageLoading';
import { PlayerBar } from '../../components/player/PlayerBar';
import { usePlayer } from '../../components/player/use-player';
import { Tabs } from '../../components/Tabs';
import { useCatalogue } from './api/catalogue';
import { useMyFavorites, useToggleFavorite } from './api/favorites';
import AcapellaMatch from './components/AcapellaMatch';
import { BeatCard } from './components/BeatCard';
import { GenreChips } from './components/GenreChips';
import { Pagination } from './components/Pagination';
import { RareDrops } from './components/RareDrops';
import { SimpleView } from './components/SimpleView';
import { StatCards } from './components/StatCards';

// Not part of the first load: their code (and the licence and coupon API with it) is fetched when the
// page is idle or when first opened.
const loadFilterSheet = () => import('./components/FilterSheet');
const loadLicenceDialog = () => import('./components/LicenceDialog');
const FilterSheet = lazy(async () => ({ default: (await loadFilterSheet()).FilterSheet }));
const LicenceDialog = lazy(async () => ({ default: (await loadLicenceDialog()).LicenceDialog }));

type Section = 'all' | 'rare';
type View = 'full' | 'simple';

const externalLinks = [
  { to: '/courses', key: 'linkCourses' },
  { to: '/community', key: 'linkMentoring' },
  { to: '/ai-studio', key: 'linkSamples' },
  { to: '/neural-engine', key: 'linkPresets' },
] as const;

function MarketplacePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { user } = useAuth();
  const catalogue = useCatalogue();
  const favorites = useMyFavorites(user?.id ?? null);
  const toggleFavorite = useToggleFavorite(user?.id ?? null);
  const { buy, subscribe } = useCheckout();
  useCheckoutReturn('purchase');
  const player = usePlayer(useCallback(() => toast.error(t('marketplace.player.playError')), [t]));

  const [section, setSection] = useState<Section>('all');
  const [view, setView] = useState<View>('full');
  const [search, setSearch] = useState(() => params.get('q') ?? '');
  const [genreChip, setGenreChip] = useState('all');
  const [filters, setFilters] = useState<BeatFilters>(defaultFilters);
  const [page, setPage] = useState(1);
  const [sheetOpen, setSheetOpen] = useState(false);
  // Comprar opens the licence tier choice (issue 8).
  const [licenceBeat, setLicenceBeat] = useState<Project | null>(null);
  const [now] = useState(() => Date.now());

  // A query's result renders at once, in one task; deferred, the catalogue's arrival (the whole page with
  // its cards) renders in slices while the placeholders stay a moment longer (Total Blocking Time).
  const catalogueData = useDeferredValue(catalogue.data);
  const beats = useMemo(() => catalogueData ?? [], [catalogueData]);
  const genres = useMemo(
    () => [...new Set<string>([...PRODUCT_GENRES, ...beats.map((beat) => beat.genre)])],
    [beats],
  );
  const creators = useMemo(
    () => [...new Set(beats.map((beat) => beat.creator))].sort((a, b) => a.localeCompare(b, 'pt-BR')),
    [beats],
  );
  const likedIds = useMemo(
    () => new Set((favorites.data ?? []).map((favorite) => favorite.id)),
    [favorites.data],
  );

  // Any change of search, chip or filters goes back to page 1.
  const result = useMemo(
    () => filterBeats(beats, { search, genreChip, filters, page }),
    [beats, search, genreChip, filters, page],
  );
  const activeFilters = countActiveFilters(filters);

  useEffect(() => {
    if (catalogue.error) console.error('Catalogue fetch failed', catalogue.error);
  }, [catalogue.error]);

  // The search box is in the prerendered HTML (web/prerender): what was typed there before the page
  // hydrated is still in the box, so it becomes the search once the page is live.
  const searchBox = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const box = searchBox.current;
    // Hydration set the box's default to the state's search; a different value was typed by the visitor.
    if (!box || box.value === box.defaultValue) return;
    setSearch(box.value);
    setPage(1);
  }, []);

  function onLike(beat: Project) {
    if (!user) {
      toast.error(t('marketplace.loginTitle'), { description: t('marketplace.loginLike') });
      void navigate('/auth');
      return;
    }
    const liked = likedIds.has(beat.id);
    toggleFavorite.mutate(
      { beat, liked },
      {
        onSuccess: (outcome) =>
          toast.success(outcome.liked ? t('marketplace.liked') : t('marketplace.unliked')),
        onError: () => toast.error(t('marketplace.likeError')),
      },
    );
  }

  async function onShare(beat: Project) {
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

  const onBuyBeat = (beat: Project) => setLicenceBeat(beat);

  const playingId = player.state.playing ? player.state.track?.id : undefined;
  // While the catalogue loads, the full view draws everything that does not depend on it (search, acapella
  // match, genre chips, stat card frames) at its final size, with placeholders for the figures and cards:
  // the build prerenders the page in this state (web/prerender), and nothing moves when the data arrives.
  const loading = catalogue.isPending || catalogueData === undefined;

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
        <Tabs<Section>
          label={t('marketplace.sectionsLabel')}
          value={section}
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
        {section === 'all' && (
          <div role="group" aria-label={t('marketplace.viewLabel')} className="flex gap-1 text-sm">
            {(['full', 'simple'] as const).map((mode) => (
              <button
                key={mode}
                type="button"
                aria-pressed={view === mode}
                onClick={() => setView(mode)}
                className={`rounded-lg px-3 py-1.5 ${view === mode ? 'bg-white/10 text-white' : 'text-zinc-400 hover:text-white'}`}
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
        aria-label={section === 'all' ? t('marketplace.tabAll') : t('marketplace.tabRare')}
      >
        {section === 'rare' ? (
          <RareDrops onBuy={(item) => void buy(item)} />
        ) : catalogue.isError ? (
          <div role="alert" className="rounded-2xl border border-red-500/30 bg-red-500/10 p-8 text-center">
            <p className="text-red-200">{t('marketplace.loadError')}</p>
            <button
              type="button"
              onClick={() => void catalogue.refetch()}
              className="mt-4 rounded-lg bg-white/10 px-4 py-2 text-sm text-white hover:bg-white/15"
            >
              {t('marketplace.retry')}
            </button>
          </div>
        ) : view === 'simple' ? (
          loading ? (
            <PageLoading />
          ) : (
            <SimpleView
              beats={beats}
              genres={genres}
              onBuy={onBuyBeat}
              onSubscribe={(plan) => void subscribe(plan)}
            />
          )
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
                value={search}
                onChange={(event) => {
                  setSearch(event.target.value);
                  setPage(1);
                }}
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

            <AcapellaMatch
              onApply={(patch) => {
                setFilters((current) => ({ ...current, ...patch }));
                setPage(1);
              }}
            />

            <GenreChips
              chips={['all', ...genres]}
              value={genreChip}
              onChange={(chip) => {
                setGenreChip(chip);
                setPage(1);
              }}
            />

            <StatCards beats={beats} now={now} loading={loading} />

            {loading ? (
              <ResultsLoading />
            ) : (
              <>
                <div
                  className="flex flex-wrap items-center justify-between gap-2 text-sm text-zinc-400"
                  aria-live="polite"
                >
                  <span data-testid="result-count">
                    {t('marketplace.resultCount', { count: result.total })}
                  </span>
                  <span>{t('marketplace.pageOf', { page: result.page, pages: result.pageCount })}</span>
                </div>

                {result.items.length === 0 ? (
                  <div className="rounded-2xl border border-white/10 bg-zinc-900/60 p-10 text-center">
                    <p className="text-zinc-300">{t('marketplace.empty')}</p>
                    <button
                      type="button"
                      onClick={() => {
                        setSearch('');
                        setGenreChip('all');
                        setFilters(defaultFilters());
                        setPage(1);
                      }}
                      className="mt-4 rounded-lg bg-white/10 px-4 py-2 text-sm text-white hover:bg-white/15"
                    >
                      {t('marketplace.clearAll')}
                    </button>
                  </div>
                ) : (
                  <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-4">
                    {result.items.map((beat) => (
                      <li key={beat.id}>
                        <BeatCard
                          beat={beat}
                          liked={likedIds.has(beat.id)}
                          playing={playingId === beat.id}
                          onPlay={() =>
                            player.select({
                              id: beat.id,
                              title: beat.title,
                              creator: beat.creator,
                              audioUrl: beat.audioUrl,
                              coverUrl: beat.coverUrl,
                            })
                          }
                          onLike={() => onLike(beat)}
                          onShare={() => void onShare(beat)}
                          onBuy={() => onBuyBeat(beat)}
                        />
                      </li>
                    ))}
                  </ul>
                )}

                <Pagination
                  page={result.page}
                  pageCount={result.pageCount}
                  buttons={result.pageButtons}
                  onChange={(next) => {
                    setPage(next);
                    window.scrollTo({ top: 0, behavior: 'smooth' });
                  }}
                />
              </>
            )}
          </div>
        )}
      </div>

      <Suspense fallback={null}>
        {sheetOpen && (
          <FilterSheet
            open
            onClose={() => setSheetOpen(false)}
            applied={filters}
            onApply={(next) => {
              setFilters(next);
              setPage(1);
            }}
            genres={genres}
            creators={creators}
          />
        )}
        {licenceBeat && <LicenceDialog beat={licenceBeat} onClose={() => setLicenceBeat(null)} />}
      </Suspense>
      <PlayerBar player={player} />
    </div>
  );
}

/** The result count line and a page of beat cards, as placeholders of their size while the catalogue loads. */
function ResultsLoading() {
  const { t } = useTranslation();
  return (
    <>
      <div className="flex items-center justify-between gap-2" aria-hidden="true">
        <span className="h-5 w-28 animate-pulse rounded-md bg-white/10 motion-reduce:animate-none" />
        <span className="h-5 w-20 animate-pulse rounded-md bg-white/10 motion-reduce:animate-none" />
      </div>
      <p role="status" className="sr-only">
        {t('common.loading')}
      </p>
      <ul aria-hidden="true" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-4">
        {Array.from({ length: 6 }, (_, index) => (
          <li
            key={index}
            className="flex flex-col overflow-hidden rounded-2xl border border-white/10 bg-zinc-900/70"
          >
            <div className="aspect-square animate-pulse bg-white/5 motion-reduce:animate-none" />
            <div className="flex flex-col gap-2 p-4">
              <span className="h-5 w-3/4 rounded-md bg-white/10" />
              <span className="h-4 w-1/2 rounded-md bg-white/5" />
              <span className="mt-2 h-9 w-full rounded-lg bg-white/5" />
            </div>
          </li>
        ))}
      </ul>
    </>
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
