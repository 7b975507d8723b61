import type { LicenceTerms, TierId } from '../../licensing/tiers';

/**
 * What the platform writes for a buyer outside the web app, in the buyer's language: the lines of the
 * Stripe Checkout page and the licence agreement PDF (issue 18: both were Portuguese for everyone).
 * Numbers, money and dates arrive formatted for the language (./index.ts).
 */
export interface CommerceTexts {
  /** Stripe Checkout's own `locale` for this language. */
  stripeLocale: 'pt-BR' | 'en' | 'es';
  coinsLine: (coins: string) => string;
  coinsRate: string;
  planLine: (tier: string, planName: string) => string;
  planCoins: (coins: string) => string;
  /** ` · US$ 5 in the first month, then US$ 10/month` (starts with its separator). */
  laterMonths: (months: number, introPrice: string, regularPrice: string) => string;
  tierNames: Record<TierId, string>;
  termLabels: Record<keyof LicenceTerms, string>;
  unlimited: string;
  livePerformances: (allowed: boolean) => string;
  agreement: {
    title: string;
    exclusiveRights: string;
    nonExclusive: string;
    documentTitle: (beat: string) => string;
    order: (id: string) => string;
    date: (when: string) => string;
    parties: string;
    licensor: (name: string, id: string) => string;
    licensee: (name: string, id: string) => string;
    work: string;
    beat: (title: string, id: string) => string;
    files: (list: string) => string;
    aiStems: string;
    price: string;
    listPrice: (amount: string) => string;
    coupon: (code: string) => string;
    offer: (id: string) => string;
    paid: (amount: string) => string;
    terms: string;
    conditions: string;
    exclusiveCondition: string;
    nonExclusiveCondition: string;
    earlierLeases: string;
    none: string;
    earlierLease: (tier: string, order: string, date: string) => string;
    footer: string;
  };
}
