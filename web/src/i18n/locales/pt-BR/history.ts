/** Local track history (/history), core spec sections 2, 3, 5, 9. */
const history = {
  title: 'Histórico',
  subtitle: 'As faixas que você salvou ficam neste navegador.',
  searchLabel: 'Buscar por título',
  searchPlaceholder: 'Digite parte do título',
  export: 'Exportar JSON',
  clear: 'Limpar histórico',
  clearConfirm: 'Tem certeza que deseja limpar todo o histórico?',
  cleared: 'Histórico limpo',
  persistError: 'Não foi possível gravar o histórico neste navegador.',
  caption: 'Faixas salvas, da mais nova para a mais antiga',
  colTitle: 'Título',
  colStatus: 'Status',
  colCreatedAt: 'Criado em',
  colPreview: 'Preview',
  preview: 'Ouvir {{title}}',
  empty: 'Nenhuma faixa salva ainda.',
  goGenerate: 'Gerar uma música',
  noResults: 'Nenhuma faixa encontrada para "{{query}}".',
  pagination: 'Paginação do histórico',
  previous: 'Anterior',
  next: 'Próxima',
  pageOf: 'Página {{page}} de {{pages}}',
  loadError: 'Não foi possível abrir o histórico neste navegador.',
  retry: 'Tentar novamente',
} as const;

export default history;
