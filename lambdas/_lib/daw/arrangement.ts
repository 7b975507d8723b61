/** Smart arrangement: genre templates of sections (bars, energy, elements) timed at the given tempo. */
type Section = { name: string; bars: number; energy: number; elements: string[] };

const TEMPLATES: Record<string, Section[]> = {
  electronic: [
    { name: 'Intro', bars: 16, energy: 0.3, elements: ['kick', 'hats', 'pad filtrado'] },
    { name: 'Build-up', bars: 8, energy: 0.6, elements: ['riser', 'snare roll', 'filtro abrindo'] },
    { name: 'Drop', bars: 16, energy: 1, elements: ['kick', 'baixo', 'lead', 'hats', 'clap'] },
    { name: 'Breakdown', bars: 16, energy: 0.4, elements: ['pad', 'melodia', 'vocal chop'] },
    { name: 'Build-up', bars: 8, energy: 0.7, elements: ['riser', 'snare roll'] },
    { name: 'Drop 2', bars: 16, energy: 1, elements: ['kick', 'baixo', 'lead', 'variação'] },
    { name: 'Outro', bars: 16, energy: 0.3, elements: ['kick', 'hats'] },
  ],
  trap: [
    { name: 'Intro', bars: 4, energy: 0.3, elements: ['melodia', 'tag'] },
    { name: 'Hook', bars: 8, energy: 0.9, elements: ['808', 'hats', 'snare', 'melodia'] },
    { name: 'Verso 1', bars: 16, energy: 0.7, elements: ['808', 'hats', 'snare'] },
    { name: 'Hook', bars: 8, energy: 0.9, elements: ['808', 'hats', 'snare', 'melodia', 'contramelodia'] },
    { name: 'Verso 2', bars: 16, energy: 0.75, elements: ['808', 'hats com rolls', 'snare'] },
    { name: 'Hook', bars: 8, energy: 1, elements: ['tudo'] },
    { name: 'Outro', bars: 4, energy: 0.3, elements: ['melodia'] },
  ],
  pop: [
    { name: 'Intro', bars: 4, energy: 0.3, elements: ['acordes'] },
    { name: 'Verso 1', bars: 8, energy: 0.5, elements: ['bateria leve', 'baixo', 'voz'] },
    { name: 'Pré-refrão', bars: 4, energy: 0.7, elements: ['build', 'backing vocals'] },
    { name: 'Refrão', bars: 8, energy: 1, elements: ['tudo', 'dobras de voz'] },
    { name: 'Verso 2', bars: 8, energy: 0.55, elements: ['bateria', 'baixo', 'voz'] },
    { name: 'Refrão', bars: 8, energy: 1, elements: ['tudo'] },
    { name: 'Ponte', bars: 8, energy: 0.5, elements: ['mudança harmônica'] },
    { name: 'Refrão final', bars: 8, energy: 1, elements: ['tudo', 'ad-libs'] },
  ],
};

export function arrangement(genre: string, length: number, bpm: number) {
  const template =
    TEMPLATES[genre] ??
    (['trap', 'hip-hop', 'drill'].includes(genre)
      ? TEMPLATES.trap!
      : ['pop', 'rock'].includes(genre)
        ? TEMPLATES.pop!
        : TEMPLATES.electronic!);
  // `length` (spec: fixed 4) scales the section lengths in 4-bar units around the template's default.
  const scale = Math.max(0.25, length / 4);
  let bar = 0;
  const secondsPerBar = (4 * 60) / bpm;
  const sections = template.map((section) => {
    const bars = Math.max(2, Math.round(section.bars * scale));
    const out = {
      ...section,
      bars,
      startBar: bar + 1,
      startSeconds: Math.round(bar * secondsPerBar * 10) / 10,
    };
    bar += bars;
    return out;
  });
  return {
    arrangement: {
      genre,
      bpm,
      length,
      totalBars: bar,
      durationSeconds: Math.round(bar * secondsPerBar),
      sections,
    },
    tips: [
      'Mude ou acrescente um elemento a cada 4–8 compassos.',
      'Retire graves antes do ponto alto para aumentar o contraste.',
    ],
  };
}
