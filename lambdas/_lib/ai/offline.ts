import type { ChatAnswer, NeuralMode } from '../../../shared/schemas/ai';
import { platformFactsAnswer } from './platform-facts';
import { foldAccents, rankKnowledge, type RetrievedEntry } from './retrieval';

/**
 * The least share of a question an entry must cover to be given as the answer (retrieval.ts
 * `confidence`). Chosen on the tune half of the labelled questions (the highest recall with precision
 * ≥ 90 % and every must-not-answer question refused) and checked on the held-out half:
 * `npx tsx tests/bench/assistant-threshold.ts` prints both.
 */
export const ANSWER_THRESHOLD = 0.5;
/** Entries far below the best one are noise, not a second opinion. */
const SECOND_OPINION = 0.45;

/**
 * The offline assistant: no model, no invention. It answers from the knowledge base by retrieval and
 * says so (`offline: true`, the titles of the entries used as `sources`).
 */
export type Language = 'pt' | 'en' | 'es';

const HINTS: Record<Language, string[]> = {
  en: [
    'the',
    'how',
    'what',
    'which',
    'my',
    'is',
    'are',
    'do',
    'should',
    'with',
    'mixing',
    'make',
    'why',
    'and',
  ],
  es: ['el', 'los', 'las', 'como', 'que', 'es', 'mezcla', 'una', 'hacer', 'puedo', 'cual', 'por', 'del', 'y'],
  pt: [
    'o',
    'os',
    'as',
    'como',
    'que',
    'e',
    'uma',
    'fazer',
    'posso',
    'qual',
    'voce',
    'do',
    'da',
    'meu',
    'nao',
  ],
};

/** The language of a question by counting common function words (pt wins ties: the product is pt-BR). */
export function detectLanguage(text: string): Language {
  const words = foldAccents(text).split(/[^a-z]+/);
  const score = (lang: Language) => words.filter((w) => HINTS[lang].includes(w)).length;
  const pt = score('pt') + (/[ãõç]/i.test(text) ? 2 : 0);
  const es = score('es') + (/[ñ¿¡]/.test(text) ? 2 : 0);
  const en = score('en');
  if (en > pt && en > es) return 'en';
  if (es > pt && es > en) return 'es';
  return 'pt';
}

const LABELS: Record<
  Language,
  { intro: string; none: string; closest: string; footer: string; sources: string; facts: string }
> = {
  pt: {
    intro: 'Aqui vai o que a base de conhecimento do 5D diz sobre isso:',
    none: 'Não sei responder isso: não há nada sobre esse assunto na base de conhecimento offline, e prefiro não inventar. Posso ajudar com beats de trap, mixagem, masterização, harmonia e acordes, home studio, vocais, sound design, arranjo e ritmo.',
    closest: 'Os assuntos mais próximos que conheço:',
    footer: 'Resposta do assistente offline (sem modelo de IA conectado).',
    sources: 'Fontes',
    facts: 'Dados da plataforma 5D',
  },
  en: {
    intro: "Here is what 5D's knowledge base says about it (the entries are written in Portuguese):",
    none: "I don't know: the offline knowledge base has nothing on this, and I would rather not make it up. I can help with trap beats, mixing, mastering, harmony and chords, home studio, vocals, sound design, arrangement and rhythm.",
    closest: 'The closest topics I know:',
    footer: 'Answer from the offline assistant (no AI model connected).',
    sources: 'Sources',
    facts: '5D platform data',
  },
  es: {
    intro: 'Esto es lo que dice la base de conocimiento de 5D (las entradas están en portugués):',
    none: 'No lo sé: la base de conocimiento offline no tiene nada sobre esto, y prefiero no inventarlo. Puedo ayudar con beats de trap, mezcla, masterización, armonía y acordes, home studio, voces, diseño de sonido, arreglos y ritmo.',
    closest: 'Los temas más cercanos que conozco:',
    footer: 'Respuesta del asistente offline (sin modelo de IA conectado).',
    sources: 'Fuentes',
    facts: 'Datos de la plataforma 5D',
  },
};

/** The suggestion chips' topics, offered when nothing in the base comes close. */
const DEFAULT_SUGGESTIONS = [
  'Como criar um beat de trap',
  'Técnicas de mixagem: por onde começar',
  'Progressões harmônicas populares',
  'Montando um home studio',
];

const MODE_FRAMING: Record<NeuralMode | 'assistant', Record<Language, string>> = {
  assistant: { pt: '', en: '', es: '' },
  creative: {
    pt: 'Modo criativo — use isto como ponto de partida e experimente variações.',
    en: 'Creative mode — take this as a starting point and try variations.',
    es: 'Modo creativo — tómalo como punto de partida y prueba variaciones.',
  },
  analytical: {
    pt: 'Modo analítico — os valores abaixo são referências para medir e comparar.',
    en: 'Analytical mode — the figures below are references to measure and compare against.',
    es: 'Modo analítico — los valores son referencias para medir y comparar.',
  },
  educational: {
    pt: 'Modo educacional — conceito primeiro, depois a prática.',
    en: 'Educational mode — concept first, then practice.',
    es: 'Modo educativo — primero el concepto, luego la práctica.',
  },
  production: {
    pt: 'Modo produção — passos práticos para aplicar agora na sua DAW.',
    en: 'Production mode — practical steps to apply in your DAW now.',
    es: 'Modo producción — pasos prácticos para aplicar ya en tu DAW.',
  },
};

export interface OfflineOptions {
  mode?: NeuralMode | 'assistant' | 'creative';
  /** Extra context (e.g. earlier turns) added to the retrieval query with less weight. */
  history?: string;
  limit?: number;
}

export type OfflineDecision =
  | { kind: 'facts'; text: string }
  | { kind: 'answer'; hits: RetrievedEntry[] }
  | { kind: 'unknown'; closest: RetrievedEntry[] };

/**
 * What the offline assistant does with a question: the platform's data for a platform question; the
 * entries that cover enough of it (confidence ≥ threshold); otherwise "I don't know" with the closest
 * entries. Earlier turns help only a short follow-up ("e no baixo?"), never lower the bar.
 */
export function decideOffline(
  question: string,
  options: { history?: string; limit?: number; threshold?: number } = {},
): OfflineDecision {
  const language = detectLanguage(question);
  const facts = platformFactsAnswer(question, language);
  if (facts) return { kind: 'facts', text: facts };
  const threshold = options.threshold ?? ANSWER_THRESHOLD;
  let ranked = rankKnowledge(question);
  if ((ranked[0]?.confidence ?? 0) < threshold && options.history)
    ranked = rankKnowledge(`${question} ${options.history}`);
  const best = ranked[0];
  if (!best || best.confidence < threshold) return { kind: 'unknown', closest: ranked.slice(0, 3) };
  const hits = ranked
    .filter((r) => r.confidence >= threshold && r.score >= best.score * SECOND_OPINION)
    .slice(0, options.limit ?? 3);
  return { kind: 'answer', hits };
}

export function offlineAnswer(question: string, options: OfflineOptions = {}): ChatAnswer {
  const language = detectLanguage(question);
  const labels = LABELS[language];
  const decision = decideOffline(question, { history: options.history, limit: options.limit });
  const framing = MODE_FRAMING[options.mode ?? 'assistant'][language];
  const parts: string[] = [];
  let sources: string[] = [];
  let suggestions: string[] = [];
  if (decision.kind === 'facts') {
    parts.push(decision.text);
    sources = [labels.facts];
  } else if (decision.kind === 'unknown') {
    parts.push(labels.none);
    suggestions =
      decision.closest.length > 0 ? decision.closest.map((r) => r.entry.title) : DEFAULT_SUGGESTIONS;
    parts.push(`${labels.closest}\n${suggestions.map((title) => `- ${title}`).join('\n')}`);
  } else {
    if (framing) parts.push(framing);
    parts.push(labels.intro);
    for (const { entry } of decision.hits) parts.push(`**${entry.title}**\n${entry.text}`);
    sources = decision.hits.map((h) => h.entry.title);
    parts.push(`${labels.sources}: ${sources.join('; ')}.`);
  }
  parts.push(`_${labels.footer}_`);
  return {
    response: parts.join('\n\n'),
    offline: true,
    sources,
    suggestions,
    kind: decision.kind,
    model: 'offline-knowledge-base',
    language,
  };
}
