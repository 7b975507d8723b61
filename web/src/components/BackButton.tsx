import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ArrowLeftIcon } from './icons';

/**
 * History back; when that leaves the address unchanged after 200 ms, go home. The address includes the
 * query: a page's inner view (an AI Studio tool, `?tool=`) is a history entry of its own. On the first entry of the
 * app (opened from a link or a new tab) there is nothing of ours to go back to, so it goes home directly.
 */
export function BackButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();

  function goBack() {
    const before = window.location.pathname + window.location.search;
    // React Router numbers its history entries; idx 0 is where this visit to the app started.
    const index = (window.history.state as { idx?: unknown } | null)?.idx;
    if (typeof index !== 'number' || index <= 0) {
      void navigate('/');
      return;
    }
    void navigate(-1);
    window.setTimeout(() => {
      if (window.location.pathname + window.location.search === before) void navigate('/');
    }, 200);
  }

  return (
    <button
      type="button"
      onClick={goBack}
      className="inline-flex items-center gap-2 rounded-lg px-2 py-1.5 text-sm text-zinc-400 transition hover:bg-white/5 hover:text-zinc-100"
    >
      <ArrowLeftIcon width={18} height={18} />
      {t('common.back')}
    </button>
  );
}
