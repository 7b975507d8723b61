import type { Catalogue } from '../pt-BR';

const history: Catalogue['history'] = {
  title: 'History',
  subtitle: 'The tracks you saved stay in this browser.',
  searchLabel: 'Search by title',
  searchPlaceholder: 'Type part of the title',
  export: 'Export JSON',
  clear: 'Clear history',
  clearConfirm: 'Are you sure you want to clear the whole history?',
  cleared: 'History cleared',
  persistError: 'Could not store the history in this browser.',
  caption: 'Saved tracks, newest first',
  colTitle: 'Title',
  status: { saved: 'saved' },
  untitled: 'Untitled',
  colStatus: 'Status',
  colCreatedAt: 'Created at',
  colPreview: 'Preview',
  preview: 'Play {{title}}',
  empty: 'No saved tracks yet.',
  goGenerate: 'Generate a track',
  noResults: 'No tracks found for "{{query}}".',
  pagination: 'History pages',
  previous: 'Previous',
  next: 'Next',
  pageOf: 'Page {{page}} of {{pages}}',
  loadError: 'Could not open the history in this browser.',
  retry: 'Try again',
};

export default history;
