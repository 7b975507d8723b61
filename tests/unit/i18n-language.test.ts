import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { wrongLanguageReason, type Language } from '../support/language-words';

/**
 * Issue 18: English in the pt-BR catalogues ("Composing your track…", the AI DAW dialog, the studio
 * site's buttons) and Portuguese in en-US / es-ES. Each catalogue text must read as its own language.
 * The exceptions are names: products, tools, programmes and course titles the team keeps in English in
 * every language, listed here by key with the reason.
 */
const NAMES_KEPT: Record<string, string> = {
  'dashboardHub.creator.proBadge': 'badge name "Pro Creator"',
  'dashboardHub.creator.toolStudio': 'tool name "Studio Tools"',
  'dashboardHub.creator.toolAnalyzer': 'tool name "AI Analyzer"',
  'dashboardHub.creator.toolMarket': 'tool name "Market Insights"',
  'studio.courses.items.foundations.name': 'course title',
  'studio.courses.items.lab.name': 'course title',
  'studio.courses.items.mixing.name': 'course title',
  'generate.notices.inputPolicyProducerTag': "quotes an English producer tag ('DJ X on the beat')",
  'generate.notices.inputPolicyCombined': "quotes an English producer tag ('DJ X on the beat')",
  'apiErrors.INPUT_POLICY': "quotes an English producer tag ('DJ X on the beat')",
  'apiErrors.INPUT_POLICY_producer': "quotes an English producer tag ('DJ X on the beat')",
  'apiErrors.MUSICAL_KEY_INVALID': "shows the key format the API reads, in English ('A minor, C major')",
  'studio.contact.address': 'a street address in São Paulo',
  'daw.ai.options.genre.dnb': 'genre name "Drum & Bass", used as is in Portuguese and Spanish',
};

const localesDir = path.resolve(import.meta.dirname, '../../web/src/i18n/locales');

function entries(value: unknown, prefix = ''): [string, string][] {
  if (typeof value === 'string') return [[prefix, value]];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, child]) => entries(child, prefix ? `${prefix}.${key}` : key));
}

async function catalogue(language: Language): Promise<[string, string][]> {
  const shell = (await import(path.join(localesDir, `${language}.ts`))) as { default: unknown };
  const all = entries(shell.default);
  for (const file of readdirSync(path.join(localesDir, language)).filter((f) => f.endsWith('.ts'))) {
    const module = (await import(path.join(localesDir, language, file))) as { default: unknown };
    all.push(...entries(module.default, file.replace(/\.ts$/, '')));
  }
  return all;
}

describe('every catalogue text reads as its own language', () => {
  it.each(['pt-BR', 'en-US', 'es-ES'] as const)('%s', async (language) => {
    const wrong = (await catalogue(language))
      .filter(([key]) => !(key.replace(/_(zero|one|many|other)$/, '') in NAMES_KEPT))
      .map(([key, text]) => [key, text, wrongLanguageReason(text, language)] as const)
      .filter(([, , reason]) => reason !== null)
      .map(([key, text, reason]) => `${key}: '${text}' (${reason})`);
    expect(wrong).toEqual([]);
  });
});
