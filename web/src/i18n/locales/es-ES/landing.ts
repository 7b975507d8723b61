import type { Catalogue } from '../pt-BR';

const landing: Catalogue['landing'] = {
  testimonialsTitle: 'Quién crea con 5D',
  testimonialsSubtitle: 'Productores, artistas y estudios que ya usan la plataforma.',
  testimonials: {
    first: {
      quote: 'Vendí mis primeros beats en la primera semana. El Creator Hub muestra todo lo que necesito.',
      name: 'Kaio Beats',
      role: 'Productor de trap',
    },
    second: {
      quote: 'Encuentro beats con licencia clara en minutos y las herramientas de IA aceleran mis demos.',
      name: 'Marina Costa',
      role: 'Cantante y compositora',
    },
    third: {
      quote: 'Las competiciones dieron visibilidad a nuestro estudio y trajeron nuevos clientes.',
      name: 'Maré Studio',
      role: 'Estudio de mezcla',
    },
  },
  footer: {
    tagline: 'Marketplace de música, creadores y estudio con IA.',
    explore: 'Explorar',
    marketplace: 'Marketplace',
    competitions: 'Competiciones',
    community: 'Comunidad',
    becomeCreator: 'Hazte creador',
    company: 'Institucional',
    studio: 'Estudio',
    privacy: 'Privacidad',
    terms: 'Términos de uso',
    social: 'Redes sociales',
    socialLabel: '5D en {{network}} (se abre en una pestaña nueva)',
    rights: '© {{year}} 5D. Todos los derechos reservados.',
  },
};
export default landing;
