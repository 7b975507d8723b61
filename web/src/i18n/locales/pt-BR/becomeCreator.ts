/** Become-creator page (/become-creator), spec 2 §2. */
const becomeCreator = {
  badge: 'Programa de criadores',
  title: 'Transforme sua música em renda',
  subtitle:
    'Venda beats, projetos e assinaturas para artistas do Brasil e do mundo, com ferramentas de IA e um Creator Hub completo.',
  apply: 'CANDIDATAR-SE',
  explore: 'Explorar o Marketplace',
  approval: 'Aprovação em até 48h',
  benefitsTitle: 'Por que criar na 5D',
  benefits: {
    sell: { title: 'Venda do seu jeito', text: 'Beats, projetos sob encomenda e assinaturas mensais.' },
    hub: { title: 'Creator Hub', text: 'Receita, pedidos, ranking e conquistas em um só painel.' },
    ai: { title: 'Ferramentas de IA', text: 'Gere ideias, separe stems e acelere sua produção.' },
  },
  stepsTitle: 'Como funciona',
  steps: {
    signup: { title: 'Cadastre-se como criador', text: 'Escolha o tipo de conta Criador no cadastro.' },
    review: { title: 'Aprovação em até 48h', text: 'Nossa equipe analisa seu perfil em até 48 horas.' },
    sell: { title: 'Publique e venda', text: 'Envie seus produtos e receba 85% de cada venda.' },
  },
  faqTitle: 'Perguntas frequentes',
  faq: {
    how: {
      question: 'Como me torno um criador?',
      answer:
        'Clique em CANDIDATAR-SE, crie sua conta com o tipo Criador e aguarde a aprovação, que leva até 48h.',
    },
    fees: {
      question: 'Quais são as taxas?',
      answer: 'A 5D fica com 15% de cada venda; você recebe 85%. Não há mensalidade para vender.',
    },
    rights: {
      question: 'Quem fica com os direitos das minhas músicas?',
      answer: 'Você continua dono das suas obras. A licença de cada venda é definida no produto.',
    },
  },
  finalTitle: 'Pronto para começar?',
  finalCta: 'Iniciar minha jornada criativa!',
};
export default becomeCreator;
