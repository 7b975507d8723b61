import { readdirSync } from 'node:fs';
import path from 'node:path';
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
  return typeof text === 'string' ? [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1] ?? '').sort() : [];
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
    expect(ptBR.notFound.title).toBe('Oops! Page not found');
    expect(ptBR.errorPage.title).toBe('Unexpected Application Error!');
  });
});
