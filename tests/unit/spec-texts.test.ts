import { readdirSync } from 'node:fs';
import path from 'node:path';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import enUSShell from '../../web/src/i18n/locales/en-US';
import esESShell from '../../web/src/i18n/locales/es-ES';
import ptBRShell from '../../web/src/i18n/locales/pt-BR';

/**
 * The exact texts the spec quotes (the product spec, screens of the core platform and of the AI tools and studio:
 * toasts, titles, buttons, empty states, error catalogues), each pinned at the catalogue key the screens
 * use, so an edit of a pt-BR catalogue cannot silently drift from the spec. en-US and es-ES must hold a
 * non-empty text at the same key with the same placeholders.
 */
const SPEC_TEXTS: Record<string, string> = {
  'coins.loggedOut': 'Faça login para acessar suas 5D Coins',
  'coins.historyTitle': 'Últimas 20 transações',
  'coins.invalidAmount': 'Digite um valor válido',
  'marketplace.rareEmpty': 'Nenhuma oferta rara no momento. Volte em breve!',
  'marketplace.pageOf': 'Página {{page}} de {{pages}}',
  'history.pageOf': 'Página {{page}} de {{pages}}',
  'history.clearConfirm': 'Tem certeza que deseja limpar todo o histórico?',
  'generate.save': 'Salvar no Histórico',
  'history.export': 'Exportar JSON',
  'history.clear': 'Limpar histórico',
  'history.colTitle': 'Título',
  'history.colStatus': 'Status',
  'history.colCreatedAt': 'Criado em',
  'history.colPreview': 'Preview',
  'history.previous': 'Anterior',
  'history.next': 'Próxima',
  'marketplace.previous': 'Anterior',
  'marketplace.next': 'Próxima',
  'generate.bannerError': 'Erro',
  'generate.bannerWarning': 'Atenção',
  'generate.notices.inputPolicyArtist': 'Remova nomes de artistas/bandas do seu prompt.',
  'generate.notices.inputPolicyProducerTag': "Remova tags de produtor como 'DJ X on the beat'.",
  'generate.notices.taskNotFound': 'Tarefa não encontrada — tente gerar novamente.',
  'generate.notices.timeoutRefunded': 'Tempo esgotado — seus créditos foram reembolsados automaticamente.',
  'generate.notices.timeout': 'Tempo esgotado — tente novamente.',
  'generate.notices.rateLimit': 'Muitas solicitações — aguarde alguns segundos e tente novamente.',
  'generate.notices.serverError': 'Problema temporário no servidor. Tente novamente.',
  'generate.notices.unknown': 'Ocorreu um erro. Tente novamente.',
  'generate.notices.generationFailed': 'Falha ao gerar música.',
  'common.loading': 'Carregando...',
  'auth.tabSignIn': 'Entrar',
  'auth.tabSignUp': 'Cadastrar',
  'auth.loginError': 'Erro no login',
  'auth.loginSuccess': 'Login realizado com sucesso!',
  'auth.loginSuccessDescription': 'Redirecionando para o dashboard...',
  'auth.signUpError': 'Erro no cadastro',
  'auth.signUpSuccess': 'Cadastro realizado com sucesso!',
  'auth.signUpSuccessDescription': 'Verifique seu email para confirmar a conta.',
  'pricing.loginTitle': 'Faça login',
  'pricing.loginDescription': 'Entre para assinar um plano.',
  'pricing.noUrl': 'Não foi possível iniciar o checkout.',
  'pricing.checkoutErrorTitle': 'Erro no checkout',
  'pricing.tryAgain': 'Tente novamente.',
  'marketplace.checkout.paymentError': 'Erro no pagamento',
  'marketplace.checkout.paymentErrorDescription': 'Não foi possível processar o pagamento. Tente novamente.',
  'marketplace.checkout.paymentNoUrl': 'Não foi possível criar a sessão de pagamento',
  'marketplace.checkout.processing': 'Processando pagamento...',
  'marketplace.checkout.processingDescription': 'Redirecionando para o checkout seguro',
  'dashboardHub.upload.needLogin': 'Você precisa estar logado para postar produtos.',
  'dashboardHub.upload.requiredTitle': 'Campos obrigatórios',
  'dashboardHub.upload.required': 'Preencha todos os campos obrigatórios.',
  'dashboardHub.upload.error': 'Ocorreu um erro ao publicar seu produto. Tente novamente.',
  'dashboardHub.upload.successTitle': 'Produto publicado!',
  'dashboardHub.upload.success': 'Seu produto foi publicado com sucesso no marketplace.',
  'dashboardHub.loadError': 'Não foi possível carregar seus dados',
  'collection.removeError': 'Não foi possível remover dos favoritos',
  'collection.removed': 'Removido',
  'collection.removedDescription': 'Item removido dos favoritos',
  'coins.loadError': 'Erro ao carregar dados das 5D Coins',
  'coins.checkoutError': 'Erro ao criar checkout',
  'coins.purchaseError': 'Erro ao processar compra',
  'collection.favorites': 'Favoritos',
  'collection.purchases': 'Compras',
  'collection.subscriptions': 'Assinaturas',
  'collection.order': 'Pedido #{{id}}',
  'collection.premium': 'Assinatura Premium',
  'collection.start': 'Início',
  'collection.nextBilling': 'Próxima cobrança',
  'marketplace.title': 'CREATORHUB',
  'marketplace.tabAll': 'Todos',
  'marketplace.tabRare': 'Drops Raros',
  'marketplace.fewerGenres': 'Menos',
  'marketplace.buy': 'Comprar',
  'marketplace.rareBadge': 'DROP RARO',
  'marketplace.viewOffer': 'Ver Oferta',
  'marketplace.expired': 'Expirado',
  'marketplace.apply': 'Aplicar Filtros',
  'marketplace.clear': 'Limpar',
  'marketplace.rareWindow': 'até 72h',
  'marketplace.linkCourses': 'Cursos',
  'marketplace.linkMentoring': 'Mentorias',
  'marketplace.linkSamples': 'Samples',
  'marketplace.linkPresets': 'Presets',
  'dashboardHub.creator.revenue': 'Receita Total',
  'dashboardHub.creator.orders': 'Pedidos',
  'dashboardHub.creator.rating': 'Avaliação',
  'dashboardHub.creator.completion': 'Taxa de Conclusão',
  'dashboardHub.creator.inProgress': 'Em Andamento',
  'dashboardHub.creator.waiting': 'Aguardando',
  'dashboardHub.creator.planned': 'Planejado',
  'dashboardHub.creator.specialtyValue': 'Produção Musical',
  'dashboardHub.creator.verified': 'Verificado',
  'dashboardHub.creator.active': 'Ativo',
  'dashboardHub.creator.inactive': 'Inativo',
  'dashboardHub.creator.proBadge': 'Pro Creator',
  'dashboardHub.client.download': 'Download',
  'dashboardHub.client.rate': 'Avaliar',
  'dashboardHub.creator.toolStudio': 'Studio Tools',
  'dashboardHub.creator.toolAnalyzer': 'AI Analyzer',
  'dashboardHub.creator.toolMarket': 'Market Insights',
  'common.back': 'Voltar',
  'aiStudio.activeCount': '6 AIs Ativas',
  'aiStudio.hero': '5D NEURAL STUDIO',
  'competitions.tabs.active': 'Ativas',
  'competitions.tabs.finished': 'Finalizadas',
  'competitions.tabs.ranking': 'Ranking',
  'competitions.join': 'Participar Agora',
  'competitions.contract.cancel': 'Cancelar',
  'competitions.contract.agree': 'Concordo e continuar',
  'community.tabs.feed': 'Feed',
  'community.tabs.trending': 'Trending',
  'community.tabs.members': 'Membros',
  'community.composer.publish': 'Publicar',
  'community.sidebar.createGroup': 'Criar Grupo',
  'community.sidebar.events': 'Eventos',
  'settings.sections.profile': 'Perfil',
  'settings.sections.notifications': 'Notificações',
  'settings.sections.privacy': 'Privacidade & Segurança',
  'settings.sections.appearance': 'Aparência',
  'settings.sections.audio': 'Áudio',
  'settings.sections.language': 'Idioma & Região',
  'settings.sections.data': 'Dados & Armazenamento',
  'creator.topBeats': 'Top Beats',
  'becomeCreator.apply': 'CANDIDATAR-SE',
  'becomeCreator.finalCta': 'Iniciar minha jornada criativa!',
  'aiStudio.neural.promptRequiredTitle': 'Prompt necessário',
  'aiStudio.neural.promptRequiredText': 'Digite sua pergunta para o Neural Engine V2',
  'aiStudio.neural.errorTitle': 'Erro Neural',
  'aiStudio.neural.retry': 'Tente novamente em alguns momentos.',
  'aiStudio.generic.inputRequiredTitle': 'Input necessário',
  'aiStudio.generic.inputRequiredText': 'Digite sua solicitação para processar',
  'aiStudio.generic.errorTitle': 'Erro no processamento',
  'aiStudio.generic.errorText': 'Tente novamente em alguns instantes',
  'splitter.invalidTitle': 'Arquivo inválido',
  'splitter.invalidText': 'Por favor, selecione um arquivo de áudio válido',
  'splitter.tooLargeTitle': 'Arquivo muito grande',
  'splitter.tooLargeText': 'Limite de 1GB',
  'splitter.splitErrorTitle': 'Erro na separação',
  'splitter.splitErrorText': 'Não foi possível processar. Tente novamente.',
  'splitter.linkUnavailableTitle': 'Link indisponível',
  'splitter.linkUnavailableText': 'Tente processar novamente.',
  'chat.errors.chatTitle': 'Erro no Chat',
  'chat.errors.chatText': 'Não foi possível enviar a mensagem',
  'chat.errors.micTitle': 'Erro no microfone',
  'chat.errors.micText': 'Não foi possível acessar o microfone',
  'chat.errors.tooLargeTitle': 'Arquivo muito grande',
  'chat.errors.tooLargeText': 'Tamanho máximo permitido: 1GB',
  'chat.errors.fileTitle': 'Erro no arquivo',
  'chat.errors.fileFallback': 'Falha no processamento',
  'chat.errors.notSignedIn': 'Usuário não autenticado',
  'chat.errors.transcriptionTitle': 'Erro na transcrição',
  'chat.errors.transcriptionText': 'Não foi possível processar o áudio',
  'chat.errors.noAudioTitle': 'Nenhum áudio detectado',
  'chat.errors.noAudioText': 'Tente gravar novamente',
  'chat.fallbackReply': 'Desculpe, não consegui processar sua mensagem.',
};

/**
 * Texts the spec quotes in English although pt-BR is the product's language: the original app's leftovers
 * (issue 18). pt-BR now says them in Portuguese; the spec's English wording lives on in en-US.
 */
const SPEC_ENGLISH_TEXTS: Record<string, string> = {
  'generate.composing': 'Composing your track…',
  'notFound.title': 'Oops! Page not found',
  'errorPage.title': 'Unexpected Application Error!',
  'collection.title': 'My Collection',
  'daw.ai.busy.analysis': 'Analyzing...',
  'daw.ai.busy.beats': 'Generating Beats...',
  'daw.ai.busy.melody': 'Creating Melody...',
  'daw.ai.busy.mixing': 'Analyzing Mix...',
  'daw.ai.busy.arrangement': 'Generating Arrangement...',
  'studio.home.title': 'Create. Learn. Release.',
  'studio.studio.learnMore': 'Learn More',
  'studio.studio.bookNow': 'Book Now',
  'studio.studio.close': 'Close',
  'studio.courses.seeAll': 'See All Courses',
  'studio.community.openDiscord': 'Open Discord',
  'studio.plans.choose': 'Choose Plan',
  'studio.community.perks.feedback.title': 'Feedback Circles',
  'studio.community.perks.collab.title': 'Collab Board',
  'studio.community.perks.release.title': 'Release Support',
  'studio.community.perks.discord.title': 'Private Discord',
  'studio.contact.hours': 'Mon–Sat 10:00–20:00',
  'studio.floating.book': 'Book',
  'studio.floating.join': 'Join',
  'studio.nav.book': 'Book a Session',
  'studio.booking.sent': 'Request sent',
  'studio.booking.sentDescription': 'We’ll confirm via email/WhatsApp.',
  'studio.contact.sent': 'Message sent',
  'studio.footer.subscribed': 'Subscribed',
  'legal.thankYou.title': 'Thank you!',
  'legal.thankYou.text': 'We received your request and will get back to you soon.',
  'legal.thankYou.back': 'Back to Studio',
  'daw.errors.midi': 'Failed to generate MIDI file',
  'daw.errors.connectionTitle': 'Connection Error',
  'daw.errors.osc': 'Failed to send OSC command',
  'daw.errors.project': 'Failed to export project data',
  'daw.errors.noFile': 'Please select an audio file first',
  'daw.errors.analysisTitle': 'Analysis Error',
  'daw.errors.analysis': 'Failed to analyze audio',
  'daw.errors.generationTitle': 'Generation Error',
  'daw.errors.beats': 'Failed to generate beats',
  'daw.errors.creationTitle': 'Creation Error',
  'daw.errors.melody': 'Failed to create melody',
  'daw.errors.mixingTitle': 'Mixing Error',
  'daw.errors.mixing': 'Failed to analyze mix',
  'daw.errors.arrangementTitle': 'Arrangement Error',
  'daw.errors.arrangement': 'Failed to generate arrangement',
};

const localesDir = path.resolve(import.meta.dirname, '../../web/src/i18n/locales');
async function fullCatalogue(language: string, shell: object): Promise<Record<string, unknown>> {
  const catalogue: Record<string, unknown> = { ...shell };
  for (const file of readdirSync(path.join(localesDir, language)).filter((f) => f.endsWith('.ts'))) {
    const module = (await import(path.join(localesDir, language, file))) as { default: unknown };
    catalogue[file.replace(/\.ts$/, '')] = module.default;
  }
  return catalogue;
}
const catalogues = {
  'pt-BR': await fullCatalogue('pt-BR', ptBRShell),
  'en-US': await fullCatalogue('en-US', enUSShell),
  'es-ES': await fullCatalogue('es-ES', esESShell),
};

function valueAt(catalogue: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], catalogue);
}

const placeholders = (text: unknown) =>
  typeof text === 'string' ? [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort() : [];

describe('spec texts in the pt-BR catalogues', () => {
  it.each(Object.entries(SPEC_ENGLISH_TEXTS))(
    '%s: pt-BR translates it, en-US keeps the spec text',
    (key, text) => {
      expect(valueAt(catalogues['pt-BR'], key)).not.toBe(text);
      expect(valueAt(catalogues['en-US'], key)).toBe(text);
    },
  );

  it.each(Object.entries(SPEC_TEXTS))('%s is exactly the spec text', (key, text) => {
    expect(valueAt(catalogues['pt-BR'], key)).toBe(text);
  });

  it.each(['en-US', 'es-ES'] as const)(
    '%s translates every one of them with the same placeholders',
    (language) => {
      for (const [key, text] of Object.entries(SPEC_TEXTS)) {
        const translated = valueAt(catalogues[language], key);
        expect(typeof translated === 'string' && translated.trim() !== '', `${language} ${key}`).toBe(true);
        expect(placeholders(translated), `${language} ${key}`).toEqual(placeholders(text));
      }
    },
  );
});

describe('counts of zero in pt-BR', () => {
  // Portuguese plural rules put 0 in 'one' ('0 beat encontrado'); the screens say it in the plural.
  it.each([
    ['marketplace.resultCount', 0, '0 beats encontrados'],
    ['marketplace.resultCount', 1, '1 beat encontrado'],
    ['marketplace.resultCount', 12, '12 beats encontrados'],
    ['dashboardHub.creator.streakDays', 0, '0 dias'],
    ['dashboardHub.creator.streakDays', 1, '1 dia'],
  ] as const)('%s with count %d reads "%s"', async (key, count, text) => {
    const i18n = i18next.createInstance();
    await i18n.init({ lng: 'pt-BR', resources: { 'pt-BR': { translation: catalogues['pt-BR'] } } });
    expect(i18n.t(key, { count })).toBe(text);
  });
});
