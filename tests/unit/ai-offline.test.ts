import { describe, expect, it } from 'vitest';
import { knowledgeBase } from '../../lambdas/_lib/ai/knowledge/entries';
import { decideOffline, detectLanguage, offlineAnswer } from '../../lambdas/_lib/ai/offline';
import { PLANS } from '../../shared/plans';
import {
  bm25Scores,
  buildIndex,
  expandQuery,
  foldAccents,
  searchKnowledge,
  tokenize,
} from '../../lambdas/_lib/ai/retrieval';

describe('offline knowledge base', () => {
  it('has at least 40 substantial entries covering every required topic', () => {
    expect(knowledgeBase.length).toBeGreaterThanOrEqual(40);
    for (const entry of knowledgeBase) expect(entry.text.length, entry.id).toBeGreaterThan(250);
    const topics = new Set(knowledgeBase.map((e) => e.topic));
    for (const topic of [
      'trap',
      'mixagem',
      'masterização',
      'harmonia',
      'home studio',
      'vocais',
      'sound design',
      'arranjo',
    ]) {
      expect(topics.has(topic as never), topic).toBe(true);
    }
    expect(new Set(knowledgeBase.map((e) => e.id)).size).toBe(knowledgeBase.length);
  });
});

describe('offline assistant retrieval', () => {
  it('answers a mixing question from mixing entries, labelled offline with its sources', () => {
    const answer = offlineAnswer('Quais técnicas de mixagem devo usar para o kick e o baixo?');
    expect(answer.offline).toBe(true);
    expect(answer.sources.length).toBeGreaterThan(0);
    const topics = answer.sources.map((title) => knowledgeBase.find((e) => e.title === title)!.topic);
    expect(topics[0]).toBe('mixagem');
    expect(answer.response).toContain(answer.sources[0]!);
    expect(answer.response).toMatch(/offline/i);
  });

  it('finds the entry each suggestion chip asks about', () => {
    expect(searchKnowledge('Como criar um beat de trap?')[0]!.entry.id).toBe('trap-beat-basics');
    expect(searchKnowledge('Progressões harmônicas')[0]!.entry.topic).toBe('harmonia');
    expect(searchKnowledge('Configurar home studio')[0]!.entry.topic).toBe('home studio');
    expect(searchKnowledge('Técnicas de mixagem')[0]!.entry.topic).toBe('mixagem');
  });

  it('folds accents and maps English and Spanish words through synonyms', () => {
    expect(foldAccents('Masterização ÁUDIO')).toBe('masterizacao audio');
    expect(searchKnowledge('masterizacao loudness lufs')[0]!.entry.topic).toBe('masterização');
    expect(searchKnowledge('how do I improve my mixing compression?')[0]!.entry.topic).toBe('mixagem');
    expect(searchKnowledge('¿cómo hacer la mezcla de la voz?')[0]!.entry.topic).toMatch(/vocais|mixagem/);
    expect(expandQuery('chords')).toContain(tokenize('acorde')[0]);
  });

  it('answers in the language of the question', () => {
    expect(detectLanguage('How should I set up the compression on my vocals?')).toBe('en');
    expect(detectLanguage('¿Cómo puedo hacer una mezcla con el bajo?')).toBe('es');
    expect(detectLanguage('Como faço a mixagem do vocal?')).toBe('pt');
    expect(offlineAnswer('How do I master my track loudness?').response).toMatch(/^Here is what/);
  });

  it('says it does not know instead of inventing when nothing matches', () => {
    const answer = offlineAnswer('qual a capital da Mongólia xyzzy');
    expect(answer.sources).toEqual([]);
    expect(answer.kind).toBe('unknown');
    expect(answer.response).toMatch(/^Não sei responder isso/);
  });

  it('refuses a question that only shares a word with an entry, offering the closest topics', () => {
    // Before the threshold this answered with an unrelated entry ('Quanto de reverb…' style matches).
    const answer = offlineAnswer('Como declarar imposto de renda sobre a venda de um carro?');
    expect(answer.kind).toBe('unknown');
    expect(answer.sources).toEqual([]);
    expect(answer.suggestions!.length).toBeGreaterThan(0);
    expect(answer.response).toContain(answer.suggestions![0]!);
    const english = offlineAnswer('What is the weather in London tomorrow?');
    expect(english.response).toMatch(/^I don't know/);
  });

  it('answers questions about plans, prices, coins and limits from the platform data, not from prose', () => {
    const pro = offlineAnswer('Quanto custa o plano PRO?');
    expect(pro.kind).toBe('facts');
    expect(pro.sources).toEqual(['Dados da plataforma 5D']);
    expect(pro.response).toContain(`${PLANS.PRO.monthlyCoins} 5D Coins`);
    expect(pro.response).toContain(`${PLANS.PRO.monthlyPricesUsd!.at(-1)}`);
    expect(pro.response).not.toContain('Plano Iniciante');
    const coin = offlineAnswer('How much does a 5D Coin cost?');
    expect(coin.response).toMatch(/1 Coin = US\$ 1/);
    expect(offlineAnswer('Qual o tamanho máximo de arquivo que posso enviar?').response).toContain('1 GB');
    expect(offlineAnswer('What fee does the platform take on beat sales?').response).toContain('15%');
  });

  it('keeps answering music questions above the threshold in the three languages', () => {
    for (const question of [
      'Como criar um beat de trap?',
      'How should I EQ my mix?',
      '¿Qué es el loudness y los LUFS?',
    ])
      expect(decideOffline(question).kind, question).toBe('answer');
  });

  it('frames answers by Neural Engine mode', () => {
    expect(offlineAnswer('como equalizar a voz', { mode: 'production' }).response).toMatch(/^Modo produção/);
    expect(offlineAnswer('como equalizar a voz', { mode: 'educational' }).response).toMatch(
      /^Modo educacional/,
    );
  });
});

describe('BM25', () => {
  const index = buildIndex([
    { id: 'a', tokens: ['kick', 'bass', 'kick', 'sidechain'] },
    { id: 'b', tokens: ['reverb', 'delay', 'space', 'kick'] },
    {
      id: 'c',
      tokens: ['chord', 'progression', 'minor', 'major', 'harmony', 'voicing', 'tension', 'extension'],
    },
  ]);

  it('ranks by term frequency and rarity', () => {
    const ranked = bm25Scores(index, ['kick', 'sidechain']);
    expect(ranked.map((r) => r.id)).toEqual(['a', 'b', 'c']);
    expect(ranked[2]!.score).toBe(0);
    // 'sidechain' appears in one document, 'kick' in two: the rarer term weighs more.
    const [rare] = bm25Scores(index, ['sidechain']);
    const common = bm25Scores(index, ['kick']).find((r) => r.id === 'b')!;
    expect(rare!.score).toBeGreaterThan(common.score);
  });

  it('normalises by document length', () => {
    const lengthIndex = buildIndex([
      { id: 'short', tokens: ['eq', 'mix'] },
      { id: 'long', tokens: ['eq', 'mix', 'a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'a7', 'a8'] },
    ]);
    const [first] = bm25Scores(lengthIndex, ['eq']);
    expect(first!.id).toBe('short');
  });
});
