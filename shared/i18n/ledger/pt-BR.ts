/**
 * What each kind of 5D Coins wallet entry says, in pt-BR. A ledger entry is stored as a kind plus
 * parameters (`label: { kind, params }`) and read in the reader's language (the web's `ledger` texts re-
 * export these files); the entry's `description` keeps this pt-BR text for operators and old clients.
 *
 * Adding a kind is one line here and one in each of `en-US.ts` and `es-ES.ts` (the compiler and
 * tests/unit/ledger-labels.test.ts check them), then write the entry with
 * `label: ledgerLabel('my_kind', { coins })`. Keys are lower_snake kinds; `{{name}}` placeholders take
 * `params.name` (`{{coins, number}}` is formatted in the reader's locale). `{{of}}` holds another kind
 * (the entry this one refers to, e.g. the spend a refund gives back) and reads as that kind's text.
 */
const ledgerTextsPtBR = {
  coins_purchase: 'Compra de {{coins, number}} 5D Coins',
  plan_allowance: 'Assinatura {{plan}}: {{coins, number}} 5D Coins do mês',
  coins_refund: 'Reembolso: {{coins, number}} 5D Coins estornadas',
  generation: 'Geração de música',
  generation_refund: 'Reembolso: geração de música que falhou',
  refund: 'Reembolso: {{of}}',
  hire_hold: 'Contratação de “{{title}}”: {{coins, number}} 5D Coins em garantia',
  hire_payout: 'Pedido “{{title}}” concluído: {{coins, number}} 5D Coins recebidas',
  hire_declined: 'Pedido “{{title}}” recusado pelo criador: {{coins, number}} 5D Coins devolvidas',
  hire_expired: 'Pedido “{{title}}” não entregue no prazo: {{coins, number}} 5D Coins devolvidas',
} as const;

export default ledgerTextsPtBR;

export type LedgerKind = keyof typeof ledgerTextsPtBR;
