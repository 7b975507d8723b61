import type { Catalogue } from '../pt-BR';

const coins: Catalogue['coins'] = {
  title: '5D Coins',
  subtitle: 'Your credits for the AI tools and the marketplace.',
  loggedOut: 'Sign in to access your 5D Coins',
  login: 'Sign in',
  balance: 'Balance',
  balanceCoins: '{{coins}} Coins',
  rate: '1 USD = 1 Coin',
  buyTitle: 'Buy credits',
  amountLabel: 'Amount in USD',
  amountHint: 'Whole dollars, at least US$ 1. 1 USD = 1 Coin.',
  buy: 'Buy',
  busy: 'Opening checkout...',
  invalidAmount: 'Enter a valid amount',
  checkoutError: 'Could not create the checkout',
  purchaseError: 'Could not process the purchase',
  loadError: 'Could not load your 5D Coins',
  retry: 'Try again',
  waiting: 'Waiting for the payment to be confirmed…',
  waitingHint: 'Finish paying in the new tab. The balance updates here by itself.',
  historyTitle: 'Last 20 transactions',
  empty: 'No transactions yet. Buy credits to get started.',
  chip: '{{balance}} Coins (5D Coins balance)',
  types: {
    credit: 'Credit',
    subscription_credit: 'Subscription credits',
    spend: 'Spend',
    debit: 'Debit',
    escrow_hold: 'Hire held in escrow',
    escrow_refund: 'Hire refund',
    hire_payout: 'Hire payment',
  },
};

export default coins;
