import type { LedgerKind } from './pt-BR';

/** Wallet entry texts in es-ES (kinds and placeholders as in pt-BR.ts). */
const ledgerTextsEsES: Record<LedgerKind, string> = {
  coins_purchase: 'Compra de {{coins, number}} 5D Coins',
  plan_allowance: 'Suscripción {{plan}}: {{coins, number}} 5D Coins del mes',
  coins_refund: 'Reembolso: {{coins, number}} 5D Coins devueltas',
  generation: 'Generación de música',
  generation_refund: 'Reembolso: generación de música que falló',
  refund: 'Reembolso: {{of}}',
  hire_hold: 'Contratación de “{{title}}”: {{coins, number}} 5D Coins en garantía',
  hire_payout: 'Pedido “{{title}}” completado: {{coins, number}} 5D Coins recibidas',
  hire_declined: 'Pedido “{{title}}” rechazado por el creador: {{coins, number}} 5D Coins devueltas',
  hire_expired: 'Pedido “{{title}}” no entregado a tiempo: {{coins, number}} 5D Coins devueltas',
};

export default ledgerTextsEsES;
