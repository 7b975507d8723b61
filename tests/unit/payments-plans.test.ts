import apiErrorsPtBR from '../../shared/i18n/api-errors/pt-BR';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_COIN_PURCHASE,
  PLANS,
  STRIPE_LOOKUP_KEYS,
  checkoutTier,
  coinsForUsd,
  creatorNet,
  platformFee,
  priceForMonth,
  resolvePlan,
  stripeLookupKey,
  subscriptionCoins,
  toMinorUnits,
} from '../../shared/plans';
import {
  CoinsCheckoutRequest,
  CreateCheckoutRequest,
  CreatePaymentRequest,
} from '../../shared/schemas/payments';

describe('checkout plan mapping (spec section 7)', () => {
  it.each([
    ['INICIANTE', 'ESSENCIAL'],
    ['STARTER', 'ESSENCIAL'],
    ['ARTISTA', 'PROFISSIONAL'],
    ['CREATOR', 'PROFISSIONAL'],
    ['PRO', 'PROFISSIONAL'],
    ['ENTERPRISE', 'ENTERPRISE'],
  ])('%s is sold as the %s tier', (name, tier) => {
    expect(checkoutTier(name)).toBe(tier);
    expect(stripeLookupKey(name)).toBe(STRIPE_LOOKUP_KEYS[tier as keyof typeof STRIPE_LOOKUP_KEYS]);
  });

  it('accepts any casing and spaces, and refuses names that are not plans', () => {
    expect(resolvePlan('  pro ')).toBe('PRO');
    expect(resolvePlan('Starter')).toBe('INICIANTE');
    expect(resolvePlan('GOLD')).toBeUndefined();
    expect(checkoutTier('')).toBeUndefined();
  });

  it('credits the coins of the plan the user chose, even when two plans share a tier', () => {
    expect(subscriptionCoins('INICIANTE')).toBe(20);
    expect(subscriptionCoins('STARTER')).toBe(20);
    expect(subscriptionCoins('ARTISTA')).toBe(80);
    expect(subscriptionCoins('CREATOR')).toBe(80);
    expect(subscriptionCoins('PRO')).toBe(200);
    expect(subscriptionCoins('ENTERPRISE')).toBe(500);
    expect(subscriptionCoins('PROFISSIONAL')).toBe(0);
  });
});

describe('plans (spec section 9)', () => {
  it('prices each month as the pricing card promises', () => {
    expect([1, 2, 3].map((m) => priceForMonth('INICIANTE', m))).toEqual([29, 29, 29]);
    expect([1, 2, 3].map((m) => priceForMonth('ARTISTA', m))).toEqual([89, 119, 119]);
    expect([1, 2, 3, 12].map((m) => priceForMonth('PRO', m))).toEqual([149, 149, 129, 129]);
    expect(priceForMonth('ENTERPRISE', 1)).toBeNull();
  });

  it('keeps the limits and savings of each plan', () => {
    expect(PLANS.INICIANTE).toMatchObject({ maxProjects: 2, monthlyGenerations: 10 });
    expect(PLANS.ARTISTA).toMatchObject({ maxProjects: 10, monthlyGenerations: 50, savingsPercent: 25.7 });
    expect(PLANS.PRO).toMatchObject({ maxProjects: null, monthlyGenerations: 200, savingsPercent: 35.6 });
    expect(PLANS.ENTERPRISE).toMatchObject({
      maxProjects: null,
      monthlyGenerations: null,
      monthlyCoins: 500,
    });
  });

  it('takes a 15% platform fee and leaves the creator 85%', () => {
    expect(platformFee(100)).toBe(15);
    expect(creatorNet(100)).toBe(85);
    expect(platformFee(49.9)).toBe(7.49);
    expect(creatorNet(49.9)).toBe(42.41);
  });

  it('gives 1 coin per dollar, default purchase 10, and exact cents', () => {
    expect(coinsForUsd(10)).toBe(10);
    expect(DEFAULT_COIN_PURCHASE).toBe(10);
    expect(toMinorUnits(49.9)).toBe(4990);
    expect(toMinorUnits(0.29)).toBe(29);
  });
});

describe('request validation', () => {
  it('maps the plan name in create-checkout and rejects unknown plans by code', () => {
    expect(CreateCheckoutRequest.parse({ plan: 'creator' })).toEqual({ plan: 'ARTISTA' });
    const bad = CreateCheckoutRequest.safeParse({ plan: 'GOLD' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('PLAN_INVALID');
  });

  it.each([
    [0, 'COINS_AMOUNT_TOO_LOW'],
    [-1, 'COINS_AMOUNT_TOO_LOW'],
    [1.5, 'COINS_AMOUNT_NOT_WHOLE'],
    ['10', 'COINS_AMOUNT_INVALID'],
    [null, 'COINS_AMOUNT_INVALID'],
    [10_001, 'COINS_AMOUNT_TOO_HIGH'],
  ])('refuses %j coins with %s ("Digite um valor válido…")', (amount, code) => {
    const result = CoinsCheckoutRequest.safeParse({ amount_usd: amount });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(code);
    expect(apiErrorsPtBR[code as keyof typeof apiErrorsPtBR]).toMatch(/^Digite um valor válido/);
  });

  it('accepts whole dollars from 1', () => {
    expect(CoinsCheckoutRequest.parse({ amount_usd: 1 })).toEqual({ amount_usd: 1 });
    expect(CoinsCheckoutRequest.parse({ amount_usd: DEFAULT_COIN_PURCHASE })).toEqual({ amount_usd: 10 });
  });

  it('takes one-time payments in BRL only, above zero, with at most 2 decimals', () => {
    expect(CreatePaymentRequest.parse({ productName: 'Beat', amount: 49.9 })).toMatchObject({
      currency: 'brl',
    });
    expect(CreatePaymentRequest.parse({ productName: 'Beat', amount: 10, currency: 'BRL' }).currency).toBe(
      'brl',
    );
    expect(CreatePaymentRequest.safeParse({ productName: 'Beat', amount: 10, currency: 'usd' }).success).toBe(
      false,
    );
    expect(CreatePaymentRequest.safeParse({ productName: 'Beat', amount: 0 }).success).toBe(false);
    expect(CreatePaymentRequest.safeParse({ productName: 'Beat', amount: 1.234 }).success).toBe(false);
    expect(CreatePaymentRequest.safeParse({ productName: ' ', amount: 5 }).success).toBe(false);
  });
});
