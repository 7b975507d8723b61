import { describe, expect, it } from 'vitest';
import { LANGUAGE_STORAGE_KEY, chooseLanguage } from '../../shared/i18n/language';
import { BODY_SCRIPT, HEAD_SCRIPT, bootScriptCspSources } from '../../web/prerender/boot-script';
import { PRERENDERED_PAGES, SPA_SHELL, htmlFileFor } from '../../web/prerender/pages';

interface FakeHtml {
  attributes: Map<string, string>;
  classes: Set<string>;
  style: { colorScheme?: string };
  lang: string;
}

/** Runs HEAD_SCRIPT against a fake page: storage entries and the browser's languages. */
function runHeadScript(storage: Record<string, string>, languages: readonly string[]): FakeHtml {
  const html: FakeHtml = { attributes: new Map(), classes: new Set(['dark']), style: {}, lang: 'pt-BR' };
  const element = {
    setAttribute: (name: string, value: string) => html.attributes.set(name, value),
    classList: {
      add: (name: string) => html.classes.add(name),
      remove: (name: string) => html.classes.delete(name),
    },
    style: html.style,
  };
  const keys = Object.keys(storage);
  const localStorage = {
    getItem: (key: string) => storage[key] ?? null,
    key: (index: number) => keys[index] ?? null,
    length: keys.length,
  };
  const navigator = { languages, language: languages[0] ?? '' };
  new Function('window', 'document', 'navigator', HEAD_SCRIPT)(
    { localStorage },
    { documentElement: element },
    navigator,
  );
  return html;
}

describe('inline start scripts (web/prerender/boot-script.ts)', () => {
  const cases: { stored: string | null; languages: string[] }[] = [
    { stored: null, languages: ['pt-BR'] },
    { stored: null, languages: ['en-GB', 'pt-BR'] },
    { stored: null, languages: ['es-MX'] },
    { stored: null, languages: ['de-DE', 'ES'] },
    { stored: null, languages: ['de-DE', 'fr'] },
    { stored: null, languages: [] },
    { stored: 'es-ES', languages: ['en-US'] },
    { stored: 'en-US', languages: ['pt-BR'] },
    { stored: 'pt-BR', languages: ['en-US'] },
    { stored: 'xx', languages: ['en_US'] },
  ];

  it.each(cases)('picks the language the app picks (stored $stored, browser $languages)', async (signals) => {
    const storage: Record<string, string> = signals.stored ? { [LANGUAGE_STORAGE_KEY]: signals.stored } : {};
    const html = runHeadScript(storage, signals.languages);
    // The app asks the country only when nothing local decides; the prerendered default is kept then.
    const app = await chooseLanguage({
      stored: signals.stored,
      browserLanguages: signals.languages,
      fetchCountry: () => Promise.resolve(null),
    });
    expect(html.attributes.get('data-prerender-swap') ?? 'pt-BR').toBe(app);
  });

  it('applies stored light mode and reduced motion, and flags a stored session', () => {
    const html = runHeadScript(
      {
        '5d.settings': JSON.stringify({ darkMode: false, reducedMotion: true }),
        'CognitoIdentityServiceProvider.abc.LastAuthUser': 'someone',
      },
      ['pt-BR'],
    );
    expect([...html.classes].sort()).toEqual(['light', 'reduce-motion']);
    expect(html.style.colorScheme).toBe('light');
    expect(html.attributes.has('data-session')).toBe(true);
  });

  it('leaves the defaults alone on damaged settings and without a session', () => {
    const html = runHeadScript({ '5d.settings': '{not json' }, ['pt-BR']);
    expect([...html.classes]).toEqual(['dark']);
    expect(html.attributes.size).toBe(0);
  });

  it('has one CSP hash per script, stable for the same text', () => {
    const sources = bootScriptCspSources();
    expect(sources).toHaveLength(2);
    for (const source of sources) expect(source).toMatch(/^'sha256-[A-Za-z0-9+/]{43}='$/);
    expect(BODY_SCRIPT).not.toContain('${');
  });
});

describe('HTML file per route (web/prerender/pages.ts)', () => {
  it('serves prerendered pages their own file and every other route the start screen', () => {
    expect(htmlFileFor('/')).toBe(PRERENDERED_PAGES['/']);
    expect(htmlFileFor('/marketplace')).toBe('/marketplace/index.html');
    expect(htmlFileFor('/marketplace/')).toBe('/marketplace/index.html');
    expect(htmlFileFor('/competitions')).toBe(SPA_SHELL);
    expect(htmlFileFor('/creator/someone')).toBe(SPA_SHELL);
  });
});
