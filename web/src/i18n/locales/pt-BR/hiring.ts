/** pt-BR texts of paid hiring (issue 17): the hire dialog, the escrow of each order, accept and decline. */
const hiring = {
  dialogTitle: 'Contratar “{{title}}”',
  dialogDescription: 'por {{creator}}',
  loading: 'Calculando o preço…',
  loadError: 'Não foi possível carregar o preço desta contratação.',
  price: 'Preço',
  inCoins: '{{coins}} 5D Coins',
  coinValue: '1 5D Coin = {{value}}',
  balance: 'Seu saldo',
  after: 'Depois de contratar: {{coins}} 5D Coins',
  shortfall: 'Faltam {{coins}} 5D Coins para contratar.',
  buyCoins: 'Comprar 5D Coins',
  howTitle: 'Como funciona o pagamento',
  howHold:
    'As {{coins}} 5D Coins saem do seu saldo agora e ficam em garantia: o criador só as recebe quando você aceitar a entrega.',
  howDeadline_one:
    'O criador tem {{count}} dia para entregar. Se recusar ou não entregar no prazo, as moedas voltam para você.',
  howDeadline_zero:
    'O criador tem {{count}} dias para entregar. Se recusar ou não entregar no prazo, as moedas voltam para você.',
  howDeadline_many:
    'O criador tem {{count}} dias para entregar. Se recusar ou não entregar no prazo, as moedas voltam para você.',
  howDeadline_other:
    'O criador tem {{count}} dias para entregar. Se recusar ou não entregar no prazo, as moedas voltam para você.',
  howReview_one:
    'Depois da entrega, você tem {{count}} dia para revisar e aceitar; depois disso o pagamento é liberado ao criador automaticamente.',
  howReview_zero:
    'Depois da entrega, você tem {{count}} dias para revisar e aceitar; depois disso o pagamento é liberado ao criador automaticamente.',
  howReview_many:
    'Depois da entrega, você tem {{count}} dias para revisar e aceitar; depois disso o pagamento é liberado ao criador automaticamente.',
  howReview_other:
    'Depois da entrega, você tem {{count}} dias para revisar e aceitar; depois disso o pagamento é liberado ao criador automaticamente.',
  briefLabel: 'Briefing (opcional)',
  briefHint: 'Conte ao criador o que você precisa: referências, formato, prazos.',
  briefCount: '{{count}}/{{max}}',
  submit: 'Pagar {{coins}} 5D Coins e contratar',
  submitting: 'Contratando…',
  hired: 'Pedido pago e criado!',
  hiredDescription: '{{coins}} 5D Coins ficam em garantia até você aceitar a entrega.',
  errorTitle: 'Não foi possível contratar',
  escrowHeld: '{{coins}} 5D Coins em garantia',
  escrowReleased: '{{coins}} 5D Coins pagas ao criador',
  escrowRefunded: '{{coins}} 5D Coins devolvidas a você',
  deliverBy: 'Entrega até {{date}}',
  reviewUntil: 'Revise até {{date}}; depois o pagamento é liberado automaticamente.',
  accept: 'Aceitar entrega',
  acceptLabel: 'Aceitar a entrega de {{title}}',
  accepting: 'Aceitando…',
  accepted: 'Entrega aceita!',
  acceptedDescription: '{{coins}} 5D Coins foram pagas ao criador.',
  acceptError: 'Não foi possível aceitar a entrega',
  declinedNote: 'Recusado pelo criador',
  expiredNote: 'O criador não entregou no prazo',
  unpaidNote: 'Pedido sem pagamento (feito antes das contratações pagas)',
  creatorHeld: '{{coins}} 5D Coins em garantia · entregar até {{date}}',
  creatorReview: 'Em revisão pelo cliente até {{date}}',
  creatorPaid: 'Recebido: {{coins}} 5D Coins',
  creatorRefunded: 'As 5D Coins voltaram ao cliente',
  brief: 'Briefing do cliente',
  decline: 'Recusar',
  declineLabel: 'Recusar o pedido {{title}}',
  declineTitle: 'Recusar este pedido?',
  declineDescription: 'As {{coins}} 5D Coins voltam agora para o cliente. Isso não pode ser desfeito.',
  declineConfirm: 'Recusar e reembolsar',
  declining: 'Recusando…',
  declined: 'Pedido recusado',
  declinedDescription: 'O cliente recebeu as 5D Coins de volta.',
  declineError: 'Não foi possível recusar o pedido',
  heldRevenue: 'Em garantia: {{value}}',
} as const;

export default hiring;
