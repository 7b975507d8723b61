/** The generator's notice texts (core spec §8, 'Generator'), pt-BR as the spec writes them. */
export const generationMessages = {
  inputPolicyArtist: 'Remova nomes de artistas/bandas do seu prompt.',
  inputPolicyProducerTag: "Remova tags de produtor como 'DJ X on the beat'.",
  inputPolicyCombined:
    "Remova nomes de artistas/bandas e tags de produtor (como 'DJ X on the beat') do seu prompt.",
  taskNotFound: 'Tarefa não encontrada — tente gerar novamente.',
  timeoutRefunded: 'Tempo esgotado — seus créditos foram reembolsados automaticamente.',
  timeout: 'Tempo esgotado — tente novamente.',
  rateLimit: 'Muitas solicitações — aguarde alguns segundos e tente novamente.',
  unauthorized: 'Falha de autenticação com o provedor de música. Tente novamente mais tarde.',
  serverError: 'Problema temporário no servidor. Tente novamente.',
  insufficientFunds: 'Saldo ou cota de gerações insuficiente para gerar esta música.',
  generationFailed: 'Falha ao gerar música.',
  unknown: 'Ocorreu um erro. Tente novamente.',
} as const;
export type GenerationMessageKey = keyof typeof generationMessages;

export const noticeTitles = { error: 'Erro', warning: 'Atenção' } as const;
