/** es-ES texts of paid hiring (issue 17): the hire dialog, the escrow of each order, accept and decline. */
const hiring = {
  dialogTitle: 'Contratar «{{title}}»',
  dialogDescription: 'de {{creator}}',
  loading: 'Calculando el precio…',
  loadError: 'No se pudo cargar el precio de esta contratación.',
  price: 'Precio',
  inCoins: '{{coins}} 5D Coins',
  coinValue: '1 5D Coin = {{value}}',
  balance: 'Tu saldo',
  after: 'Después de contratar: {{coins}} 5D Coins',
  shortfall: 'Te faltan {{coins}} 5D Coins para contratar.',
  buyCoins: 'Comprar 5D Coins',
  howTitle: 'Cómo funciona el pago',
  howHold:
    'Las {{coins}} 5D Coins salen de tu saldo ahora y quedan en garantía: el creador solo las recibe cuando aceptes la entrega.',
  howDeadline_one:
    'El creador tiene {{count}} día para entregar. Si lo rechaza o no entrega a tiempo, las monedas vuelven a ti.',
  howDeadline_zero:
    'El creador tiene {{count}} días para entregar. Si lo rechaza o no entrega a tiempo, las monedas vuelven a ti.',
  howDeadline_many:
    'El creador tiene {{count}} días para entregar. Si lo rechaza o no entrega a tiempo, las monedas vuelven a ti.',
  howDeadline_other:
    'El creador tiene {{count}} días para entregar. Si lo rechaza o no entrega a tiempo, las monedas vuelven a ti.',
  howReview_one:
    'Tras la entrega tienes {{count}} día para revisar y aceptar; después el pago se libera al creador automáticamente.',
  howReview_zero:
    'Tras la entrega tienes {{count}} días para revisar y aceptar; después el pago se libera al creador automáticamente.',
  howReview_many:
    'Tras la entrega tienes {{count}} días para revisar y aceptar; después el pago se libera al creador automáticamente.',
  howReview_other:
    'Tras la entrega tienes {{count}} días para revisar y aceptar; después el pago se libera al creador automáticamente.',
  briefLabel: 'Briefing (opcional)',
  briefHint: 'Cuéntale al creador lo que necesitas: referencias, formato, plazos.',
  briefCount: '{{count}}/{{max}}',
  submit: 'Pagar {{coins}} 5D Coins y contratar',
  submitting: 'Contratando…',
  hired: '¡Pedido pagado y creado!',
  hiredDescription: '{{coins}} 5D Coins quedan en garantía hasta que aceptes la entrega.',
  errorTitle: 'No se pudo contratar',
  escrowHeld: '{{coins}} 5D Coins en garantía',
  escrowReleased: '{{coins}} 5D Coins pagadas al creador',
  escrowRefunded: '{{coins}} 5D Coins devueltas a ti',
  deliverBy: 'Entrega hasta el {{date}}',
  reviewUntil: 'Revisa hasta el {{date}}; después el pago se libera automáticamente.',
  accept: 'Aceptar entrega',
  acceptLabel: 'Aceptar la entrega de {{title}}',
  accepting: 'Aceptando…',
  accepted: '¡Entrega aceptada!',
  acceptedDescription: '{{coins}} 5D Coins se pagaron al creador.',
  acceptError: 'No se pudo aceptar la entrega',
  declinedNote: 'Rechazado por el creador',
  expiredNote: 'El creador no entregó a tiempo',
  unpaidNote: 'Pedido sin pago (hecho antes de las contrataciones pagadas)',
  creatorHeld: '{{coins}} 5D Coins en garantía · entregar hasta el {{date}}',
  creatorReview: 'El cliente revisa hasta el {{date}}',
  creatorPaid: 'Recibido: {{coins}} 5D Coins',
  creatorRefunded: 'Las 5D Coins volvieron al cliente',
  brief: 'Briefing del cliente',
  decline: 'Rechazar',
  declineLabel: 'Rechazar el pedido {{title}}',
  declineTitle: '¿Rechazar este pedido?',
  declineDescription: 'Las {{coins}} 5D Coins vuelven ahora al cliente. No se puede deshacer.',
  declineConfirm: 'Rechazar y reembolsar',
  declining: 'Rechazando…',
  declined: 'Pedido rechazado',
  declinedDescription: 'El cliente recibió las 5D Coins de vuelta.',
  declineError: 'No se pudo rechazar el pedido',
  heldRevenue: 'En garantía: {{value}}',
} as const;

export default hiring;
