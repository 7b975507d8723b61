import type { LedgerKind } from './pt-BR';

/** Wallet entry texts in es-ES (kinds and placeholders as in pt-BR.ts). */
const ledgerTextsEsES: Record<LedgerKind, string> = {
  coins_purchase: 'Compra de {{coins, number}} 5D Coins',
  plan_allowance: 'Suscripción {{plan}}: {{coins, number}} 5D Coins del mes',
  coins_refund: 'Reembolso: {{coins, number}} 5D Coins devueltas',
  generation: 'Generación de música',
  generation_refund: 'Reembolso: generación de música que falló',
  refund: 'Reembolso: {{of}}',
};

export default ledgerTextsEsES;
