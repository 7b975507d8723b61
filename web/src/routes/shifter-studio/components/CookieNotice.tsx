import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { SiteT } from '../../../i18n/studio-site';

export const COOKIE_ACK_KEY = 'shifter-studio-cookie-ack';

function acknowledged(): boolean {
  try {
    return localStorage.getItem(COOKIE_ACK_KEY) === 'true';
  } catch {
    return false; // storage disabled: show the notice each visit
  }
}

/** Shown until Accept stores the acknowledgement in localStorage. */
export function CookieNotice({ t }: { t: SiteT }) {
  const [shown, setShown] = useState(() => !acknowledged());
  if (!shown) return null;

  const accept = () => {
    try {
      localStorage.setItem(COOKIE_ACK_KEY, 'true');
    } catch {
      // not remembered when storage is unavailable; hidden for this visit anyway
    }
    setShown(false);
  };

  return (
    <section
      aria-label={t('studio.cookie.label')}
      className="fixed inset-x-4 bottom-20 z-40 mx-auto flex max-w-2xl flex-col gap-3 rounded-2xl border border-white/10 bg-zinc-900 p-4 shadow-2xl sm:flex-row sm:items-center"
    >
      <p className="flex-1 text-sm text-zinc-200">
        {t('studio.cookie.text')}{' '}
        <Link to="/privacy" className="text-violet-300 underline underline-offset-4">
          {t('studio.cookie.privacy')}
        </Link>
      </p>
      <button
        type="button"
        onClick={accept}
        className="inline-flex h-10 items-center justify-center rounded-xl bg-white px-5 text-sm font-semibold text-zinc-900"
      >
        {t('studio.cookie.accept')}
      </button>
    </section>
  );
}
