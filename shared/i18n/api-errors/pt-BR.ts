/**
 * What every API error code means to a user, in pt-BR: the product's language, the server's `message`
 * and the shape en-US and es-ES must match (the compiler checks them; tests/unit/api-errors.test.ts too).
 *
 * Adding a code is one line here and one in each of `en-US.ts` and `es-ES.ts`; then throw it
 * (`new Conflict('MY_CODE', { name })`). Keys are UPPER_SNAKE codes; a variant of the same code is
 * `CODE_<context>` with a lowercase context (i18next's `context`), chosen with `params.context`;
 * `{{name}}` placeholders take `params.name` (`{{amount, number}}` is formatted in the reader's locale).
 */
const apiErrorsPtBR = {
  // Generic, one per HTTP status the web may meet without a code of ours (API Gateway, network).
  BAD_REQUEST: 'Requisição inválida.',
  UNAUTHORIZED: 'Faça login para continuar.',
  UNAUTHORIZED_expired: 'Sua sessão expirou. Faça login novamente.',
  FORBIDDEN: 'Você não tem permissão para esta ação.',
  ORIGIN_FORBIDDEN: 'Acesso direto à API não é permitido.',
  NOT_FOUND: 'Não encontrado.',
  METHOD_NOT_ALLOWED: 'Esta ação não é permitida aqui.',
  CONFLICT: 'Esta ação conflita com o estado atual. Atualize a página e tente novamente.',
  PAYLOAD_TOO_LARGE: 'Arquivo muito grande — Tamanho máximo permitido: 1GB',
  PAYLOAD_TOO_LARGE_stem: 'Arquivo muito grande — Limite de 1GB',
  PAYLOAD_TOO_LARGE_recording: 'Gravação muito longa. Grave um trecho mais curto.',
  RATE_LIMIT: 'Muitas solicitações — aguarde alguns segundos e tente novamente.',
  RATE_LIMIT_posts: 'Muitas publicações — aguarde alguns minutos e tente novamente.',
  RATE_LIMIT_anonymous:
    'Muitas solicitações — o limite de {{limit}} gerações por dia sem login foi atingido. Entre na sua conta para continuar.',
  SERVER_ERROR: 'Problema temporário no servidor. Tente novamente.',
  SERVICE_UNAVAILABLE: 'Serviço temporariamente indisponível. Tente novamente.',
  NETWORK_ERROR: 'Sem conexão com o servidor. Verifique sua internet e tente novamente.',

  // Requests
  VALIDATION_ERROR: 'Dados inválidos. Confira e tente novamente.',
  VALIDATION_ERROR_field: 'Dados inválidos em “{{field}}”. Confira e tente novamente.',
  // Request fields (zod messages that are codes: shared/errors.ts issueCode)
  PROMPT_REQUIRED: 'Prompt necessário — Digite sua pergunta para o Neural Engine V2',
  COINS_AMOUNT_INVALID: 'Digite um valor válido',
  COINS_AMOUNT_NOT_WHOLE: 'Digite um valor válido: use um número inteiro de dólares.',
  COINS_AMOUNT_TOO_LOW: 'Digite um valor válido: o mínimo é {{minimum, number}}.',
  COINS_AMOUNT_TOO_HIGH: 'Digite um valor válido: o máximo é {{maximum, number}}.',
  DESCRIPTION_REQUIRED: 'Descreva a música que você quer gerar.',
  STYLE_INVALID: 'Estilo inválido: escolha um dos estilos da lista.',
  DURATION_INVALID: 'Duração inválida: use 30, 60, 90 ou 120 segundos.',
  SPLIT_UPLOAD_REQUIRED: 'Envie o arquivo de áudio antes de separar.',
  RATING_RANGE: 'A avaliação é de 1 a 5.',
  REQUIRED_FIELDS: 'Preencha todos os campos obrigatórios.',
  PRICE_NOT_POSITIVE: 'O preço deve ser maior que zero.',
  PRICE_DECIMALS: 'Use no máximo 2 casas decimais.',
  TRACK_DURATION_INVALID: "Duração inválida: use 'm:ss' ou segundos (até 60:00).",
  BPM_NOT_WHOLE: 'BPM deve ser um número inteiro.',
  BPM_OUT_OF_RANGE: 'O BPM deve estar entre 40 e 250.',
  MUSICAL_KEY_INVALID: 'Tom inválido: use a tônica e o modo em inglês (ex.: A minor, C major).',
  REQUEST_TOO_LARGE: 'A requisição é grande demais.',
  INVALID_JSON: 'O corpo da requisição não é JSON válido.',
  MISSING_PARAMETER: 'Parâmetro ausente: {{name}}.',
  INVALID_PARAMETER: 'Parâmetro inválido: {{name}} (máximo de {{max}} caracteres).',
  INVALID_CURSOR: 'Cursor inválido: recarregue a lista.',
  // Catalogue search (GET /api/projects, shared/schemas/catalogue.ts); `field` is the parameter's name
  CATALOGUE_NUMBER_INVALID: 'Busca no catálogo: “{{field}}” precisa ser um número.',
  CATALOGUE_NUMBER_TOO_SMALL: 'Busca no catálogo: “{{field}}” vai de {{minimum, number}} para cima.',
  CATALOGUE_NUMBER_TOO_LARGE: 'Busca no catálogo: “{{field}}” vai até {{maximum, number}}.',
  CATALOGUE_FLAG_INVALID: 'Busca no catálogo: “{{field}}” aceita 1 ou 0.',
  CATALOGUE_LIST_TOO_LONG: 'Busca no catálogo: itens demais em “{{field}}”.',
  CATALOGUE_GENRE_UNKNOWN: 'Busca no catálogo: gênero desconhecido.',
  CATALOGUE_CREATOR_INVALID: 'Busca no catálogo: criador inválido.',
  CATALOGUE_UNKNOWN_PARAMETER: 'Busca no catálogo: o endereço tem um parâmetro desconhecido.',
  CATALOGUE_SEARCH_TOO_LONG: 'A busca tem no máximo {{maximum, number}} caracteres.',
  CATALOGUE_SORT_INVALID: 'Busca no catálogo: ordem desconhecida.',
  CATALOGUE_RANGE_REVERSED: 'Busca no catálogo: o mínimo de “{{field}}” passa do máximo.',
  CATALOGUE_COMPATIBLE_NEEDS_KEY: 'Busca no catálogo: escolha um tom para ver os tons compatíveis.',
  CREATOR_ONLY: 'Apenas criadores podem fazer isso.',
  STUDIO_STAFF_ONLY: 'Apenas a equipe do estúdio pode ver as solicitações.',

  // Wallet and payments
  INSUFFICIENT_FUNDS: 'Saldo de 5D Coins insuficiente.',
  INSUFFICIENT_FUNDS_hire:
    'Saldo insuficiente: a contratação custa {{needed, number}} 5D Coins e você tem {{balance, number}}.',
  INSUFFICIENT_FUNDS_plan:
    'As gerações do seu plano deste mês acabaram e seu saldo não cobre {{amount, number}} 5D Coins por geração. Compre 5D Coins para continuar.',
  INSUFFICIENT_FUNDS_coins:
    'Gerar uma música custa {{amount, number}} 5D Coins e seu saldo não cobre. Assine um plano ou compre 5D Coins para continuar.',
  INVALID_AMOUNT: 'O valor em 5D Coins deve ser um número inteiro maior que zero.',
  INVALID_IDEMPOTENCY_KEY: 'Chave de idempotência inválida.',
  SPEND_NOT_FOUND: 'Gasto não encontrado.',
  PAYMENTS_UNAVAILABLE: 'Pagamentos indisponíveis no momento. Tente novamente mais tarde.',
  CHECKOUT_FAILED: 'Não foi possível iniciar o pagamento. Tente novamente.',
  CHECKOUT_IN_PROGRESS: 'Seu checkout já está sendo aberto. Tente novamente em instantes.',
  INVALID_SIGNATURE: 'Assinatura do webhook inválida.',
  MALFORMED_EVENT: 'Evento do Stripe malformado ({{event}}): {{detail}}.',
  PLAN_ON_REQUEST: 'O plano Enterprise é sob consulta: fale com a nossa equipe.',
  PLAN_INVALID: 'Plano inválido: escolha um dos planos da página de preços.',
  PAYMENT_AMOUNT_INVALID: 'O valor deve ser um número maior que zero.',
  PAYMENT_AMOUNT_TOO_HIGH: 'Valor acima do permitido.',
  PAYMENT_CURRENCY_INVALID: 'A moeda de pagamento é o real (BRL).',

  // Accounts and profiles
  PROFILE_NOT_FOUND: 'Perfil não encontrado.',
  CREATOR_NOT_FOUND: 'Criador não encontrado.',
  FAVORITE_NOT_FOUND: 'Favorito não encontrado.',

  // Marketplace and orders
  PROJECT_NOT_FOUND: 'Projeto não encontrado.',
  PROJECT_NOT_FOUND_gone: 'Este beat não existe mais.',
  BEAT_HAS_NO_AUDIO: 'Este beat não tem áudio.',
  OWN_PROJECT: 'Você não pode comprar ou contratar o seu próprio projeto.',
  PROJECT_WITHOUT_PRICE: 'Este projeto não tem preço definido.',
  ORDER_NOT_FOUND: 'Pedido não encontrado.',
  ORDER_NOT_PENDING: 'Este pedido já foi entregue.',
  ORDER_NOT_DELIVERED: 'O criador ainda não entregou este pedido.',
  ORDER_NOT_DELIVERED_rate: 'Avalie depois da entrega.',
  ORDER_ALREADY_RATED: 'Este pedido já foi avaliado.',
  HIRE_NO_PRICE: 'Este projeto não tem preço para contratação.',
  HIRE_DEADLINE_PASSED: 'O prazo de entrega deste pedido acabou e o cliente foi reembolsado.',
  ORDER_NOT_PAID: 'Este pedido não foi pago: não há o que entregar.',
  ORDER_NOT_PAID_accept: 'Este pedido não tem pagamento em garantia.',
  ORDER_NOT_DECLINABLE: 'Só um pedido pago e ainda não entregue pode ser recusado.',
  ORDER_ALREADY_ACCEPTED: 'Esta entrega já foi aceita.',

  // Files and uploads
  FILE_NOT_FOUND: 'Arquivo não encontrado.',
  FILE_NOT_FOUND_audio: 'Arquivo de áudio não encontrado. Envie o arquivo antes de publicar.',
  FILE_NOT_FOUND_cover: 'Imagem de capa não encontrada. Envie a imagem antes de publicar.',
  FILE_NOT_FOUND_delivery: 'Arquivo de entrega não encontrado. Envie o arquivo antes de entregar.',
  FILE_NOT_FOUND_master:
    'Master WAV: o envio não foi concluído ou o arquivo não existe mais. Envie o arquivo novamente.',
  FILE_NOT_FOUND_stem:
    'Stems: o envio não foi concluído ou o arquivo não existe mais. Envie o arquivo novamente.',
  FILE_NOT_OWNED: 'Este arquivo não é um envio seu.',
  INVALID_FILE_KEY: 'O arquivo precisa ser um envio seu.',
  INVALID_FILE_TYPE:
    'Arquivo inválido — Tipos aceitos: áudio, vídeo, imagem, PDF, TXT, JSON, XML, DOC e DOCX',
  INVALID_FILE_TYPE_audio: 'Arquivo inválido — Por favor, selecione um arquivo de áudio válido',
  INVALID_FILE_TYPE_image: 'Arquivo inválido — Por favor, selecione uma imagem válida',
  INVALID_FILE_TYPE_wav: 'Arquivo inválido — O master precisa ser um arquivo WAV (.wav)',
  INVALID_FILE_TYPE_stems: 'Arquivo inválido — Envie os stems como arquivos WAV ou um único ZIP',
  INVALID_FILE_TYPE_mixed: 'Stems: envie vários WAVs ou um único ZIP, não os dois.',
  EMPTY_FILE: 'Arquivo vazio — Selecione um arquivo com conteúdo',
  UPLOAD_NOT_FOUND: 'Envio não encontrado.',
  UPLOAD_NOT_OPEN: 'Este envio já foi encerrado. Comece um novo envio.',
  UPLOAD_NOT_COMPLETE: 'O envio ainda não foi concluído.',
  UNKNOWN_PARTS: 'Partes inexistentes neste envio (1–{{total}}): {{parts}}.',
  MISSING_PARTS: 'Partes ainda não confirmadas: {{parts}}.',
  PARTS_REJECTED: 'O armazenamento recusou as partes enviadas. Envie o arquivo novamente.',
  SIZE_MISMATCH: 'O tamanho do arquivo enviado não confere com o declarado. Envie o arquivo novamente.',

  // Audio
  UNSUPPORTED_AUDIO: 'Formato de áudio não suportado: envie WAV, MP3, FLAC ou OGG.',
  AUDIO_CORRUPT: 'O arquivo de áudio está corrompido e não pôde ser lido. Exporte-o de novo e envie.',
  AUDIO_TRUNCATED: 'O arquivo de áudio está incompleto (termina antes do fim). Envie o arquivo completo.',
  AUDIO_EMPTY: 'O arquivo de áudio não tem som suficiente para processar.',
  INVALID_AUDIO: 'Arquivo de áudio inválido: {{detail}}',

  // Generation
  TASK_NOT_FOUND: 'Tarefa não encontrada — tente gerar novamente.',
  INPUT_POLICY: "Remova nomes de artistas/bandas e tags de produtor (como 'DJ X on the beat') do seu prompt.",
  INPUT_POLICY_artist: 'Remova nomes de artistas/bandas do seu prompt.',
  INPUT_POLICY_producer: "Remova tags de produtor como 'DJ X on the beat'.",

  // AI tools
  AI_QUOTA_EXCEEDED: 'Limite de quota da API OpenAI excedido. Verifique seu plano e detalhes de cobrança.',
  AI_UNAUTHORIZED: 'A chave da API de IA foi recusada pelo provedor. Verifique a configuração.',
  AI_TIMEOUT: 'O serviço de IA demorou demais para responder. Tente novamente em alguns instantes.',
  AI_UNAVAILABLE: 'O serviço de IA está indisponível no momento. Tente novamente em alguns instantes.',
  AI_UNAVAILABLE_failed: 'Erro no processamento neural',
  AI_RATE_LIMIT: 'Muitas solicitações ao serviço de IA — aguarde alguns segundos e tente novamente.',
  AI_EMPTY_RESPONSE: 'Resposta vazia do servidor neural',
  AI_NO_RESPONSE: 'Processamento concluído sem resposta',
  AI_KEY_REQUIRED:
    'A entrada por voz precisa do serviço de fala configurado, e ele não está configurado neste ambiente. Operador: defina {{setting}}.',
  NO_AUDIO_DETECTED: 'Nenhum áudio detectado — Tente gravar novamente',
  AUDIO_NOT_BASE64: 'A gravação chegou corrompida. Tente gravar novamente.',
  INPUT_REQUIRED: 'Input necessário — Digite sua solicitação para processar',
  NO_SYLLABLES: 'Input necessário — Digite uma letra com vogais para cantar',
  NO_TRACKS: 'Escolha ao menos uma faixa para exportar.',
  OSC_SEND_FAILED: 'Não foi possível enviar o comando OSC para {{host}}:{{port}}.',
  OSC_SEND_FAILED_sync: 'Não foi possível sincronizar os parâmetros com {{host}}:{{port}}.',
  AUDIO_FEATURES_REQUIRED: 'Selecione um arquivo de áudio primeiro.',
  UPLOAD_REFERENCE_REQUIRED: 'Envie o arquivo antes de analisar.',

  // Licences, offers and coupons
  BEAT_SOLD: 'Este beat foi vendido com exclusividade e não está mais à venda.',
  EXCLUSIVE_UNAVAILABLE:
    'A licença exclusiva desta faixa está reservada por outro comprador. Tente novamente em alguns minutos.',
  EXCLUSIVE_UNAVAILABLE_sold: 'Esta faixa já foi vendida com licença exclusiva.',
  TIER_UNAVAILABLE: 'Esta licença não está disponível para este beat.',
  LICENCE_NOT_FOUND: 'Licença não encontrada.',
  STEMS_UNAVAILABLE: 'Os stems deste beat ainda não estão disponíveis.',
  MASTER_MISSING: 'O produtor ainda não enviou o WAV deste beat.',
  STEMS_FAILED: 'Não foi possível preparar os stems. Tente novamente.',
  STEMS_FAILED_stale: 'A preparação dos stems demorou demais. Tente novamente.',
  STEMS_FAILED_master:
    'O master deste beat está danificado e não dá para separar os stems dele. Fale com o suporte.',
  STEMS_FAILED_changed:
    'O produtor atualizou os arquivos deste beat enquanto os stems eram preparados. Tente novamente.',
  STEMS_FAILED_size: 'Os stems passam de 4 GB, o limite do ZIP de download. Fale com o suporte.',
  MP3_FAILED: 'Não foi possível preparar o MP3 deste beat. Tente novamente.',
  MP3_FAILED_stale: 'A preparação do MP3 demorou demais. Tente novamente.',
  OWN_BEAT_OFFER: 'Você não pode fazer oferta no seu próprio beat.',
  OFFERS_CLOSED: 'Este produtor não aceita ofertas neste beat.',
  OFFER_NOT_BELOW_PRICE: 'A oferta deve ser menor que o preço da licença.',
  OFFER_BELOW_MINIMUM: 'A oferta mínima para este beat é {{minimum, currency(BRL)}}.',
  OFFER_NOT_FOUND: 'Oferta não encontrada.',
  OFFER_CONFLICT: 'Esta oferta já foi respondida.',
  OFFER_CONFLICT_paid: 'Esta oferta já foi paga.',
  OFFER_NOT_ACCEPTED: 'Esta oferta ainda não foi aceita.',
  OFFER_EXPIRED: 'O prazo de {{hours, number}} h para pagar esta oferta terminou.',
  COUNTER_NOT_ABOVE_OFFER: 'A contraproposta deve ser maior que a oferta.',
  COUNTER_ABOVE_PRICE: 'A contraproposta não pode passar do preço.',
  INVALID_COUPON: 'Cupom inválido.',
  INVALID_COUPON_expired: 'Este cupom expirou.',
  INVALID_COUPON_exhausted: 'Este cupom atingiu o limite de usos.',
  INVALID_COUPON_tier: 'Este cupom não vale para esta licença.',
  INVALID_COUPON_offer: 'Cupons não valem sobre uma oferta aceita.',
  COUPON_CODE_REQUIRED: 'Informe o código do cupom.',
  TIER_INVALID: 'Licença inválida: use mp3, wav, trackout ou exclusive.',
  TERM_LIMIT_INVALID:
    'Limite de uso inválido: use um número inteiro de 0 a 1.000.000.000 ou deixe vazio para ilimitado.',
  CREDIT_TOO_LONG: 'O crédito pode ter no máximo 200 caracteres.',
  PRICE_NOT_NUMBER: 'O preço deve ser um número.',
  PRICE_TOO_LOW: 'O preço mínimo é R$ 1,00.',
  PRICE_TOO_HIGH: 'Preço acima do permitido (máximo de R$ 1.000.000,00).',
  MIN_OFFER_TOO_LOW: 'A oferta mínima deve ser um valor de pelo menos R$ 1,00.',
  MIN_OFFER_TOO_HIGH: 'Oferta mínima acima do permitido (máximo de R$ 1.000.000,00).',
  STEMS_TOO_MANY: 'Anexe no máximo {{maximum, number}} stems (ou um ZIP).',
  COUPON_CODE_FORMAT: 'Código do cupom: de 3 a 32 letras, números, - ou _.',
  COUPON_KIND_INVALID: 'Tipo de desconto inválido: percentual ou valor fixo.',
  COUPON_VALUE_INVALID: 'O desconto deve ser um número maior que zero.',
  COUPON_VALUE_TOO_HIGH: 'Desconto acima do permitido.',
  COUPON_PERCENT_TOO_HIGH: 'A porcentagem deve ser no máximo 100.',
  COUPON_EXPIRY_INVALID: 'Data de expiração inválida.',
  COUPON_USES_INVALID:
    'O limite de usos deve ser um número inteiro de 1 a 1.000.000 (ou vazio para ilimitado).',
  COUPON_TIERS_INVALID: 'Escolha até quatro licenças para o cupom (mp3, wav, trackout, exclusive).',
  COUPON_EXISTS: 'Você já tem um cupom com este código.',
  COUPON_NOT_FOUND: 'Cupom não encontrado.',
  COUPON_ALREADY_EXPIRED: 'A data de expiração já passou.',
  // Competition entries (issue 18)
  COMPETITION_NOT_FOUND: 'Competição não encontrada.',
  COMPETITION_NOT_STARTED: 'Esta competição ainda não começou. Volte quando as inscrições abrirem.',
  COMPETITION_FINISHED: 'Esta competição já terminou e não aceita mais inscrições.',
  COMPETITION_FULL: 'Todas as vagas desta competição foram preenchidas.',
  COMPETITION_ALREADY_ENTERED: 'Você já está inscrito nesta competição com “{{title}}”.',
  COMPETITION_TRACK_NOT_FOUND: 'Faixa não encontrada. Escolha uma das suas faixas publicadas.',
  COMPETITION_TRACK_NOT_YOURS: 'Só é possível inscrever uma faixa que você mesmo publicou.',
  COMPETITION_TRACK_SOLD: 'Esta faixa foi vendida com licença exclusiva e não pode ser inscrita.',
  // Text people type (shared/text-input.ts): `label` is the field's label in the reader's language
  TEXT_CONTROL_CHARACTERS:
    '“{{label}}” contém caracteres de controle invisíveis. Apague-os (ou digite o texto de novo) e tente outra vez.',
  TEXT_BIDI_CONTROLS:
    '“{{label}}” contém caracteres invisíveis que invertem a direção do texto. Apague-os e tente outra vez.',
  TEXT_TOO_LONG:
    '“{{label}}” pode ter no máximo {{maximum, number}} caracteres (agora tem {{length, number}}).',
  TEXT_REQUIRED: 'Preencha “{{label}}”.',
} as const;

export default apiErrorsPtBR;

/** Every key of the catalogue, variants included. */
export type ApiErrorKey = keyof typeof apiErrorsPtBR;
/** The codes the API answers with (`error.code`): every key that is not `<another key>_<context>`. */
export type ApiErrorCode = Exclude<ApiErrorKey, `${ApiErrorKey}_${Lowercase<string>}`>;
