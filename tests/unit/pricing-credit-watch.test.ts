import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WalletResponse } from '../../shared/schemas/payments';

/** The wallet as the server has it; the fetcher below answers with it. */
let serverWallet: WalletResponse;
let fetches = 0;
vi.mock('../../web/src/api/fetch-wallet', () => ({
  fetchWallet: () => {
    fetches += 1;
    return Promise.resolve(structuredClone(serverWallet));
  },
}));

const tab = Object.assign(new EventTarget(), { visibilityState: 'visible' });
vi.stubGlobal('window', new EventTarget());
vi.stubGlobal('document', tab);

const wallet = await import('../../web/src/api/wallet');

function credit(amount: number, id: string): void {
  serverWallet = {
    wallet: { balance: serverWallet.wallet.balance + amount },
    transactions: [
      { id, type: 'credit', description: `${amount} 5D Coins`, amount, created_at: new Date().toISOString() },
      ...serverWallet.transactions,
    ],
  };
}

/** Lets the interval fire and the fetch it started resolve. */
async function advance(ms: number): Promise<void> {
  await vi.advanceTimersByTimeAsync(ms);
}

let client: QueryClient;
beforeEach(() => {
  vi.useFakeTimers();
  serverWallet = { wallet: { balance: 0 }, transactions: [] };
  fetches = 0;
  client = new QueryClient();
});
afterEach(() => {
  wallet.stopWaitingForCredit();
  vi.useRealTimers();
});

describe('waiting for a credit after a checkout', () => {
  it('refreshes every 2 s and stops as soon as the credit shows in the shared wallet query', async () => {
    wallet.waitForCredit(client, 'user-1');
    await advance(0);
    expect(wallet.isWaitingForCredit()).toBe(true);
    await advance(6000);
    const beforePayment = fetches;
    expect(beforePayment).toBeGreaterThanOrEqual(3);

    credit(10, 'tx-1');
    await advance(2000);
    expect(wallet.isWaitingForCredit()).toBe(false);
    expect(client.getQueryData<WalletResponse>(wallet.walletQueryKey('user-1'))?.wallet.balance).toBe(10);

    const afterCredit = fetches;
    await advance(20_000);
    expect(fetches).toBe(afterCredit);
  });

  it('gives up after 2 minutes without a change', async () => {
    wallet.waitForCredit(client, 'user-1');
    await advance(wallet.CREDIT_POLL_WINDOW_MS + 4000);
    expect(wallet.isWaitingForCredit()).toBe(false);
    const stopped = fetches;
    expect(stopped).toBeGreaterThan(50);
    expect(stopped).toBeLessThanOrEqual(wallet.CREDIT_POLL_WINDOW_MS / wallet.CREDIT_POLL_INTERVAL_MS + 2);
    await advance(30_000);
    expect(fetches).toBe(stopped);
  });

  it('coming back to the tab after the window resumes the wait and finds the credit', async () => {
    wallet.waitForCredit(client, 'user-1');
    await advance(wallet.CREDIT_POLL_WINDOW_MS + 4000);
    expect(wallet.isWaitingForCredit()).toBe(false);

    credit(80, 'tx-sub');
    tab.dispatchEvent(new Event('visibilitychange'));
    await advance(0);
    expect(wallet.isWaitingForCredit()).toBe(false);
    expect(client.getQueryData<WalletResponse>(wallet.walletQueryKey('user-1'))?.wallet.balance).toBe(80);
  });

  it('a spend during the wait also ends it (any change of the wallet counts)', async () => {
    serverWallet = { wallet: { balance: 5 }, transactions: [] };
    wallet.waitForCredit(client, 'user-1');
    await advance(2000);
    credit(-1, 'tx-spend');
    await advance(2000);
    expect(wallet.isWaitingForCredit()).toBe(false);
  });
});
