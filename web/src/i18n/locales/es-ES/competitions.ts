import type { Catalogue } from '../pt-BR';

const competitions: Catalogue['competitions'] = {
  title: 'Competiciones',
  subtitle: 'Más de R$100 mil en premios para quien crea. Elige un desafío y muestra tu sonido.',
  tabsLabel: 'Competiciones',
  tabs: { active: 'Activas', finished: 'Finalizadas', ranking: 'Ranking' },
  difficulty: { beginner: 'Principiante', intermediate: 'Intermedio', advanced: 'Avanzado' },
  prize: 'Premio',
  otherPrizes: '2º {{second}} · 3º {{third}}',
  participants: '{{count}} participantes',
  spots: '{{count}} de {{max}} plazas',
  timeLeft: 'Quedan {{days}}d {{hours}}h',
  ended: 'Finalizada',
  endedOn: 'Finalizada el {{date}}',
  category: 'Categoría',
  progress: 'Plazas ocupadas',
  join: 'Participar Ahora',
  winner: 'Ganador',
  winningTrack: 'Pista ganadora',
  noWinner: 'Resultado en recuento',
  emptyActive: 'No hay competiciones activas ahora. ¡Vuelve pronto!',
  emptyFinished: 'Aún no hay competiciones finalizadas.',
  emptyRanking: 'El ranking aparece cuando los primeros creadores sumen puntos.',
  loadError: 'No se pudieron cargar las competiciones.',
  rankingError: 'No se pudo cargar el ranking.',
  retry: 'Intentar de nuevo',
  rankingTitle: 'Top 5 creadores',
  rankingLabel: 'Ranking de creadores por puntos',
  points: '{{points}} pts',
  level: 'Nivel {{level}}',
  position: '{{position}}º lugar',
  contract: {
    title: 'Contrato de Participación',
    intro:
      'Al participar en una competición de 5D aceptas los términos siguientes. Léelos con atención antes de continuar.',
    navLabel: 'Secciones del contrato',
    sections: {
      rights: {
        title: 'Derechos de autor',
        body: 'El participante declara ser titular de los derechos de autor de la obra enviada o contar con autorización expresa de todos los titulares para inscribirla.',
      },
      forbidden: {
        title: 'Contenido prohibido',
        body: 'Está prohibido enviar material que infrinja derechos de terceros o la ley, incluidos samples sin licencia y contenido ofensivo.',
      },
      disqualification: {
        title: 'Descalificación',
        body: 'La organización puede descalificar, en cualquier momento, trabajos que no cumplan estas reglas o intentos de fraude en la votación.',
      },
      publicity: {
        title: 'Difusión',
        body: 'Los ganadores autorizan la mención de su nombre artístico y de la obra ganadora en acciones de difusión de 5D, sin coste.',
      },
    },
    cancel: 'Cancelar',
    agree: 'Acepto y continúo',
  },
};
export default competitions;
