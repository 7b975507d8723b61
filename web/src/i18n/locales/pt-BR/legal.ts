/** /privacy, /terms (placeholder policy pages) and /thank-you (spec 2 §2). */
const legal = {
  privacy: {
    title: 'Política de privacidade',
    placeholder: 'Esta é uma versão provisória da nossa política de privacidade.',
    storage:
      'O site do estúdio guarda no seu navegador apenas a confirmação do aviso de cookies e o idioma escolhido.',
    requests:
      'Os dados enviados nos formulários de agendamento, contato e newsletter são usados somente para responder à sua solicitação.',
  },
  terms: {
    title: 'Termos de uso',
    placeholder: 'Esta é uma versão provisória dos nossos termos de uso.',
    bookings:
      'Agendamentos são confirmados por e-mail ou WhatsApp dentro do horário comercial; a solicitação sozinha não garante o horário.',
  },
  backToStudio: 'Voltar ao estúdio',
  thankYou: {
    title: 'Obrigado!',
    text: 'Recebemos sua solicitação e entraremos em contato em breve.',
    back: 'Voltar ao estúdio',
  },
} as const;

type Widen<T> = { -readonly [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type LegalCatalogue = Widen<typeof legal>;

const catalogue: LegalCatalogue = legal;
export default catalogue;
