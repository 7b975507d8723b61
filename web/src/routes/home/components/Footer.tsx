import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

const social = [
  {
    network: 'Instagram',
    href: 'https://www.instagram.com/',
    path: 'M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4Zm5 5a4 4 0 1 0 0 8 4 4 0 0 0 0-8Zm5.5-1.5h.01',
  },
  {
    network: 'YouTube',
    href: 'https://www.youtube.com/',
    path: 'M3 8a3 3 0 0 1 3-3h12a3 3 0 0 1 3 3v8a3 3 0 0 1-3 3H6a3 3 0 0 1-3-3V8Zm7 1v6l5-3-5-3Z',
  },
  {
    network: 'TikTok',
    href: 'https://www.tiktok.com/',
    path: 'M14 3v11a3.5 3.5 0 1 1-3-3.46M14 3c.5 2.5 2.2 4 5 4',
  },
  { network: 'X', href: 'https://x.com/', path: 'M4 4l16 16M20 4 4 20' },
] as const;

/** Landing footer with site links and social links (spec 1 §2). */
export function Footer() {
  const { t } = useTranslation();
  const linkClass = 'text-zinc-400 transition hover:text-white';
  return (
    <footer className="mt-20 border-t border-white/10 pt-10 text-sm">
      <div className="grid gap-8 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-lg font-semibold text-white">5D</p>
          <p className="mt-2 max-w-xs text-zinc-400">{t('landing.footer.tagline')}</p>
        </div>
        <nav aria-labelledby="footer-explore">
          <h2 id="footer-explore" className="font-semibold text-white">
            {t('landing.footer.explore')}
          </h2>
          <ul className="mt-3 space-y-2">
            <li>
              <Link className={linkClass} to="/marketplace">
                {t('landing.footer.marketplace')}
              </Link>
            </li>
            <li>
              <Link className={linkClass} to="/competitions">
                {t('landing.footer.competitions')}
              </Link>
            </li>
            <li>
              <Link className={linkClass} to="/community">
                {t('landing.footer.community')}
              </Link>
            </li>
            <li>
              <Link className={linkClass} to="/become-creator">
                {t('landing.footer.becomeCreator')}
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-company">
          <h2 id="footer-company" className="font-semibold text-white">
            {t('landing.footer.company')}
          </h2>
          <ul className="mt-3 space-y-2">
            <li>
              <Link className={linkClass} to="/shifter-studio">
                {t('landing.footer.studio')}
              </Link>
            </li>
            <li>
              <Link className={linkClass} to="/privacy">
                {t('landing.footer.privacy')}
              </Link>
            </li>
            <li>
              <Link className={linkClass} to="/terms">
                {t('landing.footer.terms')}
              </Link>
            </li>
          </ul>
        </nav>
        <div>
          <h2 className="font-semibold text-white">{t('landing.footer.social')}</h2>
          <ul className="mt-3 flex gap-2">
            {social.map(({ network, href, path }) => (
              <li key={network}>
                <a
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={t('landing.footer.socialLabel', { network })}
                  className="grid size-10 place-items-center rounded-lg border border-white/10 text-zinc-300 transition hover:border-violet-400/60 hover:text-white"
                >
                  <svg
                    viewBox="0 0 24 24"
                    width="18"
                    height="18"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2"
                    strokeLinecap="round"
                    strokeLinejoin="round"
                    aria-hidden="true"
                  >
                    <path d={path} />
                  </svg>
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <p className="mt-10 pb-2 text-zinc-400">
        {t('landing.footer.rights', { year: new Date().getFullYear() })}
      </p>
    </footer>
  );
}
