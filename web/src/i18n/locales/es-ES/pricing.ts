import type { Catalogue } from '../pt-BR';

const pricing: Catalogue['pricing'] = {
  title: 'Planes y precios',
  subtitle: 'Elige el plan para tu música. Cancela cuando quieras.',
  promotion: 'Promoción: 2 meses con 20% a 30% de descuento',
  endsIn: 'Termina en',
  ended: 'Promoción finalizada',
  countdown: '{{d}}d {{h}}h {{m}}m {{s}}s',
  perMonth: '/mes',
  firstMonth: 'el 1.er mes, después {{price}}/mes',
  firstTwoMonths: 'los 2 primeros meses, después {{price}}/mes',
  onRequest: 'A consultar',
  coins: '{{coins}} 5D Coins al mes',
  projects: 'Hasta {{projects}} proyectos',
  unlimitedProjects: 'Proyectos ilimitados',
  generations: '{{generations}} generaciones de IA al mes',
  unlimitedGenerations: 'Generaciones de IA ilimitadas',
  savings: 'Ahorra {{percent}}%',
  popular: 'Más popular',
  choose: 'Suscribirse',
  contact: 'Contáctanos',
  busy: 'Abriendo...',
  loginTitle: 'Inicia sesión',
  loginDescription: 'Inicia sesión para suscribirte a un plan.',
  onRequestTitle: 'Enterprise es a consultar',
  onRequestDescription: 'Habla con nuestro equipo para armar un plan a tu medida.',
  errorTitle: 'Error',
  noUrl: 'No se pudo iniciar el checkout.',
  checkoutErrorTitle: 'Error en el checkout',
  tryAgain: 'Inténtalo de nuevo.',
};

export default pricing;
