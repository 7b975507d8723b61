import { WalletResponse } from '../../../shared/schemas/payments';
import { apiRequest } from './client';

/** POST /api/functions/coins-balance (needs the ID token): balance and the 20 newest transactions. */
export function fetchWallet(signal?: AbortSignal): Promise<WalletResponse> {
  return apiRequest('/api/functions/coins-balance', { method: 'POST', schema: WalletResponse, signal });
}
