import type { WalletResponse } from '../../shared/schemas/payments';
import { requireCaller } from '../_lib/auth';
import { listTransactions } from '../_lib/db/ledger';
import { getWallet } from '../_lib/db/wallets';
import { httpHandler, json } from '../_lib/http';

const NEWEST = 20;

/** POST /api/functions/coins-balance and GET /api/me/wallet: balance and the 20 newest transactions. */
export const handler = httpHandler(async (event) => {
  const caller = requireCaller(event);
  const [wallet, transactions] = await Promise.all([
    getWallet(caller.sub),
    listTransactions(caller.sub, NEWEST),
  ]);
  const body: WalletResponse = { wallet: { balance: wallet.balance }, transactions };
  return json(200, body);
});
