import { readdirSync } from 'node:fs';
import path from 'node:path';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import enUSShell from '../../web/src/i18n/locales/en-US';
import esESShell from '../../web/src/i18n/locales/es-ES';
import ptBRShell from '../../web/src/i18n/locales/pt-BR';

/**
 * Each language = its shell catalogue plus every feature file beside it (loaded with their screens at
 * run time, see web/src/i18n/feature-texts.ts). A feature missing in a language fails here.
 */
const localesDir = path.resolve(import.meta.dirname, '../../web/src/i18n/locales');
async function fullCatalogue(language: string, shell: object): Promise<Record<string, unknown>> {
  const catalogue: Record<string, unknown> = { ...shell };
  for (const file of readdirSync(path.join(localesDir, language)).filter((f) => f.endsWith('.ts'))) {
    const module = (await import(path.join(localesDir, language, file))) as { default: unknown };
    catalogue[file.replace(/\.ts$/, '')] = module.default;
  }
  return catalogue;
}
const ptBR = (await fullCatalogue('pt-BR', ptBRShell)) as typeof ptBRShell & Record<string, unknown>;
const enUS = await fullCatalogue('en-US', enUSShell);
const esES = await fullCatalogue('es-ES', esESShell);

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
}

function placeholdersOf(text: unknown): string[] {
  return typeof text === 'string'
    ? [...text.matchAll(/\{\{(\w+)(?:, *[^}]+)?\}\}/g)].map((m) => m[1] ?? '').sort()
    : [];
}

function valueAt(catalogue: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], catalogue);
}

describe('interface catalogues', () => {
  const reference = keysOf(ptBR).sort();

  it.each([
    ['en-US', enUS],
    ['es-ES', esES],
  ])('%s has exactly the keys of pt-BR', (_language, catalogue) => {
    expect(keysOf(catalogue).sort()).toEqual(reference);
  });

  it.each([
    ['en-US', enUS],
    ['es-ES', esES],
  ])('%s keeps every {{placeholder}} of pt-BR and leaves no text empty', (_language, catalogue) => {
    for (const key of reference) {
      const text = valueAt(catalogue, key);
      expect(typeof text === 'string' && text.trim().length > 0, key).toBe(true);
      expect(placeholdersOf(text), key).toEqual(placeholdersOf(valueAt(ptBR, key)));
    }
  });

  it('pt-BR carries the spec texts of the accounts flow', () => {
    expect(ptBR.common.loading).toBe('Carregando...');
    expect(ptBR.auth.loginError).toBe('Erro no login');
    expect(ptBR.auth.loginSuccess).toBe('Login realizado com sucesso!');
    expect(ptBR.auth.loginSuccessDescription).toBe('Redirecionando para o dashboard...');
    expect(ptBR.auth.signUpError).toBe('Erro no cadastro');
    expect(ptBR.auth.signUpSuccess).toBe('Cadastro realizado com sucesso!');
    expect(ptBR.auth.signUpSuccessDescription).toBe('Verifique seu email para confirmar a conta.');
    // The spec's English titles are said in Portuguese in pt-BR (issue 18) and kept in en-US.
    expect(ptBR.notFound.title).toBe('Ops! Página não encontrada');
    expect(valueAt(enUS, 'notFound.title')).toBe('Oops! Page not found');
    expect(valueAt(enUS, 'errorPage.title')).toBe('Unexpected Application Error!');
  });
});

const PLURAL_FORM = /_(zero|one|two|few|many|other)$/;
const catalogues = { 'pt-BR': ptBR, 'en-US': enUS, 'es-ES': esES } as const;

describe('plurals through i18next plural rules (issue 18: "1 publicações", "1 downloads")', () => {
  it.each(Object.entries(catalogues))('%s: every counted text is a plural key', (_language, catalogue) => {
    for (const key of keysOf(catalogue)) {
      const text = valueAt(catalogue, key);
      if (typeof text !== 'string' || !/\{\{count\b/.test(text)) continue;
      // A bare number ('+{{count}}', '{{count}}/{{max}}') has no word to agree with the count.
      if (!/\p{L}/u.test(text.replace(/\{\{[^}]+\}\}/g, ''))) continue;
      expect(PLURAL_FORM.test(key), `${key}: '${text}' needs _one/_other forms`).toBe(true);
    }
  });

  it.each(Object.entries(catalogues))(
    '%s: every plural has each form its language needs, and zero',
    (language, catalogue) => {
      const needed = [...new Intl.PluralRules(language).resolvedOptions().pluralCategories, 'zero'];
      const bases = new Set(
        keysOf(catalogue)
          .filter((key) => PLURAL_FORM.test(key))
          .map((key) => key.replace(PLURAL_FORM, '')),
      );
      expect(bases.size).toBeGreaterThan(20);
      for (const base of bases) {
        for (const form of needed)
          expect(valueAt(catalogue, `${base}_${form}`), `${base}_${form}`).toBeTypeOf('string');
      }
    },
  );

  it('renders 0, 1, 2 and a million of every plural in every language (no raw key)', async () => {
    const instance = i18next.createInstance();
    await instance.init({
      lng: 'pt-BR',
      fallbackLng: 'pt-BR',
      resources: Object.fromEntries(
        Object.entries(catalogues).map(([language, catalogue]) => [language, { translation: catalogue }]),
      ),
      interpolation: { escapeValue: false },
    });
    const bases = [
      ...new Set(
        keysOf(ptBR)
          .filter((key) => PLURAL_FORM.test(key))
          .map((key) => key.replace(PLURAL_FORM, '')),
      ),
    ];
    for (const language of Object.keys(catalogues)) {
      await instance.changeLanguage(language);
      for (const base of bases) {
        for (const count of [0, 1, 2, 1_000_000]) {
          const names = placeholdersOf(valueAt(ptBR, `${base}_other`));
          const values = Object.fromEntries(names.map((name) => [name, 'x']));
          const text = instance.t(base, { ...values, count });
          expect(text, `${language} ${base} ${count}`).not.toBe(base);
          expect(text, `${language} ${base} ${count}`).not.toContain('{{');
        }
      }
    }
    // Spot checks of the reported texts.
    await instance.changeLanguage('pt-BR');
    expect(instance.t('community.trending.posts', { count: 1 })).toBe('1 publicação');
    expect(instance.t('community.trending.posts', { count: 0 })).toBe('0 publicações');
    expect(instance.t('marketplace.downloadsLabel', { count: 1 })).toBe('1 download');
    expect(instance.t('marketplace.downloadsLabel', { count: 12_345 })).toBe('12.345 downloads');
    await instance.changeLanguage('en-US');
    expect(instance.t('marketplace.downloadsLabel', { count: 12_345 })).toBe('12,345 downloads');
  });
});
