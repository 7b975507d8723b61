/// <reference lib="dom" />
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { PRODUCT_GENRES } from '../../../shared/marketplace/genres';
import { foreignWordsFor } from '../../support/language-words';

/**
 * Issue 18: Portuguese showed in the en-US and es-ES interface, and English in pt-BR ("Invalid password",
 * "saved", "E minor"). This finds text of the wrong language on a page, outside user content (marked
 * `translate="no"`: titles, names, posts the people who wrote them chose): every visible text and
 * accessible name is checked
 *  - against the other languages' catalogues: a text that is one of their distinctive strings (and none
 *    of this language's) is a leak, whether it came from a fallback or was typed into the code;
 *  - for words only the other languages use (ã, õ, ç, ê, ô, "não", "você"… in en-US/es-ES; "the", "your",
 *    "invalid", "saved", "minor"… in pt-BR/es-ES), which also catches text no catalogue holds.
 */

export const LANGUAGES = ['pt-BR', 'en-US', 'es-ES'] as const;
export type Language = (typeof LANGUAGES)[number];

const localesDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../web/src/i18n/locales',
);

function texts(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value !== 'object' || value === null) return [];
  return Object.values(value).flatMap(texts);
}

async function catalogueTexts(language: Language): Promise<string[]> {
  const shell = (await import(path.join(localesDir, `${language}.ts`))) as { default: unknown };
  const all = texts(shell.default);
  for (const file of readdirSync(path.join(localesDir, language)).filter((f) => f.endsWith('.ts'))) {
    all.push(
      ...texts(((await import(path.join(localesDir, language, file))) as { default: unknown }).default),
    );
  }
  return all;
}

/** A catalogue text as a whole-text pattern: placeholders match anything. */
function patternOf(text: string): string {
  return `^${text
    .split(/\{\{[^}]+\}\}/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.+?')}$`;
}

/** Enough letters outside placeholders to say which language a text is in. */
function distinctive(text: string): boolean {
  const words = text.replace(/\{\{[^}]+\}\}/g, ' ').match(/\p{L}{2,}/gu) ?? [];
  return words.length >= 2 && words.join('').length >= 8;
}

export interface LeakRules {
  language: Language;
  /** Whole-text patterns of the other languages' distinctive strings. */
  foreign: string[];
  /** Words (lower case) only the other languages use. */
  foreignWords: string[];
  /** Letters only Portuguese uses (checked in en-US and es-ES). */
  portugueseLetters: boolean;
  /** Names every language writes the same way: the spec's product genres ('Future Bass', 'Lo-Fi'). */
  names: string[];
}

export async function leakRules(language: Language): Promise<LeakRules> {
  const own = await catalogueTexts(language);
  const ownSet = new Set(own);
  const ownPatterns = own.filter(distinctive).map((text) => new RegExp(patternOf(text), 'u'));
  const foreign = new Set<string>();
  for (const other of LANGUAGES.filter((lang) => lang !== language)) {
    for (const text of await catalogueTexts(other)) {
      if (ownSet.has(text) || !distinctive(text)) continue;
      // A text this language could also show (its own pattern matches it) is not foreign.
      const plain = text.replace(/\{\{[^}]+\}\}/g, 'x');
      if (ownPatterns.some((pattern) => pattern.test(plain))) continue;
      foreign.add(patternOf(text));
    }
  }
  return {
    language,
    foreign: [...foreign],
    foreignWords: foreignWordsFor(language),
    portugueseLetters: language !== 'pt-BR',
    names: [...PRODUCT_GENRES],
  };
}

/** Texts of the wrong language on the page as it is now, each with where it was found. */
export async function findLanguageLeaks(page: Page, rules: LeakRules): Promise<string[]> {
  return page.evaluate((rules) => {
    const foreign = rules.foreign.map((source) => new RegExp(source, 'u'));
    const words = new Set(rules.foreignWords);
    const found: string[] = [];
    // User content named inside an interface text ("Hire <title>") is still user content: the texts of
    // the page's translate="no" elements are left out of every text checked, longest first.
    const userTexts = [...document.querySelectorAll('[translate="no"]')]
      .map((element) => element.textContent?.trim() ?? '')
      .filter((text) => text.length >= 2)
      .sort((a, b) => b.length - a.length);
    const check = (text: string, where: string) => {
      // Language names are written in their own language on purpose (the language toggle).
      const trimmed = [...userTexts, ...rules.names]
        .reduce((rest, name) => rest.split(name).join(' '), text)
        .replace(/\b(Português|English|Español)\b/gu, '')
        .replace(/\s+/g, ' ')
        .trim();
      if (!/\p{L}{2,}/u.test(trimmed)) return;
      if (foreign.some((pattern) => pattern.test(trimmed))) {
        found.push(`${where}: "${trimmed}" (another language's text)`);
        return;
      }
      if (rules.portugueseLetters && /[ãõçêôâ]/iu.test(trimmed)) {
        found.push(`${where}: "${trimmed}" (Portuguese letters)`);
        return;
      }
      const word = (trimmed.toLowerCase().match(/\p{L}+/gu) ?? []).find((w) => words.has(w));
      if (word) found.push(`${where}: "${trimmed}" ("${word}")`);
    };
    const visible = (element: Element) =>
      element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden';
    const skipped = (element: Element) =>
      element.closest('[translate="no"], script, style, noscript, template, [aria-hidden="true"]') !== null;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || skipped(parent) || !visible(parent)) continue;
      check(node.textContent ?? '', `<${parent.tagName.toLowerCase()}>`);
    }
    for (const element of document.querySelectorAll('[aria-label], [title], [placeholder], img[alt]')) {
      if (element.closest('[translate="no"]') || !visible(element)) continue;
      for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
        const value = element.getAttribute(name);
        if (value) check(value, `${name} of <${element.tagName.toLowerCase()}>`);
      }
    }
    return [...new Set(found)];
  }, rules);
}
