import type { Catalogue } from '../pt-BR';

const becomeCreator: Catalogue['becomeCreator'] = {
  badge: 'Programa de creadores',
  title: 'Convierte tu música en ingresos',
  subtitle:
    'Vende beats, proyectos y suscripciones a artistas de Brasil y del mundo, con herramientas de IA y un Creator Hub completo.',
  apply: 'POSTULARSE',
  explore: 'Explorar el Marketplace',
  approval: 'Aprobación en hasta 48h',
  benefitsTitle: 'Por qué crear en 5D',
  benefits: {
    sell: { title: 'Vende a tu manera', text: 'Beats, proyectos por encargo y suscripciones mensuales.' },
    hub: { title: 'Creator Hub', text: 'Ingresos, pedidos, ranking y logros en un solo panel.' },
    ai: { title: 'Herramientas de IA', text: 'Genera ideas, separa stems y acelera tu producción.' },
  },
  stepsTitle: 'Cómo funciona',
  steps: {
    signup: { title: 'Regístrate como creador', text: 'Elige el tipo de cuenta Creador al registrarte.' },
    review: { title: 'Aprobación en hasta 48h', text: 'Nuestro equipo revisa tu perfil en hasta 48 horas.' },
    sell: { title: 'Publica y vende', text: 'Sube tus productos y recibe el 85% de cada venta.' },
  },
  faqTitle: 'Preguntas frecuentes',
  faq: {
    how: {
      question: '¿Cómo me convierto en creador?',
      answer:
        'Haz clic en POSTULARSE, crea tu cuenta con el tipo Creador y espera la aprobación, que tarda hasta 48h.',
    },
    fees: {
      question: '¿Cuáles son las comisiones?',
      answer: '5D se queda con el 15% de cada venta; tú recibes el 85%. No hay cuota mensual para vender.',
    },
    rights: {
      question: '¿Quién tiene los derechos de mi música?',
      answer: 'Sigues siendo dueño de tus obras. La licencia de cada venta se define en el producto.',
    },
  },
  finalTitle: '¿Listo para empezar?',
  finalCta: '¡Iniciar mi viaje creativo!',
};
export default becomeCreator;
