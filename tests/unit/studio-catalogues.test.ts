import { describe, expect, it } from 'vitest';
import coursesEn from '../../web/src/i18n/locales/en-US/courses';
import legalEn from '../../web/src/i18n/locales/en-US/legal';
import studioEn from '../../web/src/i18n/locales/en-US/studio';
import coursesEs from '../../web/src/i18n/locales/es-ES/courses';
import legalEs from '../../web/src/i18n/locales/es-ES/legal';
import studioEs from '../../web/src/i18n/locales/es-ES/studio';
import coursesPt from '../../web/src/i18n/locales/pt-BR/courses';
import legalPt from '../../web/src/i18n/locales/pt-BR/legal';
import studioPt from '../../web/src/i18n/locales/pt-BR/studio';

/** The studio site catalogues load apart from the root ones; the same rules apply to them. */
function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
}
const valueAt = (catalogue: unknown, key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], catalogue);
const placeholders = (text: unknown) =>
  typeof text === 'string' ? [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort() : [];

const pt = { studio: studioPt, courses: coursesPt, legal: legalPt };

describe('studio site catalogues', () => {
  it.each([
    ['en-US', { studio: studioEn, courses: coursesEn, legal: legalEn }],
    ['es-ES', { studio: studioEs, courses: coursesEs, legal: legalEs }],
  ])('%s has every key of pt-BR, non-empty, with the same placeholders', (_language, catalogue) => {
    const reference = keysOf(pt).sort();
    expect(keysOf(catalogue).sort()).toEqual(reference);
    for (const key of reference) {
      const text = valueAt(catalogue, key);
      expect(typeof text === 'string' && text.trim().length > 0, key).toBe(true);
      expect(placeholders(text), key).toEqual(placeholders(valueAt(pt, key)));
    }
  });

  it('pt-BR carries the spec texts of the studio site', () => {
    expect(studioPt.home.title).toBe('Create. Learn. Release.');
    expect(studioPt.booking.sent).toBe('Request sent');
    expect(studioPt.booking.sentDescription).toBe('We’ll confirm via email/WhatsApp.');
    expect(studioPt.contact.sent).toBe('Message sent');
    expect(studioPt.footer.subscribed).toBe('Subscribed');
    expect(studioPt.contact.hours).toBe('Mon–Sat 10:00–20:00');
    expect(legalPt.thankYou).toEqual({
      title: 'Thank you!',
      text: 'We received your request and will get back to you soon.',
      back: 'Back to Studio',
    });
  });
});
