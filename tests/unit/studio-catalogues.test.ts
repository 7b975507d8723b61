import { describe, expect, it } from 'vitest';
import legalPt from '../../web/src/i18n/locales/pt-BR/legal';
import studioPt from '../../web/src/i18n/locales/pt-BR/studio';

/**
 * The studio site's spec texts. That en-US and es-ES have every key of these catalogues, non-empty and with
 * the same placeholders, is checked with every other feature file in tests/unit/i18n-catalogues.test.ts.
 */
describe('studio site catalogues', () => {
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
