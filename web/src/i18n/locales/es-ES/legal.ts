import type { LegalCatalogue } from '../pt-BR/legal';

const legal: LegalCatalogue = {
  privacy: {
    title: 'Política de privacidad',
    placeholder: 'Esta es una versión provisional de nuestra política de privacidad.',
    storage:
      'La web del estudio solo guarda en tu navegador la aceptación del aviso de cookies y el idioma elegido.',
    requests:
      'Los datos enviados en los formularios de reserva, contacto y newsletter se usan solo para responder a tu solicitud.',
  },
  terms: {
    title: 'Términos de uso',
    placeholder: 'Esta es una versión provisional de nuestros términos de uso.',
    bookings:
      'Las reservas se confirman por correo o WhatsApp en horario comercial; la solicitud por sí sola no garantiza el horario.',
  },
  backToStudio: 'Volver al estudio',
  thankYou: {
    title: '¡Gracias!',
    text: 'Hemos recibido tu solicitud y te responderemos pronto.',
    back: 'Volver al estudio',
  },
};

export default legal;
