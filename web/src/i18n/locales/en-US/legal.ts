import type { LegalCatalogue } from '../pt-BR/legal';

const legal: LegalCatalogue = {
  privacy: {
    title: 'Privacy policy',
    placeholder: 'This is a provisional version of our privacy policy.',
    storage:
      'The studio site only keeps the cookie notice acknowledgement and your chosen language in your browser.',
    requests:
      'Data sent through the booking, contact and newsletter forms is used only to answer your request.',
  },
  terms: {
    title: 'Terms of use',
    placeholder: 'This is a provisional version of our terms of use.',
    bookings:
      'Bookings are confirmed by email or WhatsApp within business hours; a request alone does not reserve the slot.',
  },
  backToStudio: 'Back to the studio',
  thankYou: {
    title: 'Thank you!',
    text: 'We received your request and will get back to you soon.',
    back: 'Back to Studio',
  },
};

export default legal;
