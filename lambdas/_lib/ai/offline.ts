import type { ChatAnswer, NeuralMode } from '../../../shared/schemas/ai';
import { foldAccents, searchKnowledge } from './retrieval';

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
  { intro: string; none: string; footer: string; sources: string; notice: string }
> = {
  pt: {
    intro: 'Aqui vai o que a base de conhecimento do 5D diz sobre isso:',
    none: 'Não encontrei esse assunto na base de conhecimento offline. Posso ajudar com beats de trap, mixagem, masterização, harmonia e acordes, home studio, vocais, sound design, arranjo e ritmo. Tente perguntar, por exemplo, “como mixar o kick e o 808?”.',
    footer: 'Resposta do assistente offline (sem modelo de IA conectado).',
    sources: 'Fontes',
    notice: '',
  },
  en: {
    intro: "Here is what 5D's knowledge base says about it (the entries are written in Portuguese):",
    none: "I couldn't find that in the offline knowledge base. I can help with trap beats, mixing, mastering, harmony and chords, home studio, vocals, sound design, arrangement and rhythm.",
    footer: 'Answer from the offline assistant (no AI model connected).',
    sources: 'Sources',
    notice: '',
  },
  es: {
    intro: 'Esto es lo que dice la base de conocimiento de 5D (las entradas están en portugués):',
    none: 'No encontré ese tema en la base de conocimiento offline. Puedo ayudar con beats de trap, mezcla, masterización, armonía y acordes, home studio, voces, diseño de sonido, arreglos y ritmo.',
    footer: 'Respuesta del asistente offline (sin modelo de IA conectado).',
    sources: 'Fuentes',
    notice: '',
  },
};

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

export function offlineAnswer(question: string, options: OfflineOptions = {}): ChatAnswer {
  const language = detectLanguage(question);
  const labels = LABELS[language];
  let hits = searchKnowledge(question, options.limit ?? 3);
  if (hits.length === 0 && options.history)
    hits = searchKnowledge(`${question} ${options.history}`, options.limit ?? 3);
  const framing = MODE_FRAMING[options.mode ?? 'assistant'][language];
  const parts: string[] = [];
  if (framing) parts.push(framing);
  if (hits.length === 0) {
    parts.push(labels.none);
  } else {
    parts.push(labels.intro);
    for (const { entry } of hits) parts.push(`**${entry.title}**\n${entry.text}`);
    parts.push(`${labels.sources}: ${hits.map((h) => h.entry.title).join('; ')}.`);
  }
  parts.push(`_${labels.footer}_`);
  return {
    response: parts.join('\n\n'),
    offline: true,
    sources: hits.map((h) => h.entry.title),
    model: 'offline-knowledge-base',
    language,
  };
}
