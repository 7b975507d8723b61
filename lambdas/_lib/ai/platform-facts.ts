import {
  MAX_COIN_PURCHASE,
  PLANS,
  PLAN_IDS,
  PLATFORM_FEE_RATE,
  USD_PER_COIN,
  type PlanId,
} from '../../../shared/plans';
import type { Language } from '../../../shared/i18n/language';
import { PLAN_NAME_WORDS, planName } from '../../../shared/i18n/plan-names';
import { MAX_UPLOAD_BYTES } from '../../../shared/uploads';
import { meteringSettings } from '../generation/metering';
import { foldAccents } from './retrieval';

/**
 * Questions about the platform itself (plans, prices, 5D Coins, fees, limits) are answered from the
 * platform's own data (shared/plans.ts, the upload limit, the metering settings), never from prose, so an
 * answer changes the day a price does. A question is one of these when it names a platform subject.
 */
export type FactsLanguage = 'pt' | 'en' | 'es';
export type FactTopic = 'plans' | 'coins' | 'fee' | 'upload' | 'anonymous';

const has = (text: string, pattern: RegExp) => pattern.test(text);
const PLAN = /\b(planos?|plans?|planes|assinaturas?|subscriptions?|suscripcion(es)?|mensalidade)\b/;
const PRICE =
  /\b(preco|precos|prices?|precios?|custa|custam|cost|costs|cuesta|cuestan|quanto|quantas?|cuanto|cuantas?|how (much|many)|valor|pagar)\b/;
const COINS = /\b(5d ?coins?|coins?|moedas?|monedas?|creditos?|credits?|saldo|wallet|carteira|billetera)\b/;
const FEE = /\b(taxa|taxas|fees?|comissao|commission|comision|tarifa)\b/;
const SIZE = /\b(tamanho|size|tamano|limite|limit|maximo|maximum|max)\b/;
const FILE = /\b(arquivos?|files?|archivos?|uploads?|enviar|envio|subir)\b/;
const GENERATE = /\b(ger(ar|acoes|o)|generat(e|ions?)|generar|generaciones|musicas?|songs?|canciones)\b/;
const NO_ACCOUNT =
  /\b(sem (conta|login|cadastro)|without (an )?account|sin (cuenta|registro)|anonimo|anonymous)\b/;

/** Which platform subjects the question is about (empty: not a platform question). */
export function factTopics(question: string): FactTopic[] {
  const text = foldAccents(question);
  const namedPlan = [...PLAN_NAME_WORDS.keys()].some((name) =>
    new RegExp(`\\bplano? ${name}\\b|\\b${name} plan\\b|\\bplan ${name}\\b`).test(text),
  );
  const topics: FactTopic[] = [];
  if (has(text, NO_ACCOUNT) && has(text, GENERATE)) topics.push('anonymous');
  if (namedPlan || (has(text, PLAN) && (has(text, PRICE) || has(text, COINS) || has(text, GENERATE))))
    topics.push('plans');
  else if (has(text, COINS) && (has(text, PRICE) || /\b5d\b/.test(text))) topics.push('coins');
  if (has(text, FEE) && !topics.includes('plans')) topics.push('fee');
  if (has(text, SIZE) && has(text, FILE)) topics.push('upload');
  return topics;
}

const usd = (language: FactsLanguage, value: number) =>
  new Intl.NumberFormat(LOCALE[language], {
    style: 'currency',
    currency: 'USD',
    maximumFractionDigits: 0,
  }).format(value);
const num = (language: FactsLanguage, value: number) => new Intl.NumberFormat(LOCALE[language]).format(value);
const LOCALE: Record<FactsLanguage, Language> = { pt: 'pt-BR', en: 'en-US', es: 'es-ES' };

const T = {
  pt: {
    intro: 'Pelos dados atuais da plataforma 5D:',
    month: '/mês',
    onRequest: 'sob consulta',
    price: (plan: PlanId, lang: FactsLanguage) =>
      priceText(plan, lang, 'no 1º mês, depois', 'nos {n} primeiros meses, depois'),
    plan: (name: string, price: string, coins: number, gens: string, projects: string) =>
      `**Plano ${name}**: ${price}; ${coins} 5D Coins por mês; ${gens}; ${projects}.`,
    gens: (n: number | null) => (n === null ? 'gerações ilimitadas' : `${n} gerações de música por mês`),
    projects: (n: number | null) => (n === null ? 'projetos ilimitados' : `até ${n} projetos`),
    coins: (per: number, max: string, cost: number) =>
      `**5D Coins**: 1 Coin = US$ ${per}; cada compra vai de 1 a ${max} Coins. Uma geração de música fora da cota do plano custa ${cost} Coins.`,
    fee: (fee: number) => `**Taxa da plataforma**: ${fee}% de cada venda; o criador recebe ${100 - fee}%.`,
    upload: (gb: number) =>
      `**Envio de arquivos**: até ${gb} GB por arquivo (stems, anexos do chat, entregas).`,
    anonymous: (n: number) =>
      `**Sem conta**: ${n} gerações de música por dia; entre na sua conta para gerar mais.`,
    footer: 'Fonte: dados da plataforma (planos, preços e limites em vigor).',
  },
  en: {
    intro: "From the 5D platform's current data:",
    month: '/month',
    onRequest: 'on request',
    price: (plan: PlanId, lang: FactsLanguage) =>
      priceText(plan, lang, 'the 1st month, then', 'the first {n} months, then'),
    plan: (name: string, price: string, coins: number, gens: string, projects: string) =>
      `**${name} plan**: ${price}; ${coins} 5D Coins a month; ${gens}; ${projects}.`,
    gens: (n: number | null) => (n === null ? 'unlimited generations' : `${n} music generations a month`),
    projects: (n: number | null) => (n === null ? 'unlimited projects' : `up to ${n} projects`),
    coins: (per: number, max: string, cost: number) =>
      `**5D Coins**: 1 Coin = US$ ${per}; each purchase is 1 to ${max} Coins. A music generation beyond your plan's quota costs ${cost} Coins.`,
    fee: (fee: number) => `**Platform fee**: ${fee}% of each sale; the creator gets ${100 - fee}%.`,
    upload: (gb: number) =>
      `**File uploads**: up to ${gb} GB per file (stems, chat attachments, deliveries).`,
    anonymous: (n: number) =>
      `**Without an account**: ${n} music generations a day; sign in to generate more.`,
    footer: "Source: the platform's data (plans, prices and limits in force).",
  },
  es: {
    intro: 'Según los datos actuales de la plataforma 5D:',
    month: '/mes',
    onRequest: 'bajo consulta',
    price: (plan: PlanId, lang: FactsLanguage) =>
      priceText(plan, lang, 'el 1.er mes, después', 'los {n} primeros meses, después'),
    plan: (name: string, price: string, coins: number, gens: string, projects: string) =>
      `**Plan ${name}**: ${price}; ${coins} 5D Coins al mes; ${gens}; ${projects}.`,
    gens: (n: number | null) =>
      n === null ? 'generaciones ilimitadas' : `${n} generaciones de música al mes`,
    projects: (n: number | null) => (n === null ? 'proyectos ilimitados' : `hasta ${n} proyectos`),
    coins: (per: number, max: string, cost: number) =>
      `**5D Coins**: 1 Coin = US$ ${per}; cada compra va de 1 a ${max} Coins. Una generación de música fuera de la cuota del plan cuesta ${cost} Coins.`,
    fee: (fee: number) =>
      `**Comisión de la plataforma**: ${fee}% de cada venta; el creador recibe el ${100 - fee}%.`,
    upload: (gb: number) =>
      `**Subida de archivos**: hasta ${gb} GB por archivo (stems, adjuntos del chat, entregas).`,
    anonymous: (n: number) =>
      `**Sin cuenta**: ${n} generaciones de música al día; inicia sesión para generar más.`,
    footer: 'Fuente: datos de la plataforma (planes, precios y límites vigentes).',
  },
} as const;

/** "US$ 89/mês no 1º mês, depois US$ 119/mês", from the plan's billing months. */
function priceText(plan: PlanId, language: FactsLanguage, firstThen: string, firstNThen: string): string {
  const t = T[language];
  const prices = PLANS[plan].monthlyPricesUsd;
  if (!prices || prices.length === 0) return t.onRequest;
  const last = prices[prices.length - 1]!;
  const intro = prices.slice(0, -1);
  if (intro.length === 0 || intro.every((p) => p === last)) return `${usd(language, last)}${t.month}`;
  const first = intro[0]!;
  const lead = intro.length === 1 ? firstThen : firstNThen.replace('{n}', String(intro.length));
  return `${usd(language, first)}${t.month} ${lead} ${usd(language, last)}${t.month}`;
}

/** The answer to a platform question, composed from the data; undefined when it is not one. */
export function platformFactsAnswer(question: string, language: FactsLanguage): string | undefined {
  const topics = factTopics(question);
  if (topics.length === 0) return undefined;
  const t = T[language];
  const text = foldAccents(question);
  const named = [...PLAN_NAME_WORDS]
    .filter(([name]) => new RegExp(`\\b${name}\\b`).test(text))
    .map(([, id]) => id);
  const settings = meteringSettings();
  const lines: string[] = [t.intro];
  for (const topic of topics) {
    if (topic === 'plans')
      for (const id of named.length > 0 ? [...new Set(named)] : PLAN_IDS) {
        const plan = PLANS[id];
        lines.push(
          `- ${t.plan(planName(id, LOCALE[language]), t.price(id, language), plan.monthlyCoins, t.gens(plan.monthlyGenerations), t.projects(plan.maxProjects))}`,
        );
      }
    if (topic === 'coins' || (topic === 'plans' && /\bcoins?\b/.test(text) && named.length === 0))
      lines.push(
        `- ${t.coins(USD_PER_COIN, num(language, MAX_COIN_PURCHASE), settings.GENERATION_PRICE_COINS)}`,
      );
    if (topic === 'fee') lines.push(`- ${t.fee(Math.round(PLATFORM_FEE_RATE * 100))}`);
    if (topic === 'upload') lines.push(`- ${t.upload(MAX_UPLOAD_BYTES / 1024 ** 3)}`);
    if (topic === 'anonymous') lines.push(`- ${t.anonymous(settings.ANON_DAILY_GENERATIONS)}`);
  }
  lines.push(`_${t.footer}_`);
  return lines.join('\n');
}
