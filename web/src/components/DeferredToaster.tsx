import { lazy, Suspense, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { loadApiErrorTexts } from '../api/error-text';

// sonner (~9 KB gzip) stays out of the first paint. `toast()` calls made before the Toaster mounts are
// not lost: sonner's store replays the active toasts to a Toaster when it subscribes.
const Toaster = lazy(async () => {
  // Errors mostly arrive as toasts: their texts load beside the toaster, before they are needed (and
  // before a lost connection could keep them from loading).
  void loadApiErrorTexts();
  const { Toaster: SonnerToaster } = await import('sonner');
  return {
    default: function AppToaster() {
      // sonner's own labels are English ("Close toast", "Notifications"): the reader's language instead.
      const { t } = useTranslation();
      return (
        <SonnerToaster
          containerAriaLabel={t('toasts.region')}
          toastOptions={{ closeButtonAriaLabel: t('toasts.close') }}
          position="bottom-right"
          visibleToasts={3}
          duration={4000}
          theme="dark"
          richColors
          closeButton
        />
      );
    },
  };
});

const INTERACTIONS = ['pointerdown', 'keydown', 'touchstart'] as const;

/** The open modal <dialog> drawn last (the top layer's topmost), if any. */
function topmostModal(): HTMLDialogElement | null {
  const open = document.querySelectorAll<HTMLDialogElement>('dialog:modal');
  return open.length > 0 ? open[open.length - 1]! : null;
}

/**
 * A modal <dialog> sits in the browser's top layer, above any z-index, and makes the rest of the page
 * inert: toasts rendered in <body> would show under its backdrop, unreadable and unclickable. While one
 * is open, the toaster is portalled into it (sonner hands the live toasts to the remounted viewport).
 */
function useToastHost(): HTMLElement {
  const [host, setHost] = useState<HTMLElement>(() => topmostModal() ?? document.body);
  useEffect(() => {
    const update = () => setHost(topmostModal() ?? document.body);
    const observer = new MutationObserver(update);
    observer.observe(document.body, { subtree: true, attributes: true, attributeFilter: ['open'] });
    update();
    return () => observer.disconnect();
  }, []);
  return host;
}

function ToastViewport() {
  const host = useToastHost();
  return createPortal(
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>,
    host,
  );
}

/**
 * Mounts the toast viewport once the page has loaded and the browser is idle (at most 2 s later). On the
 * landing page every toast follows something the visitor did (a plan chosen, a language switched), so
 * there sonner loads on the first interaction instead, and a visitor who only reads never downloads it.
 */
export function DeferredToaster() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let idle: number | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const mount = () => setReady(true);
    const schedule = () => {
      if ('requestIdleCallback' in window) idle = window.requestIdleCallback(mount, { timeout: 2000 });
      else timer = setTimeout(mount, 200);
    };
    const onLanding = window.location.pathname === '/';
    if (onLanding)
      for (const type of INTERACTIONS) window.addEventListener(type, mount, { once: true, passive: true });
    else if (document.readyState === 'complete') schedule();
    else window.addEventListener('load', schedule, { once: true });
    return () => {
      for (const type of INTERACTIONS) window.removeEventListener(type, mount);
      window.removeEventListener('load', schedule);
      if (idle !== undefined) window.cancelIdleCallback(idle);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, []);
  return ready ? <ToastViewport /> : null;
}
