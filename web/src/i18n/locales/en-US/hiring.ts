/** en-US texts of paid hiring (issue 17): the hire dialog, the escrow of each order, accept and decline. */
const hiring = {
  dialogTitle: 'Hire “{{title}}”',
  dialogDescription: 'by {{creator}}',
  loading: 'Working out the price…',
  loadError: 'The price of this hire could not be loaded.',
  price: 'Price',
  inCoins: '{{coins}} 5D Coins',
  coinValue: '1 5D Coin = {{value}}',
  balance: 'Your balance',
  after: 'After hiring: {{coins}} 5D Coins',
  shortfall: 'You need {{coins}} more 5D Coins to hire.',
  buyCoins: 'Buy 5D Coins',
  howTitle: 'How the payment works',
  howHold:
    'The {{coins}} 5D Coins leave your balance now and are held in escrow: the creator only receives them when you accept the delivery.',
  howDeadline_one:
    'The creator has {{count}} day to deliver. If they decline or miss the deadline, the coins come back to you.',
  howDeadline_zero:
    'The creator has {{count}} days to deliver. If they decline or miss the deadline, the coins come back to you.',
  howDeadline_many:
    'The creator has {{count}} days to deliver. If they decline or miss the deadline, the coins come back to you.',
  howDeadline_other:
    'The creator has {{count}} days to deliver. If they decline or miss the deadline, the coins come back to you.',
  howReview_one:
    'After delivery you have {{count}} day to review and accept; after that the payment is released to the creator automatically.',
  howReview_zero:
    'After delivery you have {{count}} days to review and accept; after that the payment is released to the creator automatically.',
  howReview_many:
    'After delivery you have {{count}} days to review and accept; after that the payment is released to the creator automatically.',
  howReview_other:
    'After delivery you have {{count}} days to review and accept; after that the payment is released to the creator automatically.',
  briefLabel: 'Brief (optional)',
  briefHint: 'Tell the creator what you need: references, format, timing.',
  briefCount: '{{count}}/{{max}}',
  submit: 'Pay {{coins}} 5D Coins and hire',
  submitting: 'Hiring…',
  hired: 'Order paid and created!',
  hiredDescription: '{{coins}} 5D Coins are held until you accept the delivery.',
  errorTitle: 'The hire could not be made',
  escrowHeld: '{{coins}} 5D Coins held in escrow',
  escrowReleased: '{{coins}} 5D Coins paid to the creator',
  escrowRefunded: '{{coins}} 5D Coins returned to you',
  deliverBy: 'Delivery by {{date}}',
  reviewUntil: 'Review until {{date}}; then the payment is released automatically.',
  accept: 'Accept delivery',
  acceptLabel: 'Accept the delivery of {{title}}',
  accepting: 'Accepting…',
  accepted: 'Delivery accepted!',
  acceptedDescription: '{{coins}} 5D Coins were paid to the creator.',
  acceptError: 'The delivery could not be accepted',
  declinedNote: 'Declined by the creator',
  expiredNote: 'The creator did not deliver in time',
  unpaidNote: 'Unpaid order (made before hires were paid)',
  creatorHeld: '{{coins}} 5D Coins held · deliver by {{date}}',
  creatorReview: 'The client reviews until {{date}}',
  creatorPaid: 'Received: {{coins}} 5D Coins',
  creatorRefunded: 'The 5D Coins went back to the client',
  brief: 'Client brief',
  decline: 'Decline',
  declineLabel: 'Decline the order {{title}}',
  declineTitle: 'Decline this order?',
  declineDescription: 'The {{coins}} 5D Coins go back to the client now. This cannot be undone.',
  declineConfirm: 'Decline and refund',
  declining: 'Declining…',
  declined: 'Order declined',
  declinedDescription: 'The client got the 5D Coins back.',
  declineError: 'The order could not be declined',
  heldRevenue: 'Held in escrow: {{value}}',
} as const;

export default hiring;
