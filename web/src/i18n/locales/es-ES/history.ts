import type { Catalogue } from '../pt-BR';

const history: Catalogue['history'] = {
  title: 'Historial',
  subtitle: 'Las pistas que guardaste se quedan en este navegador.',
  searchLabel: 'Buscar por título',
  searchPlaceholder: 'Escribe parte del título',
  export: 'Exportar JSON',
  clear: 'Limpiar historial',
  clearConfirm: '¿Seguro que quieres limpiar todo el historial?',
  cleared: 'Historial limpiado',
  persistError: 'No se pudo guardar el historial en este navegador.',
  caption: 'Pistas guardadas, de la más nueva a la más antigua',
  colTitle: 'Título',
  status: { saved: 'guardada' },
  untitled: 'Sin título',
  colStatus: 'Estado',
  colCreatedAt: 'Creado el',
  colPreview: 'Vista previa',
  preview: 'Escuchar {{title}}',
  empty: 'Aún no hay pistas guardadas.',
  goGenerate: 'Generar una pista',
  noResults: 'No se encontraron pistas para "{{query}}".',
  pagination: 'Páginas del historial',
  previous: 'Anterior',
  next: 'Siguiente',
  pageOf: 'Página {{page}} de {{pages}}',
  loadError: 'No se pudo abrir el historial en este navegador.',
  retry: 'Intentar de nuevo',
};

export default history;
