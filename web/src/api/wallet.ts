import { isCancelledError, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { WalletResponse } from '../../../shared/schemas/payments';

/**
 * The signed-in user's 5D Coins wallet (balance + 20 newest transactions). One query key for the header
 * chip and the /coins page, so both show the same numbers and update together. The fetcher (and zod with
 * it) loads on first use, keeping both off the signed-out start page.
 */
export function walletQueryKey(userId: string | null) {
  return ['me', 'wallet', userId] as const;
}

export function walletQuery(userId: string | null) {
  return queryOptions<WalletResponse>({
    queryKey: walletQueryKey(userId),
    queryFn: async ({ signal }) => (await import('./fetch-wallet')).fetchWallet(signal),
    enabled: userId !== null,
    staleTime: 15_000,
    retry: 1,
  });
}

// ---------------------------------------------------------------------------------------------------
// Waiting for a credit. The payment happens in another tab and the webhook credits the wallet a moment
// later, so after a checkout is opened the wallet is fetched every 2 s for up to 2 minutes until it
// changes. Coming back to this tab (focus, visibility) starts another 2-minute window while the
// checkout is recent, for people who took their time on the payment page.

export const CREDIT_POLL_INTERVAL_MS = 2000;
export const CREDIT_POLL_WINDOW_MS = 120_000;
/** How long after opening a checkout a return to the tab still resumes the wait. */
export const CREDIT_RESUME_WITHIN_MS = 30 * 60_000;

interface CreditWatch {
  client: QueryClient;
  userId: string;
  /** The wallet's fingerprint when the checkout was opened (set by the first fetch). */
  baseline?: string;
  openedAt: number;
  windowStartedAt: number;
  timer: ReturnType<typeof setInterval> | null;
}

let watch: CreditWatch | null = null;
const listeners = new Set<() => void>();

/** A fingerprint of the wallet that changes with any credit or debit. */
export function walletFingerprint(wallet: WalletResponse): string {
  return `${wallet.wallet.balance}|${wallet.transactions[0]?.id ?? ''}`;
}

function notify(): void {
  for (const listener of listeners) listener();
}

/** True while the wallet is being fetched every 2 s (for a 'waiting for payment' note). */
export function isWaitingForCredit(): boolean {
  return watch?.timer != null;
}

export function subscribeToCreditWatch(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function pause(): void {
  if (watch?.timer) clearInterval(watch.timer);
  if (watch) watch.timer = null;
  notify();
}

/** Stops waiting (the credit arrived, the user signed out or changed). */
export function stopWaitingForCredit(): void {
  pause();
  watch = null;
  removeTabListeners();
}

async function poll(current: CreditWatch): Promise<void> {
  if (watch !== current) return;
  if (Date.now() - current.windowStartedAt > CREDIT_POLL_WINDOW_MS) {
    pause();
    return;
  }
  try {
    const wallet = await current.client.fetchQuery({ ...walletQuery(current.userId), staleTime: 0 });
    if (watch !== current) return;
    const fingerprint = walletFingerprint(wallet);
    if (current.baseline === undefined) current.baseline = fingerprint;
    else if (fingerprint !== current.baseline) stopWaitingForCredit();
  } catch (error) {
    // A fetch the page cancelled (it unmounted or re-read the wallet itself) is not a failure: the next
    // poll reads again. It was logged as a CancelledError on every return from Stripe (issue 18).
    if (isCancelledError(error)) return;
    console.error('Error refreshing the 5D Coins wallet', error);
  }
}

function startWindow(current: CreditWatch): void {
  if (current.timer) clearInterval(current.timer);
  current.windowStartedAt = Date.now();
  current.timer = setInterval(() => void poll(current), CREDIT_POLL_INTERVAL_MS);
  notify();
  void poll(current);
}

interface TabEvents {
  addEventListener(type: string, listener: () => void): void;
  removeEventListener(type: string, listener: () => void): void;
}

/** window and document as used here, typed structurally: tests compile this module without the DOM lib. */
function browserTab() {
  return globalThis as unknown as { window: TabEvents; document: TabEvents & { visibilityState: string } };
}

function onTabBack(): void {
  if (browserTab().document.visibilityState !== 'visible' || !watch) return;
  if (watch.timer) {
    void poll(watch); // already waiting: look now rather than in up to 2 s
  } else if (Date.now() - watch.openedAt < CREDIT_RESUME_WITHIN_MS) {
    startWindow(watch);
  } else {
    stopWaitingForCredit();
  }
}

function addTabListeners(): void {
  const { window, document } = browserTab();
  window.addEventListener('focus', onTabBack);
  document.addEventListener('visibilitychange', onTabBack);
}

function removeTabListeners(): void {
  const { window, document } = browserTab();
  window.removeEventListener('focus', onTabBack);
  document.removeEventListener('visibilitychange', onTabBack);
}

/**
 * Call right after a checkout was opened: refreshes the wallet until the credit shows. The first fetch,
 * made at once (before anyone can have paid), is the baseline; a cached copy could be out of date.
 */
export function waitForCredit(client: QueryClient, userId: string): void {
  stopWaitingForCredit();
  watch = {
    client,
    userId,
    openedAt: Date.now(),
    windowStartedAt: Date.now(),
    timer: null,
  };
  addTabListeners();
  startWindow(watch);
}

/** The user the current wait belongs to (null when not waiting). */
export function creditWatchUser(): string | null {
  return watch?.userId ?? null;
}
