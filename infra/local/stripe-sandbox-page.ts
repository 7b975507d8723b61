import type { LineItem, StoredSession } from './stripe-sandbox';

/**
 * The sandbox's hosted Checkout page. Like Stripe's, it speaks the session's `locale` (pt-BR, en, es;
 * anything else reads as pt-BR, the product's default) and formats money for it.
 */
const TEXTS = {
  'pt-BR': {
    lang: 'pt-BR',
    missingTitle: 'Sessão não encontrada',
    missing: 'Esta sessão de pagamento não existe ou expirou.',
    doneTitle: 'Pagamento concluído',
    done: (total: string) => `Este pagamento de ${total} já foi confirmado.`,
    back: 'Voltar para a 5D',
    expiredTitle: 'Sessão expirada',
    expired: 'Esta sessão de pagamento expirou ou foi cancelada; nada foi cobrado.',
    customer: 'Cliente',
    badge: 'Ambiente de testes — nenhum valor real é cobrado',
    subscribe: 'Assinar plano',
    pay: 'Finalizar pagamento',
    perMonth: ' / mês',
    totalPerMonth: 'Total por mês',
    total: 'Total',
    cancel: 'Cancelar',
    payButton: (total: string) => `Pagar ${total}`,
    note: 'Ao pagar, a 5D recebe a confirmação assinada pelo mesmo webhook usado em produção.',
  },
  en: {
    lang: 'en',
    missingTitle: 'Session not found',
    missing: 'This payment session does not exist or has expired.',
    doneTitle: 'Payment complete',
    done: (total: string) => `This payment of ${total} has already been confirmed.`,
    back: 'Back to 5D',
    expiredTitle: 'Session expired',
    expired: 'This payment session expired or was cancelled; nothing was charged.',
    customer: 'Customer',
    badge: 'Test environment — no real money is charged',
    subscribe: 'Subscribe',
    pay: 'Complete payment',
    perMonth: ' / month',
    totalPerMonth: 'Total per month',
    total: 'Total',
    cancel: 'Cancel',
    payButton: (total: string) => `Pay ${total}`,
    note: 'When you pay, 5D receives the signed confirmation through the same webhook used in production.',
  },
  es: {
    lang: 'es',
    missingTitle: 'Sesión no encontrada',
    missing: 'Esta sesión de pago no existe o ha caducado.',
    doneTitle: 'Pago completado',
    done: (total: string) => `Este pago de ${total} ya se ha confirmado.`,
    back: 'Volver a 5D',
    expiredTitle: 'Sesión caducada',
    expired: 'Esta sesión de pago caducó o se canceló; no se cobró nada.',
    customer: 'Cliente',
    badge: 'Entorno de pruebas — no se cobra dinero real',
    subscribe: 'Suscribirse',
    pay: 'Finalizar pago',
    perMonth: ' / mes',
    totalPerMonth: 'Total al mes',
    total: 'Total',
    cancel: 'Cancelar',
    payButton: (total: string) => `Pagar ${total}`,
    note: 'Al pagar, 5D recibe la confirmación firmada por el mismo webhook que se usa en producción.',
  },
} as const;
type PageTexts = (typeof TEXTS)[keyof typeof TEXTS];

function textsFor(locale: unknown): PageTexts {
  return locale === 'en' || locale === 'es' ? TEXTS[locale] : TEXTS['pt-BR'];
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export function money(minor: number, currency: string, lang = 'pt-BR'): string {
  return new Intl.NumberFormat(lang, { style: 'currency', currency: currency.toUpperCase() }).format(
    minor / 100,
  );
}

export function page(title: string, content: string, lang = 'pt-BR'): string {
  return `<!doctype html>
<html lang="${escapeHtml(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · 5D Checkout (sandbox)</title>
<style>
  body { margin: 0; font: 16px/1.5 system-ui, sans-serif; background: #0f0f14; color: #f2f2f5; }
  main { max-width: 440px; margin: 48px auto; padding: 28px; background: #1b1b24; border-radius: 14px; }
  h1 { font-size: 1.35rem; margin: 0 0 4px; }
  .badge { display: inline-block; font-size: .75rem; padding: 2px 8px; border-radius: 99px; background: #3b2f00; color: #ffd66b; }
  table { width: 100%; border-collapse: collapse; margin: 20px 0; }
  td { padding: 8px 0; border-bottom: 1px solid #2c2c3a; vertical-align: top; }
  td.amount { text-align: right; white-space: nowrap; }
  .total td { font-weight: 700; border-bottom: none; font-size: 1.1rem; }
  .muted { color: #a8a8b8; font-size: .9rem; }
  .actions { display: flex; gap: 12px; margin-top: 20px; }
  button { flex: 1; font: inherit; padding: 12px; border-radius: 10px; border: 0; cursor: pointer; }
  .pay { background: #7c5cff; color: #fff; font-weight: 700; }
  .cancel { background: #2c2c3a; color: #f2f2f5; }
  a { color: #b9a8ff; }
</style>
</head>
<body><main>${content}</main></body>
</html>`;
}

/** A session id the sandbox never created (the locale is unknown: the product's default). */
export function missingSessionPage(): string {
  const text = TEXTS['pt-BR'];
  return page(text.missingTitle, `<p>${text.missing}</p>`, text.lang);
}

function lineRow(line: LineItem, text: PageTexts): string {
  const description = line.product_description
    ? `<br><span class="muted">${escapeHtml(line.product_description)}</span>`
    : '';
  const quantity = line.quantity > 1 ? ` × ${line.quantity}` : '';
  const amount = money(line.unit_amount * line.quantity, line.currency, text.lang);
  return `<tr><td>${escapeHtml(line.product_name)}${description}${quantity}</td><td class="amount">${amount}${
    line.recurring ? text.perMonth : ''
  }</td></tr>`;
}

export function checkoutPage(stored: StoredSession): string {
  const session = stored.session;
  const text = textsFor(session.locale);
  const subscription = session.mode === 'subscription';
  const rows = stored.lineItems.map((line) => lineRow(line, text)).join('');
  const total = money(Number(session.amount_total), String(session.currency), text.lang);
  if (session.status === 'complete') {
    const back = String(session.success_url).replace('{CHECKOUT_SESSION_ID}', String(session.id));
    return page(
      text.doneTitle,
      `<h1>${text.doneTitle}</h1><p>${text.done(total)}</p><p><a href="${escapeHtml(back)}">${text.back}</a></p>`,
      text.lang,
    );
  }
  if (session.status === 'expired') {
    return page(text.expiredTitle, `<h1>${text.expiredTitle}</h1><p>${text.expired}</p>`, text.lang);
  }
  const email = session.customer_email
    ? `<p class="muted">${text.customer}: ${escapeHtml(String(session.customer_email))}</p>`
    : '';
  const id = escapeHtml(String(session.id));
  return page(
    subscription ? text.subscribe : text.pay,
    `<span class="badge">${text.badge}</span>
<h1>${subscription ? text.subscribe : text.pay}</h1>
${email}
<table>${rows}<tr class="total"><td>${subscription ? text.totalPerMonth : text.total}</td><td class="amount">${total}</td></tr></table>
<div class="actions">
  <form method="post" action="/checkout/${id}/cancel" style="flex:1;display:flex"><button class="cancel" type="submit">${text.cancel}</button></form>
  <form method="post" action="/checkout/${id}/pay" style="flex:1;display:flex"><button class="pay" type="submit">${text.payButton(total)}</button></form>
</div>
<p class="muted">${text.note}</p>`,
    text.lang,
  );
}
