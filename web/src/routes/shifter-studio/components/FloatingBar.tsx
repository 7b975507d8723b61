import type { SiteT } from '../../../i18n/studio-site';

/** Book / Join shortcuts that appear once the hero has scrolled away. */
export function FloatingBar({ t, visible }: { t: SiteT; visible: boolean }) {
  if (!visible) return null;
  return (
    <nav
      aria-label={t('studio.floating.label')}
      className="fixed inset-x-0 bottom-4 z-30 mx-auto flex w-fit gap-2 rounded-2xl border border-white/10 bg-zinc-900/95 p-2 shadow-2xl backdrop-blur"
    >
      <a
        href="#booking"
        className="inline-flex h-10 items-center rounded-xl bg-gradient-to-r from-violet-500 to-fuchsia-500 px-5 text-sm font-semibold text-white"
      >
        {t('studio.floating.book')}
      </a>
      <a
        href="#community"
        className="inline-flex h-10 items-center rounded-xl border border-white/15 px-5 text-sm font-semibold text-white hover:bg-white/10"
      >
        {t('studio.floating.join')}
      </a>
    </nav>
  );
}
