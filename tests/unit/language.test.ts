import { describe, expect, it, vi } from 'vitest';
import {
  chooseLanguage,
  languageFromBrowser,
  languageFromCountry,
  languageToggleLabel,
  nextLanguage,
} from '../../shared/i18n/language';

const noCountry = () => Promise.resolve(null);

describe('chooseLanguage', () => {
  it('keeps a language the user chose before, without asking anything else', async () => {
    const fetchCountry = vi.fn(noCountry);
    const language = await chooseLanguage({ stored: 'es-ES', browserLanguages: ['en-US'], fetchCountry });
    expect(language).toBe('es-ES');
    expect(fetchCountry).not.toHaveBeenCalled();
  });

  it('ignores a stored value that is not one of our languages', async () => {
    const language = await chooseLanguage({
      stored: 'fr-FR',
      browserLanguages: ['en-GB'],
      fetchCountry: noCountry,
    });
    expect(language).toBe('en-US');
  });

  it('uses the browser language by its pt/es/en prefix before the country', async () => {
    const fetchCountry = vi.fn(() => Promise.resolve('BR'));
    const language = await chooseLanguage({ stored: null, browserLanguages: ['es-MX'], fetchCountry });
    expect(language).toBe('es-ES');
    expect(fetchCountry).not.toHaveBeenCalled();
  });

  it('falls through to the country when the browser speaks none of our languages', async () => {
    const language = await chooseLanguage({
      stored: null,
      browserLanguages: ['de-DE', 'fr'],
      fetchCountry: () => Promise.resolve('AR'),
    });
    expect(language).toBe('es-ES');
  });

  it('answers pt-BR when the country lookup fails', async () => {
    const language = await chooseLanguage({
      stored: null,
      browserLanguages: ['ja'],
      fetchCountry: () => Promise.reject(new Error('offline')),
    });
    expect(language).toBe('pt-BR');
  });
});

describe('languageFromBrowser', () => {
  it('maps any Portuguese, Spanish or English variant and skips others', () => {
    expect(languageFromBrowser(['pt-PT'])).toBe('pt-BR');
    expect(languageFromBrowser(['it', 'EN_gb'])).toBe('en-US');
    expect(languageFromBrowser(['it', 'de'])).toBeNull();
    expect(languageFromBrowser([])).toBeNull();
  });
});

describe('languageFromCountry', () => {
  it.each([
    ['BR', 'pt-BR'],
    ['PT', 'pt-BR'],
    ['ES', 'es-ES'],
    ['MX', 'es-ES'],
    ['AR', 'es-ES'],
    ['CO', 'es-ES'],
    ['CL', 'es-ES'],
    ['PE', 'es-ES'],
    ['VE', 'es-ES'],
    ['US', 'en-US'],
    ['DE', 'en-US'],
    ['jp', 'en-US'],
  ])('%s → %s', (country, language) => {
    expect(languageFromCountry(country)).toBe(language);
  });

  it('answers pt-BR for a missing or malformed country', () => {
    expect(languageFromCountry(null)).toBe('pt-BR');
    expect(languageFromCountry('')).toBe('pt-BR');
    expect(languageFromCountry('not a country')).toBe('pt-BR');
  });
});

describe('language toggle', () => {
  it('cycles pt → en → es → pt', () => {
    expect(nextLanguage('pt-BR')).toBe('en-US');
    expect(nextLanguage('en-US')).toBe('es-ES');
    expect(nextLanguage('es-ES')).toBe('pt-BR');
  });

  it('shows the first two letters of the code in capitals', () => {
    expect(languageToggleLabel('pt-BR')).toBe('PT');
    expect(languageToggleLabel('es-ES')).toBe('ES');
  });
});
