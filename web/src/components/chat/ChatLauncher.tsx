import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The panel (and everything it imports) is its own chunk, fetched on the first open. */
const ChatPanel = lazy(() => import('./ChatPanel'));

/**
 * The floating chat assistant on every page (AI-tools spec §2): only this round button is in the
 * shell's bundle. Once opened the panel stays mounted (hidden when closed) so the conversation survives.
 */
export function ChatLauncher() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);

  return (
    <>
      {opened && (
        <Suspense fallback={null}>
          <ChatPanel open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
      <button
        type="button"
        aria-label={open ? t('chat.close') : t('chat.open')}
        aria-expanded={open}
        aria-controls="chat-panel"
        data-testid="chat-launcher"
        data-chat-launcher
        onClick={() => {
          setOpened(true);
          setOpen((value) => !value);
        }}
        className={`fixed bottom-4 right-4 z-40 h-14 w-14 items-center justify-center rounded-full bg-gradient-to-br from-violet-500 to-fuchsia-500 text-white shadow-xl shadow-violet-900/40 transition hover:brightness-110 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-300 sm:bottom-6 sm:right-6 ${open ? 'hidden sm:inline-flex' : 'inline-flex'}`}
      >
        <svg
          viewBox="0 0 24 24"
          width={26}
          height={26}
          fill="none"
          stroke="currentColor"
          strokeWidth={2}
          aria-hidden="true"
        >
          {open ? (
            <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
          ) : (
            <path
              d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12Z"
              strokeLinejoin="round"
              strokeLinecap="round"
            />
          )}
        </svg>
      </button>
    </>
  );
}
