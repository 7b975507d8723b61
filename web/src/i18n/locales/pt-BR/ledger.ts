/** Wallet entry texts by kind: one catalogue shared with the server (shared/i18n/ledger). */
export { default } from '../../../../../shared/i18n/ledger/pt-BR';
