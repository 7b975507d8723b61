import type { AudioFeatures } from '../../../shared/schemas/ai';

/**
 * Rule-based studio advice from measured features (the numbers come from real analysis: the browser's
 * decoder in the AI DAW dialog or our own analysers). Each rule cites the measurement that triggered it.
 */
const HIGH_PASS: Record<string, number> = {
  vocal: 90,
  drums: 30,
  bass: 30,
  guitar: 100,
  piano: 60,
  synth: 80,
  'full-mix': 25,
};
const RATIO: Record<string, number> = {
  vocal: 3.5,
  drums: 4,
  bass: 4,
  guitar: 3,
  piano: 2,
  synth: 2.5,
  'full-mix': 1.5,
};
const GENRE_REVERB: Record<string, { type: string; decay: number; mix: number }> = {
  pop: { type: 'plate', decay: 1.6, mix: 0.18 },
  rock: { type: 'room', decay: 1.1, mix: 0.15 },
  electronic: { type: 'hall', decay: 2.4, mix: 0.2 },
  'hip-hop': { type: 'room', decay: 0.8, mix: 0.1 },
  jazz: { type: 'room', decay: 1.4, mix: 0.2 },
  classical: { type: 'hall', decay: 2.8, mix: 0.28 },
};

export interface MixAdvice {
  aiAdvice: string;
  recommendations: {
    eq: {
      highPass: number;
      cuts: { frequency: number; gainDb: number; q: number; reason: string }[];
      boosts: { frequency: number; gainDb: number; q: number; reason: string }[];
    };
    compression: { ratio: number; attackMs: number; releaseMs: number; thresholdDb: number };
    effects: {
      reverb: { type: string; decay: number; mix: number; preDelayMs: number };
      delay: { time: string; feedback: number; mix: number };
    };
  };
  basedOn: string[];
}

export function mixAdvice(trackType: string, genre: string, features: AudioFeatures = {}): MixAdvice {
  const basedOn: string[] = [`tipo de faixa ${trackType}`, `gênero ${genre}`];
  const cuts: MixAdvice['recommendations']['eq']['cuts'] = [];
  const boosts: MixAdvice['recommendations']['eq']['boosts'] = [];
  const notes: string[] = [];
  if (trackType === 'vocal') {
    cuts.push({ frequency: 300, gainDb: -2.5, q: 1.2, reason: 'embolamento típico de voz' });
    boosts.push({ frequency: 4000, gainDb: 2, q: 0.9, reason: 'presença e inteligibilidade' });
  } else if (trackType === 'bass') {
    cuts.push({ frequency: 250, gainDb: -2, q: 1, reason: 'limpar a região que disputa com os acordes' });
    boosts.push({ frequency: 900, gainDb: 1.5, q: 1, reason: 'harmônicos audíveis em caixas pequenas' });
  } else if (trackType === 'drums') {
    cuts.push({ frequency: 400, gainDb: -2, q: 1.4, reason: 'caixa de papelão no kick e nos tons' });
    boosts.push({ frequency: 60, gainDb: 1.5, q: 1, reason: 'peso do kick' });
  }
  if (features.lowEnergy !== undefined) {
    basedOn.push(`energia em graves ${Math.round(features.lowEnergy * 100)}%`);
    if (features.lowEnergy > 0.55) {
      cuts.push({ frequency: 120, gainDb: -3, q: 0.8, reason: 'graves acima de 55% da energia' });
      notes.push('Há excesso de graves: corte a região de 100–150 Hz ou suba o passa-altas.');
    } else if (features.lowEnergy < 0.15 && trackType !== 'vocal') {
      boosts.push({ frequency: 80, gainDb: 2, q: 0.7, reason: 'graves abaixo de 15% da energia' });
      notes.push('Faltam graves: reforce 60–100 Hz com cuidado.');
    }
  }
  if (features.highEnergy !== undefined) {
    basedOn.push(`energia em agudos ${Math.round(features.highEnergy * 100)}%`);
    if (features.highEnergy < 0.05) {
      boosts.push({ frequency: 10000, gainDb: 2, q: 0.7, reason: 'pouco brilho acima de 4 kHz' });
      notes.push('O som está opaco: um shelf suave em 10 kHz devolve o ar.');
    } else if (features.highEnergy > 0.3) {
      cuts.push({ frequency: 7000, gainDb: -2, q: 2, reason: 'agudos acima de 30% da energia' });
      notes.push('Agudos em excesso: use de-esser ou corte em 6–8 kHz.');
    }
  }
  let ratio = RATIO[trackType] ?? 3;
  if (features.crestDb !== undefined) {
    basedOn.push(`crest factor ${features.crestDb} dB`);
    if (features.crestDb > 18) {
      ratio += 1;
      notes.push(`Dinâmica muito ampla (crest ${features.crestDb} dB): comprima mais para estabilizar.`);
    } else if (features.crestDb < 8) {
      ratio = Math.max(1.5, ratio - 1.5);
      notes.push(`Pouca dinâmica (crest ${features.crestDb} dB): evite comprimir mais; alivie o limitador.`);
    }
  }
  if (features.peakDb !== undefined && features.peakDb > -1) {
    basedOn.push(`pico ${features.peakDb} dBFS`);
    notes.push('Picos encostando em 0 dBFS: reduza o ganho antes dos plugins para ter headroom.');
  }
  const reverb = GENRE_REVERB[genre] ?? GENRE_REVERB.electronic!;
  // A tempo the analysis is unsure of does not time the delay and release.
  const bpm = features.bpmClear === false ? undefined : features.bpm;
  const delayTime = bpm ? `${Math.round(60000 / bpm / 2)} ms (1/8 a ${Math.round(bpm)} BPM)` : '1/8';
  if (bpm) basedOn.push(`andamento ${Math.round(bpm)} BPM`);
  const compression = {
    ratio: Math.round(ratio * 10) / 10,
    attackMs: trackType === 'drums' ? 25 : trackType === 'vocal' ? 5 : 15,
    releaseMs: bpm ? Math.round(60000 / bpm / 4) : 100,
    thresholdDb: features.rmsDb !== undefined ? Math.round(features.rmsDb + 6) : -18,
  };
  const advice = [
    `Para ${trackType} em ${genre}: passa-altas em ${HIGH_PASS[trackType] ?? 40} Hz, compressão ${compression.ratio}:1 com attack de ${compression.attackMs} ms e release de ${compression.releaseMs} ms, reverb ${reverb.type} de ${reverb.decay} s em envio (${Math.round(reverb.mix * 100)}%).`,
    ...notes,
  ].join(' ');
  return {
    aiAdvice: advice,
    recommendations: {
      eq: { highPass: HIGH_PASS[trackType] ?? 40, cuts, boosts },
      compression,
      effects: {
        reverb: { ...reverb, preDelayMs: trackType === 'vocal' ? 40 : 15 },
        delay: { time: delayTime, feedback: 0.25, mix: 0.12 },
      },
    },
    basedOn,
  };
}

/** Mastering recommendations from a measured file. */
export function masteringAdvice(m: {
  integratedLufs: number;
  peakDbfs: number;
  crestFactorDb: number;
  dynamicRangeDb: number;
  spectrum: { lowShare: number; midShare: number; highShare: number };
  clippedSamples: number;
}): string[] {
  const out: string[] = [];
  if (m.integratedLufs < -16)
    out.push(
      `Loudness integrado de ${m.integratedLufs} LUFS está baixo para streaming (-14 LUFS): ganhe volume com compressão suave e limitador.`,
    );
  else if (m.integratedLufs > -8)
    out.push(
      `Loudness de ${m.integratedLufs} LUFS é muito alto: as plataformas vão abaixar o volume e a dinâmica já foi sacrificada.`,
    );
  else out.push(`Loudness de ${m.integratedLufs} LUFS está numa faixa adequada.`);
  if (m.peakDbfs > -1) out.push(`Pico em ${m.peakDbfs} dBFS: ajuste o teto do limitador para -1 dBTP.`);
  if (m.clippedSamples > 0)
    out.push(`${m.clippedSamples} amostras em clipping: reduza o ganho antes do limitador.`);
  if (m.crestFactorDb < 8)
    out.push(`Crest factor de ${m.crestFactorDb} dB: a master está esmagada; alivie a limitação.`);
  else if (m.crestFactorDb > 18)
    out.push(
      `Crest factor de ${m.crestFactorDb} dB: muita dinâmica para música popular; considere compressão de barramento.`,
    );
  if (m.spectrum.lowShare > 0.6)
    out.push(
      `Graves concentram ${Math.round(m.spectrum.lowShare * 100)}% da energia: corte suave abaixo de 150 Hz.`,
    );
  if (m.spectrum.highShare < 0.03)
    out.push('Pouca energia acima de 4 kHz: um shelf de +1 dB em 10 kHz abre o som.');
  if (m.spectrum.highShare > 0.3) out.push('Agudos excessivos: atenue 1–2 dB acima de 6 kHz.');
  return out;
}
