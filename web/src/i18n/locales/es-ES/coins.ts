import type { Catalogue } from '../pt-BR';

const coins: Catalogue['coins'] = {
  title: '5D Coins',
  subtitle: 'Tus créditos para las herramientas de IA y el marketplace.',
  loggedOut: 'Inicia sesión para acceder a tus 5D Coins',
  login: 'Entrar',
  balance: 'Saldo',
  balanceCoins: '{{coins}} Coins',
  rate: '1 USD = 1 Coin',
  buyTitle: 'Comprar créditos',
  amountLabel: 'Importe en USD',
  amountHint: 'En dólares enteros, mínimo US$ 1. 1 USD = 1 Coin.',
  buy: 'Comprar',
  busy: 'Abriendo checkout...',
  invalidAmount: 'Introduce un importe válido',
  checkoutError: 'Error al crear el checkout',
  purchaseError: 'Error al procesar la compra',
  loadError: 'Error al cargar los datos de las 5D Coins',
  retry: 'Reintentar',
  waiting: 'Esperando la confirmación del pago…',
  waitingHint: 'Completa el pago en la nueva pestaña. El saldo se actualiza aquí solo.',
  historyTitle: 'Últimas 20 transacciones',
  empty: 'Aún no hay transacciones. Compra créditos para empezar.',
  chip: '{{balance}} Coins (saldo de 5D Coins)',
  types: {
    credit: 'Crédito',
    subscription_credit: 'Créditos de la suscripción',
    spend: 'Uso',
    debit: 'Débito',
    escrow_hold: 'Contratación en garantía',
    escrow_refund: 'Reembolso de contratación',
    hire_payout: 'Pago de contratación',
  },
};

export default coins;
