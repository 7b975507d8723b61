import i18next from 'i18next';
import { isLanguage } from '../../../../shared/i18n/language';
import { storedPlanName } from '../../../../shared/i18n/plan-names';
import type { Transaction } from '../../../../shared/schemas/payments';

/** The part of an i18next instance the wallet texts need (the app's, or a test's own instance). */
export interface LedgerTranslator {
  exists(key: string): boolean;
  t(key: string, options?: object): string;
  /** The reader's language (names such as a plan's are written in it). */
  language: string;
}

/**
 * What a wallet entry says in the reader's language: its label's kind from the `ledger` texts (shared
 * with the server, shared/i18n/ledger) with its params, `params.of` naming another kind read as that
 * kind's text. An entry without a label (an old row the server could not read back) or of a kind this
 * build does not know shows the stored text.
 */
export function transactionText(transaction: Transaction, i18n: LedgerTranslator = appTranslator): string {
  const label = transaction.label;
  const key = (kind: string) => `ledger.${kind}`;
  if (!label || !i18n.exists(key(label.kind))) return transaction.description;
  const { of, ...params } = label.params;
  const values: Record<string, string | number> = { ...params };
  // A plan is stored by id (older rows: its pt-BR name) and named in the reader's language.
  if (typeof values.plan === 'string' && isLanguage(i18n.language))
    values.plan = storedPlanName(values.plan, i18n.language) ?? values.plan;
  if (of !== undefined) {
    values.of =
      typeof of === 'string' && of !== label.kind && i18n.exists(key(of)) ? i18n.t(key(of), params) : of;
  }
  return i18n.t(key(label.kind), values);
}

// Typed keys cannot name a runtime kind; each lookup is checked with `exists` first.
const appTranslator: LedgerTranslator = {
  exists: (key) => i18next.exists(key),
  get language() {
    return i18next.resolvedLanguage ?? i18next.language;
  },
  t: (key, options) => (i18next.t as unknown as LedgerTranslator['t'])(key, options),
};
