/**
 * Words that tell which language a text is in, for the language-leak checks (issue 18): the catalogue
 * unit test (tests/unit/i18n-language.test.ts) and the page walk (tests/e2e/helpers/language-leaks.ts).
 * Only words one language has and the other two do not: Spanish shares 'entrar', 'comprar', 'pedidos'
 * with Portuguese, and product loan words ('download', 'Marketplace', 'Dashboard') are left out.
 */

export type Language = 'pt-BR' | 'en-US' | 'es-ES';

// prettier-ignore
export const PORTUGUESE_WORDS: readonly string[] = [
  'não', 'você', 'vocês', 'seu', 'sua', 'seus', 'suas', 'com', 'uma', 'também', 'pelo', 'pela', 'ao', 'às',
  'dos', 'das', 'em', 'nenhum', 'nenhuma', 'ainda', 'então', 'já', 'isso', 'aqui', 'ou', 'até', 'mês',
  'sair', 'voltar', 'carregando', 'entregue', 'licença', 'licenças', 'vendas', 'receita', 'avaliação', 'sem',
  'iniciante', 'profissional', 'essencial', 'assinatura',
];

// prettier-ignore
export const ENGLISH_WORDS: readonly string[] = [
  'the', 'and', 'your', 'you', 'with', 'of', 'is', 'are', 'this', 'that', 'minor', 'major', 'invalid',
  'saved', 'untitled', 'please', 'failed', 'not', 'found', 'loading', 'password', 'click', 'from', 'by',
  'new', 'all', 'sign', 'save', 'cancel', 'close', 'send', 'buy', 'share', 'back', 'next',
  'previous', 'search', 'settings', 'export', 'import', 'connect', 'connected', 'disconnected', 'sync',
  'book', 'now', 'learn', 'more', 'choose', 'view', 'join', 'submit', 'request', 'analyzing', 'generating',
  'creating', 'error', 'connection', 'file', 'select', 'first', 'generate', 'create', 'analyze', 'my',
  'thank', 'failed', 'coming', 'soon', 'upload', 'key', 'tracks', 'drums', 'bass', 'melody', 'genre',
];

/** Words that, shown in `language`, belong to another language. */
export function foreignWordsFor(language: Language): string[] {
  const english = language === 'es-ES' ? ENGLISH_WORDS.filter((word) => word !== 'error') : ENGLISH_WORDS;
  if (language === 'pt-BR') return [...english];
  if (language === 'es-ES') return [...english, ...PORTUGUESE_WORDS];
  return [...PORTUGUESE_WORDS];
}

/** Letters only Portuguese writes (never in English or Spanish). */
export const PORTUGUESE_LETTERS = /[ãõçêôâ]/iu;

/** Language names are written in their own language on purpose (the language toggle). */
export const LANGUAGE_NAMES = /\b(Português|English|Español)\b/gu;

/** Why `text` reads as another language than `language` (null when it does not). */
export function wrongLanguageReason(text: string, language: Language): string | null {
  const plain = text.replace(LANGUAGE_NAMES, '').replace(/\{\{[^}]+\}\}/g, ' ');
  if (language !== 'pt-BR' && PORTUGUESE_LETTERS.test(plain)) return 'Portuguese letters';
  const words = new Set(foreignWordsFor(language));
  const word = (plain.toLowerCase().match(/\p{L}+/gu) ?? []).find((w) => words.has(w));
  return word ? `"${word}"` : null;
}
