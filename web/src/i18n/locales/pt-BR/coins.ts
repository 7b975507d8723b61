/** 5D Coins wallet (/coins) and the header chip (spec sections 2, 4, 5, 8, 9). */
const coins = {
  title: '5D Coins',
  subtitle: 'Seus créditos para as ferramentas de IA e o marketplace.',
  loggedOut: 'Faça login para acessar suas 5D Coins',
  login: 'Entrar',
  balance: 'Saldo',
  balanceCoins: '{{coins}} Coins',
  rate: '1 USD = 1 Coin',
  buyTitle: 'Comprar créditos',
  amountLabel: 'Valor em USD',
  amountHint: 'Em dólares inteiros, mínimo de US$ 1. 1 USD = 1 Coin.',
  buy: 'Comprar',
  busy: 'Abrindo checkout...',
  invalidAmount: 'Digite um valor válido',
  checkoutError: 'Erro ao criar checkout',
  purchaseError: 'Erro ao processar compra',
  loadError: 'Erro ao carregar dados das 5D Coins',
  retry: 'Tentar novamente',
  waiting: 'Aguardando a confirmação do pagamento…',
  waitingHint: 'Conclua o pagamento na nova aba. O saldo é atualizado aqui sozinho.',
  historyTitle: 'Últimas 20 transações',
  empty: 'Nenhuma transação ainda. Compre créditos para começar.',
  chip: '{{balance}} Coins (saldo de 5D Coins)',
  types: {
    credit: 'Crédito',
    subscription_credit: 'Créditos da assinatura',
    spend: 'Uso',
    debit: 'Débito',
  },
} as const;

export default coins;
