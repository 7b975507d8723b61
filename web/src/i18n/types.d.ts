import type { Catalogue } from './locales/pt-BR';

// Typed keys: `t('missing.key')` is a compile error.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Catalogue };
  }
}
