import { USD_PER_COIN, coinsForUsd, toMinorUnits } from '../../shared/plans';
import { CoinsCheckoutRequest } from '../../shared/schemas/payments';
import { requireCaller } from '../_lib/auth';
import { httpHandler, json, parseBody } from '../_lib/http';
import { startCheckout } from '../_lib/payments/checkout';

/** POST /api/functions/coins-create-checkout {amount_usd}: buys 5D Coins, 1 USD = 1 Coin. */
export const handler = httpHandler(async (event) => {
  const caller = requireCaller(event);
  const { amount_usd } = parseBody(event, CoinsCheckoutRequest);
  const coins = coinsForUsd(amount_usd);
  const session = await startCheckout({
    kind: 'coins',
    sub: caller.sub,
    email: caller.email || undefined,
    line: {
      name: `${coins} 5D Coins`,
      description: `1 USD = ${USD_PER_COIN} Coin`,
      unitAmount: toMinorUnits(amount_usd),
      currency: 'usd',
    },
    metadata: { coins: String(coins) },
    successPath: '/coins?checkout=success&session_id={CHECKOUT_SESSION_ID}',
    cancelPath: '/coins?checkout=cancel',
    amount: coins,
    description: `${coins} 5D Coins`,
    coins,
  });
  return json(200, session);
});
