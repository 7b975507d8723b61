import type { Catalogue } from '../pt-BR';

const community: Catalogue['community'] = {
  title: 'Comunidad',
  subtitle: 'Comparte tu música, intercambia opiniones y conoce a otros creadores.',
  tabsLabel: 'Comunidad',
  tabs: { feed: 'Feed', trending: 'Tendencias', members: 'Miembros' },
  composer: {
    label: 'Nueva publicación',
    placeholder: '¿En qué estás trabajando? Usa #tags para unirte a los temas del momento.',
    attach: 'Adjuntar audio',
    attached: 'Audio adjunto: {{name}}',
    remove: 'Quitar adjunto',
    publish: 'Publicar',
    publishing: 'Publicando...',
    audioOnly: 'Solo se pueden adjuntar archivos de audio.',
    signedOut: 'Inicia sesión para publicar en la comunidad.',
    login: 'Entrar',
    success: '¡Publicación enviada!',
    error: 'No se pudo publicar. Inténtalo de nuevo.',
    uploading: 'Subiendo audio… {{percent}}%',
    uploadError: 'El audio no se subió: {{message}}',
    characters: '{{count}}/{{max}}',
  },
  feed: {
    audioMissing: 'el audio de esta publicación no está disponible',
    empty: 'Aún no hay publicaciones. ¡Sé el primero en publicar!',
    noResults: 'No se encontraron publicaciones para "{{query}}".',
    audio: 'Audio: {{name}}',
  },
  trending: {
    title: 'Temas de la semana',
    posts: '{{count}} publicaciones',
    empty: 'Ninguna #tag usada en los últimos 7 días.',
  },
  members: {
    empty: 'Aún no hay creadores.',
    since: 'Creador desde {{date}}',
    profile: 'Ver el perfil de {{name}}',
  },
  sidebar: {
    searchLabel: 'Buscar en la comunidad',
    searchPlaceholder: 'Buscar publicaciones y miembros',
    activity: 'Actividad diaria',
    postsToday: 'Publicaciones en las últimas 24h',
    creators: 'Creadores',
    createGroup: 'Crear Grupo',
    events: 'Eventos',
    comingSoon: 'Próximamente en la comunidad 5D.',
  },
  loadError: 'No se pudo cargar la comunidad.',
  retry: 'Intentar de nuevo',
};
export default community;
