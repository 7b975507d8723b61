import type { LedgerKind } from './pt-BR';

/** Wallet entry texts in en-US (kinds and placeholders as in pt-BR.ts). */
const ledgerTextsEnUS: Record<LedgerKind, string> = {
  coins_purchase: 'Purchase of {{coins, number}} 5D Coins',
  plan_allowance: '{{plan}} plan: {{coins, number}} 5D Coins for the month',
  coins_refund: 'Refund: {{coins, number}} 5D Coins reversed',
  generation: 'Music generation',
  generation_refund: 'Refund: music generation that failed',
  refund: 'Refund: {{of}}',
  hire_hold: 'Hire of “{{title}}”: {{coins, number}} 5D Coins held in escrow',
  hire_payout: 'Order “{{title}}” completed: {{coins, number}} 5D Coins received',
  hire_declined: 'Order “{{title}}” declined by the creator: {{coins, number}} 5D Coins returned',
  hire_expired: 'Order “{{title}}” not delivered in time: {{coins, number}} 5D Coins returned',
};

export default ledgerTextsEnUS;
