import { useTranslation } from 'react-i18next';
import { PageLoading } from '../PageLoading';

const LINKS = ['linkCourses', 'linkMentoring', 'linkSamples', 'linkPresets'] as const;
const LINK_TARGETS: Record<(typeof LINKS)[number], string> = {
  linkCourses: '/courses',
  linkMentoring: '/community',
  linkSamples: '/ai-studio',
  linkPresets: '/neural-engine',
};

/**
 * What the build prerenders for /marketplace (web/prerender) and what the page hydrates: the page's own
 * heading, links and section tabs drawn exactly as routes/marketplace/route.tsx draws them while the
 * catalogue loads, so the real page replaces it right after hydration without moving anything. Kept
 * static (no data, no state) so the marketplace page can change freely; only these few classes must
 * follow its header.
 */
export function MarketplaceSkeleton() {
  const { t } = useTranslation();
  return (
    <div>
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="bg-gradient-to-r from-violet-300 to-fuchsia-300 bg-clip-text text-3xl font-black tracking-widest text-transparent sm:text-4xl">
            {t('marketplace.title')}
          </h1>
          <p className="mt-1 text-zinc-400">{t('marketplace.subtitle')}</p>
        </div>
        <nav aria-label={t('marketplace.linksLabel')} className="flex flex-wrap gap-2">
          {LINKS.map((key) => (
            <a
              key={key}
              href={LINK_TARGETS[key]}
              className="rounded-lg border border-white/10 px-3 py-1.5 text-sm text-zinc-300 hover:bg-white/5 focus-visible:outline-2 focus-visible:outline-violet-400"
            >
              {t(`marketplace.${key}`)}
            </a>
          ))}
        </nav>
      </header>
      <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
        <div className="flex gap-1 overflow-x-auto rounded-xl border border-white/10 bg-zinc-900/60 p-1">
          <span className="shrink-0 whitespace-nowrap rounded-lg bg-violet-600 px-3 py-2 text-sm font-medium text-white">
            {t('marketplace.tabAll')}
          </span>
          <span className="shrink-0 whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium text-zinc-300">
            {t('marketplace.tabRare')}{' '}
            <span className="text-xs opacity-70">({t('marketplace.rareWindow')})</span>
          </span>
        </div>
        <div className="flex gap-1 text-sm">
          <span className="rounded-lg bg-white/10 px-3 py-1.5 text-white">{t('marketplace.viewFull')}</span>
          <span className="rounded-lg px-3 py-1.5 text-zinc-400">{t('marketplace.viewSimple')}</span>
        </div>
      </div>
      <div className="mt-6">
        <PageLoading />
      </div>
    </div>
  );
}
