import { commerceTexts, formatCount } from '../../shared/i18n/commerce';
import { coinsForUsd, toMinorUnits } from '../../shared/plans';
import { CoinsCheckoutRequest } from '../../shared/schemas/payments';
import { requireCaller } from '../_lib/auth';
import { httpHandler, json, parseBody, readerLanguage } from '../_lib/http';
import { startCheckout } from '../_lib/payments/checkout';

/** POST /api/functions/coins-create-checkout {amount_usd}: buys 5D Coins, 1 USD = 1 Coin. */
export const handler = httpHandler(async (event) => {
  const caller = requireCaller(event);
  const { amount_usd } = parseBody(event, CoinsCheckoutRequest);
  const coins = coinsForUsd(amount_usd);
  const language = readerLanguage(event);
  const texts = commerceTexts(language);
  const session = await startCheckout({
    kind: 'coins',
    sub: caller.sub,
    email: caller.email || undefined,
    language,
    line: {
      name: texts.coinsLine(formatCount(coins, language)),
      description: texts.coinsRate,
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
