import { useEffect, useState } from 'react';
import { LanguageToggle } from '../../../components/LanguageToggle';
import type { SiteT } from '../../../i18n/studio-site';
import { SECTION_IDS, type SectionId } from './ui';

/** Sticky navigation: highlights the section in view; below `lg` the links move into a menu panel. */
export function StudioNav({ t, active }: { t: SiteT; active: string }) {
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [open]);

  const link = (id: SectionId, mobile: boolean) => (
    <li key={id}>
      <a
        href={`#${id}`}
        onClick={() => setOpen(false)}
        aria-current={active === id ? 'location' : undefined}
        className={`block rounded-lg px-3 py-2 text-sm transition ${
          active === id ? 'bg-white/10 font-semibold text-white' : 'text-zinc-300 hover:text-white'
        } ${mobile ? 'text-base' : ''}`}
      >
        {t(`studio.nav.${id}`)}
      </a>
    </li>
  );

  return (
    <header className="sticky top-0 z-40 border-b border-white/10 bg-zinc-950/85 backdrop-blur">
      <nav
        aria-label={t('studio.nav.label')}
        className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 sm:px-6"
      >
        <a href="#home" className="mr-auto text-lg font-bold tracking-tight text-white">
          {t('studio.brand')}
        </a>
        <ul className="hidden items-center gap-1 xl:flex">{SECTION_IDS.map((id) => link(id, false))}</ul>
        <a
          href="#booking"
          className="hidden h-9 items-center rounded-lg bg-gradient-to-r from-violet-500 to-fuchsia-500 px-3 text-sm font-semibold text-white sm:inline-flex"
        >
          {t('studio.nav.book')}
        </a>
        <LanguageToggle />
        <button
          type="button"
          className="inline-flex size-10 items-center justify-center rounded-lg border border-white/10 text-white xl:hidden"
          aria-expanded={open}
          aria-controls="studio-menu"
          aria-label={open ? t('studio.nav.closeMenu') : t('studio.nav.openMenu')}
          onClick={() => setOpen((value) => !value)}
        >
          <svg
            viewBox="0 0 24 24"
            className="size-5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            aria-hidden="true"
          >
            {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
          </svg>
        </button>
      </nav>
      {open && (
        <div id="studio-menu" className="border-t border-white/10 bg-zinc-950 px-4 pb-4 xl:hidden">
          <ul className="grid gap-1 pt-2">{SECTION_IDS.map((id) => link(id, true))}</ul>
        </div>
      )}
    </header>
  );
}
