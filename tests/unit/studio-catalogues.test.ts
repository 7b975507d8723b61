import { describe, expect, it } from 'vitest';
import legalEn from '../../web/src/i18n/locales/en-US/legal';
import studioEn from '../../web/src/i18n/locales/en-US/studio';

/**
 * The studio site's spec texts. That en-US and es-ES have every key of these catalogues, non-empty and with
 * the same placeholders, is checked with every other feature file in tests/unit/i18n-catalogues.test.ts.
 */
describe('studio site catalogues', () => {
  // The spec quotes the studio site in English: en-US carries it; pt-BR says it in Portuguese (issue 18).
  it('en-US carries the spec texts of the studio site', () => {
    expect(studioEn.home.title).toBe('Create. Learn. Release.');
    expect(studioEn.booking.sent).toBe('Request sent');
    expect(studioEn.booking.sentDescription).toBe('We’ll confirm via email/WhatsApp.');
    expect(studioEn.contact.sent).toBe('Message sent');
    expect(studioEn.footer.subscribed).toBe('Subscribed');
    expect(studioEn.contact.hours).toBe('Mon–Sat 10:00–20:00');
    expect(legalEn.thankYou).toEqual({
      title: 'Thank you!',
      text: 'We received your request and will get back to you soon.',
      back: 'Back to Studio',
    });
  });
});
