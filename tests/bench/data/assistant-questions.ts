/**
 * Labelled questions for the offline assistant's relevance threshold (tests/bench/assistant-threshold.ts).
 * Each question lists the knowledge-base entries that answer it (any of them counts as right), `[]` when
 * the assistant must say it does not know (off-topic, or music topics the base has no entry for), or
 * 'facts' when it is about the platform's own data (plans, prices, coins, limits: answered from
 * shared/plans.ts and the settings, never from prose).
 *
 * `heldOut` was written before any tuning and is never used to choose the threshold or the synonyms;
 * `tune` is. Several held-out phrasings are headlines of public music-production articles (marked).
 */
export type Expected = readonly string[] | 'facts';
export interface LabelledQuestion {
  q: string;
  lang: 'pt' | 'en' | 'es';
  expect: Expected;
}

export const heldOut: readonly LabelledQuestion[] = [
  // answerable, pt
  { q: 'Qual BPM usar num beat de trap?', lang: 'pt', expect: ['trap-beat-basics', 'rhythm-bpm-guide'] },
  { q: 'Como deixar o 808 afinado com a música?', lang: 'pt', expect: ['trap-808'] },
  { q: 'Como fazer rolls de hi-hat?', lang: 'pt', expect: ['trap-hihats'] },
  { q: 'Quanto de reverb colocar na voz?', lang: 'pt', expect: ['mix-reverb-delay', 'vocals-mixing'] },
  { q: 'Como usar sidechain no baixo?', lang: 'pt', expect: ['mix-sidechain', 'mix-low-end'] },
  { q: 'Qual o LUFS ideal para o Spotify?', lang: 'pt', expect: ['master-loudness'] },
  { q: 'Como tratar a acústica do quarto?', lang: 'pt', expect: ['home-studio-acoustics'] },
  { q: 'Onde posicionar as caixas de monitor?', lang: 'pt', expect: ['home-studio-monitors'] },
  {
    q: 'Que acordes usar numa música triste?',
    lang: 'pt',
    expect: ['harmony-keys-emotion', 'harmony-progressions', 'harmony-field'],
  },
  { q: 'Como vender meus beats online?', lang: 'pt', expect: ['career-selling-beats'] },
  { q: 'Como estruturar uma música com verso e refrão?', lang: 'pt', expect: ['arrangement-structure'] },
  { q: 'O que é modo dórico?', lang: 'pt', expect: ['harmony-modes'] },
  { q: 'Como reduzir a latência da interface de áudio?', lang: 'pt', expect: ['home-studio-interface'] },
  // answerable, en (three are headlines of public articles)
  { q: 'Mixing the 808 bass: a few tips', lang: 'en', expect: ['trap-808', 'mix-low-end', 'mix-sidechain'] }, // public headline
  {
    q: 'Eliminate competition between the kick and bass',
    lang: 'en',
    expect: ['mix-low-end', 'mix-sidechain'],
  }, // public headline
  { q: 'How to set compressor attack and release?', lang: 'en', expect: ['mix-compression'] },
  { q: 'What is gain staging?', lang: 'en', expect: ['mix-gain-staging'] },
  {
    q: 'How do I record vocals at home?',
    lang: 'en',
    expect: ['vocals-recording', 'home-studio-microphone'],
  },
  { q: 'How to make a house drum pattern', lang: 'en', expect: ['rhythm-house-techno'] },
  { q: 'How loud should my master be for streaming?', lang: 'en', expect: ['master-loudness'] },
  { q: 'Tips for chopping samples', lang: 'en', expect: ['sound-design-sampling'] },
  // answerable, es
  { q: '¿Cómo ecualizar una voz?', lang: 'es', expect: ['vocals-mixing', 'mix-eq'] },
  { q: '¿Qué BPM tiene el drum and bass?', lang: 'es', expect: ['rhythm-dnb-dubstep', 'rhythm-bpm-guide'] },
  { q: '¿Cómo preparar la mezcla para el mastering?', lang: 'es', expect: ['master-stems', 'master-basics'] },
  { q: '¿Cómo hacer un bombo desde cero con un sintetizador?', lang: 'es', expect: ['sound-design-drums'] },
  { q: '¿Cómo lanzar mi música en plataformas?', lang: 'es', expect: ['career-release'] },
  { q: '¿Cómo dar swing a la batería?', lang: 'es', expect: ['rhythm-groove'] },
  // must not answer
  { q: 'Qual é a capital da Austrália?', lang: 'pt', expect: [] },
  { q: 'Me passa uma receita de bolo de cenoura', lang: 'pt', expect: [] },
  { q: 'Quem ganhou a Copa do Mundo de 2002?', lang: 'pt', expect: [] },
  { q: 'Como registrar minha música no ECAD?', lang: 'pt', expect: [] },
  { q: 'Como afinar um violão de 12 cordas?', lang: 'pt', expect: [] },
  { q: 'What is the weather in London tomorrow?', lang: 'en', expect: [] },
  { q: 'How do I fix my car engine?', lang: 'en', expect: [] },
  { q: 'Who wrote Bohemian Rhapsody?', lang: 'en', expect: [] },
  { q: 'How do I read sheet music for violin?', lang: 'en', expect: [] },
  { q: '¿Cuál es la mejor pizza de Madrid?', lang: 'es', expect: [] },
  { q: '¿Cómo aprendo a tocar la batería acústica con baquetas?', lang: 'es', expect: [] },
  { q: '¿Quién es el presidente de Argentina?', lang: 'es', expect: [] },
  // the platform's own facts
  { q: 'Quanto custa o plano PRO?', lang: 'pt', expect: 'facts' },
  { q: 'Quantas 5D Coins vêm no plano Artista?', lang: 'pt', expect: 'facts' },
  { q: 'Qual o tamanho máximo de arquivo que posso enviar?', lang: 'pt', expect: 'facts' },
  { q: 'How much does a 5D Coin cost?', lang: 'en', expect: 'facts' },
  { q: 'What fee does the platform take on beat sales?', lang: 'en', expect: 'facts' },
  { q: '¿Cuánto cuesta el plan Iniciante?', lang: 'es', expect: 'facts' },
  { q: '¿Cuántas canciones puedo generar sin cuenta?', lang: 'es', expect: 'facts' },
];

export const tune: readonly LabelledQuestion[] = [
  // answerable, pt (the chat's suggestion chips first)
  { q: 'Como criar um beat de trap?', lang: 'pt', expect: ['trap-beat-basics'] },
  { q: 'Técnicas de mixagem', lang: 'pt', expect: ['mix-fundamentals'] },
  { q: 'Progressões harmônicas', lang: 'pt', expect: ['harmony-progressions'] },
  { q: 'Configurar home studio', lang: 'pt', expect: ['home-studio-setup'] },
  { q: 'Como mixar o kick e o 808?', lang: 'pt', expect: ['mix-low-end', 'trap-808', 'mix-sidechain'] },
  { q: 'Como usar compressor na bateria?', lang: 'pt', expect: ['mix-compression', 'mix-bus-processing'] },
  { q: 'Qual a diferença entre drill e trap?', lang: 'pt', expect: ['drill-vs-trap'] },
  { q: 'Como afinar a voz com autotune?', lang: 'pt', expect: ['vocals-tuning'] },
  { q: 'Como gravar backing vocals e dobras?', lang: 'pt', expect: ['vocals-backing'] },
  { q: 'Como criar uma melodia marcante?', lang: 'pt', expect: ['harmony-melody-writing', 'trap-melody'] },
  { q: 'O que é campo harmônico?', lang: 'pt', expect: ['harmony-field'] },
  { q: 'Como usar acordes com sétima e nona?', lang: 'pt', expect: ['harmony-extensions'] },
  { q: 'Como deixar a mix mais larga no estéreo?', lang: 'pt', expect: ['mix-stereo'] },
  { q: 'Como masterizar uma música?', lang: 'pt', expect: ['master-basics'] },
  { q: 'Como criar tensão antes do drop?', lang: 'pt', expect: ['arrangement-energy'] },
  { q: 'Como usar MIDI e OSC com a DAW?', lang: 'pt', expect: ['workflow-midi-osc'] },
  { q: 'Como ser mais produtivo na DAW?', lang: 'pt', expect: ['workflow-daw'] },
  {
    q: 'Qual microfone comprar para gravar voz?',
    lang: 'pt',
    expect: ['home-studio-microphone', 'vocals-recording'],
  },
  // answerable, en
  { q: 'How do I make a trap beat?', lang: 'en', expect: ['trap-beat-basics'] },
  { q: 'Mixing techniques', lang: 'en', expect: ['mix-fundamentals'] },
  { q: 'Chord progressions', lang: 'en', expect: ['harmony-progressions'] },
  { q: 'Setting up a home studio', lang: 'en', expect: ['home-studio-setup'] },
  { q: 'How should I EQ my mix?', lang: 'en', expect: ['mix-eq'] },
  { q: 'How do I use reference tracks when mixing?', lang: 'en', expect: ['mix-reference'] },
  {
    q: 'How to design a synth bass with subtractive synthesis',
    lang: 'en',
    expect: ['sound-design-synthesis'],
  },
  { q: 'What is crest factor in mastering?', lang: 'en', expect: ['master-dynamics'] },
  { q: 'How to add distortion and automation creatively', lang: 'en', expect: ['sound-design-effects'] },
  { q: 'How do I layer sounds in an arrangement?', lang: 'en', expect: ['arrangement-layering'] },
  // answerable, es
  { q: '¿Cómo hacer un beat de trap?', lang: 'es', expect: ['trap-beat-basics'] },
  { q: 'Técnicas de mezcla', lang: 'es', expect: ['mix-fundamentals'] },
  { q: 'Progresiones de acordes', lang: 'es', expect: ['harmony-progressions'] },
  { q: 'Montar un home studio', lang: 'es', expect: ['home-studio-setup'] },
  { q: '¿Cómo usar el sidechain entre bombo y bajo?', lang: 'es', expect: ['mix-sidechain', 'mix-low-end'] },
  { q: '¿Qué es el loudness y los LUFS?', lang: 'es', expect: ['master-loudness'] },
  { q: '¿Cómo grabar la voz en casa?', lang: 'es', expect: ['vocals-recording'] },
  { q: '¿Cómo programar un patrón de techno?', lang: 'es', expect: ['rhythm-house-techno'] },
  {
    q: '¿Cómo equilibrar los graves en el master?',
    lang: 'es',
    expect: ['master-eq-balance', 'mix-low-end'],
  },
  // must not answer
  { q: 'Qual a capital da Mongólia?', lang: 'pt', expect: [] },
  { q: 'Como faço um bolo de chocolate?', lang: 'pt', expect: [] },
  { q: 'Quem é o presidente do Brasil?', lang: 'pt', expect: [] },
  { q: 'Como tocar piano clássico de ouvido?', lang: 'pt', expect: [] },
  { q: 'Como declarar imposto de renda?', lang: 'pt', expect: [] },
  { q: 'What is the capital of Mongolia?', lang: 'en', expect: [] },
  { q: 'Write me a poem about the sea', lang: 'en', expect: [] },
  { q: 'How do I restring an electric guitar?', lang: 'en', expect: [] },
  { q: 'Which football team won yesterday?', lang: 'en', expect: [] },
  { q: '¿Cómo cocinar paella?', lang: 'es', expect: [] },
  { q: '¿Qué hora es en Tokio?', lang: 'es', expect: [] },
  { q: '¿Cómo aprender solfeo para coro?', lang: 'es', expect: [] },
  // the platform's own facts
  { q: 'Qual o preço do plano Iniciante?', lang: 'pt', expect: 'facts' },
  { q: 'Quanto custa uma 5D Coin?', lang: 'pt', expect: 'facts' },
  { q: 'Quantas gerações por mês tem o plano Pro?', lang: 'pt', expect: 'facts' },
  { q: 'Qual a taxa da plataforma sobre vendas?', lang: 'pt', expect: 'facts' },
  { q: 'What plans do you have and how much are they?', lang: 'en', expect: 'facts' },
  { q: 'What is the maximum upload size?', lang: 'en', expect: 'facts' },
  { q: '¿Cuántas 5D Coins trae el plan Pro?', lang: 'es', expect: 'facts' },
  { q: '¿Cuál es el precio de las 5D Coins?', lang: 'es', expect: 'facts' },
];
