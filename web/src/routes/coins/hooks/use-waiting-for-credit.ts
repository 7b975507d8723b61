import { useSyncExternalStore } from 'react';
import { isWaitingForCredit, subscribeToCreditWatch } from '../../../api/wallet';

/** True while the wallet is refreshed every 2 s after a checkout (shows 'Aguardando…'). */
export function useWaitingForCredit(): boolean {
  return useSyncExternalStore(subscribeToCreditWatch, isWaitingForCredit);
}
