/** Landing page (/) below the hero: testimonials and footer (spec 1 §2). */
const landing = {
  testimonialsTitle: 'Quem cria com a 5D',
  testimonialsSubtitle: 'Produtores, artistas e estúdios que já usam a plataforma.',
  testimonials: {
    first: {
      quote: 'Vendi meus primeiros beats na primeira semana. O Creator Hub mostra tudo o que preciso.',
      name: 'Kaio Beats',
      role: 'Produtor de trap',
    },
    second: {
      quote: 'Encontro beats com licença clara em minutos e as ferramentas de IA aceleram minhas demos.',
      name: 'Marina Costa',
      role: 'Cantora e compositora',
    },
    third: {
      quote: 'As competições deram visibilidade ao nosso estúdio e trouxeram novos clientes.',
      name: 'Maré Studio',
      role: 'Estúdio de mixagem',
    },
  },
  footer: {
    tagline: 'Marketplace de música, criadores e estúdio com IA.',
    explore: 'Explorar',
    marketplace: 'Marketplace',
    competitions: 'Competições',
    community: 'Comunidade',
    becomeCreator: 'Seja um criador',
    company: 'Institucional',
    studio: 'Estúdio',
    privacy: 'Privacidade',
    terms: 'Termos de uso',
    social: 'Redes sociais',
    socialLabel: '5D no {{network}} (abre em nova aba)',
    rights: '© {{year}} 5D. Todos os direitos reservados.',
  },
};
export default landing;
