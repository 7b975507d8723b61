import { describe, expect, it } from 'vitest';
import { formatSignedCoins, formatUsd } from '../../web/src/lib/format';
import { transactionTone } from '../../web/src/routes/coins/transaction-tone';
import { parseCoinPurchase } from '../../web/src/routes/coins/purchase-amount';

describe('5D Coins purchase amount', () => {
  it.each([
    ['10', 10],
    [' 1 ', 1],
    ['250', 250],
    ['10000', 10_000],
  ])('%j buys %d coins', (text, coins) => {
    expect(parseCoinPurchase(text)).toBe(coins);
  });

  it.each(['', '   ', '0', '-5', 'abc', '1.5', '2,5', 'Infinity', '10001'])(
    '%j is not a valid amount (toast Digite um valor válido)',
    (text) => {
      expect(parseCoinPurchase(text)).toBeNull();
    },
  );
});

describe('wallet formats', () => {
  it('writes the balance as USD in pt-BR', () => {
    expect(formatUsd(10, 'pt-BR').replace(/\s/g, ' ')).toBe('US$ 10,00');
    expect(formatUsd(1234.5, 'pt-BR').replace(/\s/g, ' ')).toBe('US$ 1.234,50');
  });

  it('signs ledger amounts', () => {
    expect(formatSignedCoins(80)).toBe('+80');
    expect(formatSignedCoins(-3)).toBe('\u22123');
    expect(formatSignedCoins(0)).toBe('0');
  });

  it('colours credits green, spends and debits red, anything else neutral', () => {
    expect(transactionTone('credit')).toBe('credit');
    expect(transactionTone('subscription_credit')).toBe('credit');
    expect(transactionTone('spend')).toBe('debit');
    expect(transactionTone('debit')).toBe('debit');
    expect(transactionTone('adjustment')).toBe('neutral');
  });
});
