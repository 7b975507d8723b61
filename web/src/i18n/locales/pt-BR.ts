import type studioPtBR from './pt-BR/studio';
import type coursesPtBR from './pt-BR/courses';
import type legalPtBR from './pt-BR/legal';
import type chatPtBR from './pt-BR/chat';
import type aiStudioPtBR from './pt-BR/aiStudio';
import type dawPtBR from './pt-BR/daw';
import type marketplacePtBR from './pt-BR/marketplace';
import type dashboardHubPtBR from './pt-BR/dashboardHub';
import type collectionPtBR from './pt-BR/collection';
import type pricingPtBR from './pt-BR/pricing';
import type coinsPtBR from './pt-BR/coins';
import type generatePtBR from './pt-BR/generate';
import type historyPtBR from './pt-BR/history';
import type splitterPtBR from './pt-BR/splitter';
import type landingPtBR from './pt-BR/landing';
import type competitionsPtBR from './pt-BR/competitions';
import type communityPtBR from './pt-BR/community';
import type settingsPtBR from './pt-BR/settings';
import type creatorPtBR from './pt-BR/creator';
import type becomeCreatorPtBR from './pt-BR/becomeCreator';
import type licensingPtBR from './pt-BR/licensing';
import type hiringPtBR from './pt-BR/hiring';
import type apiErrorsPtBR from './pt-BR/apiErrors';
import type ledgerPtBR from './pt-BR/ledger';
/** pt-BR: the product's default language and the shape every other catalogue must match. */
const ptBR = {
  common: {
    loading: 'Carregando...',
    back: 'Voltar',
    comingSoon: 'em breve',
    appName: '5D',
  },
  toasts: {
    region: 'Notificações',
    close: 'Fechar notificação',
  },
  header: {
    homeLink: '5D, página inicial',
    coins: '5D Coins',
    languageToggle: 'Idioma: {{current}}. Mudar para {{next}}',
    login: 'Entrar',
    dashboard: 'Dashboard',
    accountMenu: 'Abrir o dashboard de {{name}}',
    signOut: 'Sair',
    openMenu: 'Abrir menu',
    closeMenu: 'Fechar menu',
  },
  nav: {
    label: 'Navegação principal',
    home: 'Home',
    marketplace: 'Marketplace',
    aiStudio: 'AI Studio',
    competitions: 'Competições',
    community: 'Comunidade',
    coins: '5D Coins',
    dashboard: 'Dashboard',
    settings: 'Configurações',
  },
  home: {
    badge: 'Marketplace de música + estúdio com IA',
    title: 'Sua música em cinco dimensões',
    tagline:
      'Compre beats e projetos de criadores independentes, venda suas produções e crie com ferramentas de IA, tudo em um só lugar.',
    cta: 'Explorar o Marketplace',
    creatorCta: 'Quero ser criador',
  },
  auth: {
    title: 'Bem-vindo ao 5D',
    subtitle: 'Entre ou crie sua conta para comprar, vender e criar música.',
    tabsLabel: 'Entrar ou cadastrar',
    tabSignIn: 'Entrar',
    tabSignUp: 'Cadastrar',
    fullName: 'Nome completo',
    email: 'E-mail',
    password: 'Senha',
    passwordHint: 'Mínimo de 8 caracteres, com letras e números.',
    accountType: 'Tipo de conta',
    client: 'Cliente',
    clientDescription: 'Compre beats, contrate projetos e assine planos.',
    creator: 'Criador',
    creatorDescription: 'Venda beats e projetos e tenha o seu Creator Hub.',
    submitSignIn: 'Entrar',
    busySignIn: 'Entrando...',
    submitSignUp: 'Cadastrar',
    busySignUp: 'Cadastrando...',
    loginError: 'Erro no login',
    loginSuccess: 'Login realizado com sucesso!',
    loginSuccessDescription: 'Redirecionando para o dashboard...',
    loginSuccessReturning: 'Voltando para onde você estava...',
    signUpError: 'Erro no cadastro',
    signUpSuccess: 'Cadastro realizado com sucesso!',
    signUpSuccessDescription: 'Verifique seu email para confirmar a conta.',
    confirmTitle: 'Confirme seu e-mail',
    confirmDescription: 'Digite o código de 6 dígitos enviado para {{email}}.',
    confirmCode: 'Código de confirmação',
    confirmSubmit: 'Confirmar e entrar',
    confirmBusy: 'Confirmando...',
    confirmError: 'Erro na confirmação',
    resendCode: 'Reenviar código',
    resendBusy: 'Reenviando...',
    resendSuccess: 'Código reenviado',
    resendSuccessDescription: 'Enviamos um novo código para {{email}}.',
    resendError: 'Não foi possível reenviar o código',
    backToSignIn: 'Voltar para o login',
    unknownError: 'Ocorreu um erro. Tente novamente.',
    errors: {
      wrongCredentials: 'E-mail ou senha incorretos.',
      wrongCurrentPassword: 'A senha atual está incorreta.',
      passwordPolicy: 'A senha precisa ter no mínimo 8 caracteres, com letras e números.',
      emailTaken: 'Já existe uma conta com este e-mail. Entre com ela.',
      codeMismatch: 'Código incorreto. Confira o código de 6 dígitos e tente de novo.',
      codeExpired: 'O código expirou. Peça um novo código.',
      tooManyAttempts: 'Muitas tentativas. Aguarde alguns minutos e tente de novo.',
      notConfirmed: 'Confirme seu e-mail antes de entrar.',
      missingField: 'Preencha todos os campos.',
      invalidInput: 'Dados inválidos. Confira e tente de novo.',
      network: 'Sem conexão com o servidor. Verifique sua internet e tente de novo.',
    },
  },
  dashboard: {
    accessDeniedTitle: 'Acesso negado',
    accessDenied: 'Você precisa estar logado para acessar o dashboard.',
    goToLogin: 'Entrar',
    greeting: 'Olá, {{name}}!',
    clientHeading: 'Painel do cliente',
    creatorHeading: 'Creator Hub',
    profileTitle: 'Seu perfil',
    fullName: 'Nome',
    email: 'E-mail',
    accountType: 'Tipo de conta',
    memberSince: 'Membro desde',
    roleClient: 'Cliente',
    roleCreator: 'Criador',
    signOut: 'Sair',
  },
  titles: {
    page: '{{page}} — 5D',
    home: '5D — marketplace de música e estúdio com IA',
    auth: 'Entrar',
    marketplace: 'Marketplace',
    beat: 'Beat',
    competitions: 'Competições',
    competitionContract: 'Contrato da competição',
    competitionEnter: 'Inscrição na competição',
    community: 'Comunidade',
    settings: 'Configurações',
    creator: 'Criador',
    becomeCreator: 'Seja um criador',
    coins: '5D Coins',
    generate: 'Gerar música',
    history: 'Histórico',
    stemSplitter: 'Separador de stems',
    aiStudio: 'AI Studio',
    neuralEngine: 'Neural Engine',
    dashboard: 'Dashboard',
    myCollection: 'Minha coleção',
    plans: 'Planos',
    courses: 'Cursos',
    syllabus: 'Ementa do curso',
    privacy: 'Política de privacidade',
    terms: 'Termos de uso',
    thankYou: 'Obrigado',
    shifterStudio: 'Shifter Studio',
    notFound: 'Página não encontrada',
  },
  checkoutReturn: {
    nothingCharged: 'Nada foi cobrado.',
    coins: {
      success: 'Pagamento concluído',
      successDescription: 'Seus 5D Coins entram no saldo assim que a Stripe confirmar, em instantes.',
      cancel: 'Compra de 5D Coins cancelada',
    },
    plan: {
      success: 'Assinatura concluída',
      successDescription:
        'Seu plano e os 5D Coins do mês aparecem assim que a Stripe confirmar, em instantes.',
      cancel: 'Assinatura cancelada',
    },
    purchase: {
      success: 'Pagamento concluído',
      successDescription: 'Sua compra aparece em Minha coleção assim que a Stripe confirmar.',
      cancel: 'Pagamento cancelado',
    },
  },
  musicKeys: {
    notes: 'Dó,Dó#,Ré,Ré#,Mi,Fá,Fá#,Sol,Sol#,Lá,Lá#,Si',
    major: 'maior',
    minor: 'menor',
    name: '{{note}} {{mode}}',
  },
  notFound: {
    code: '404',
    title: 'Ops! Página não encontrada',
    home: 'Voltar para a página inicial',
  },
  errorPage: {
    title: 'Erro inesperado na aplicação!',
    status: 'Erro {{status}}',
    reload: 'Recarregar a página',
    home: 'Ir para a página inicial',
  },
} as const;

type Widen<T> = { -readonly [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

/**
 * Screen texts live in `pt-BR/<feature>.ts` and load with their screen (i18n/feature-texts.ts);
 * this file holds only what the shell shows on every page.
 */
interface FeatureTexts {
  studio: typeof studioPtBR;
  courses: typeof coursesPtBR;
  legal: typeof legalPtBR;
  chat: typeof chatPtBR;
  aiStudio: typeof aiStudioPtBR;
  daw: typeof dawPtBR;
  marketplace: typeof marketplacePtBR;
  dashboardHub: typeof dashboardHubPtBR;
  collection: typeof collectionPtBR;
  pricing: typeof pricingPtBR;
  coins: typeof coinsPtBR;
  generate: typeof generatePtBR;
  history: typeof historyPtBR;
  splitter: typeof splitterPtBR;
  landing: typeof landingPtBR;
  competitions: typeof competitionsPtBR;
  community: typeof communityPtBR;
  settings: typeof settingsPtBR;
  creator: typeof creatorPtBR;
  becomeCreator: typeof becomeCreatorPtBR;
  licensing: typeof licensingPtBR;
  hiring: typeof hiringPtBR;
  apiErrors: typeof apiErrorsPtBR;
  ledger: typeof ledgerPtBR;
}

/** Texts loaded at start, in every language (the compiler checks en-US and es-ES against this). */
export type ShellCatalogue = Widen<typeof ptBR>;
/** Every text of the app: the shell plus every feature (typed `t` keys, per-feature catalogues). */
export type Catalogue = ShellCatalogue & Widen<FeatureTexts>;

const catalogue: ShellCatalogue = ptBR;
export default catalogue;
