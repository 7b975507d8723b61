import { AiDawRequest, ANALYSIS_TYPES } from '../../shared/schemas/ai';
import { beatMidi, melodyMidi } from '../../shared/midi/generators';
import { encodeOsc } from '../../shared/osc/osc';
import { mixAdvice } from '../_lib/ai/mix-advice';
import { arrangement } from '../_lib/daw/arrangement';
import { defaultOscPort, oscDelivery, sendUdp } from '../_lib/daw/osc-bridge';
import { AppError } from '../_lib/errors';
import { httpHandler, json, parseBody } from '../_lib/http';

/**
 * POST /api/functions/ai-daw-integration (public): the AI DAW dialog. Beats and melodies are real
 * Standard MIDI Files (base64 in midiExport); analysis and mix advice are computed from the features
 * the caller measured; sync_parameters sends the effects as OSC (UDP locally, packets in the cloud).
 */
export const handler = httpHandler(async (event) => {
  const request = parseBody(event, AiDawRequest);
  switch (request.action) {
    case 'ai_audio_analysis': {
      const f = request.data.audioFeatures ?? {};
      if (f.bpm === undefined && f.key === undefined && f.rmsDb === undefined && f.lowEnergy === undefined) {
        throw new AppError(400, 'AUDIO_FEATURES_REQUIRED');
      }
      const advice = mixAdvice('full-mix', 'electronic', f);
      const insights: string[] = [];
      // A guess below the analysis's confidence is said to be one ("tempo incerto"), not stated as fact.
      if (f.bpm)
        insights.push(
          f.bpmClear === false
            ? `Tempo incerto (talvez ${Math.round(f.bpm)} BPM).`
            : `Andamento medido: ${Math.round(f.bpm)} BPM.`,
        );
      if (f.key)
        insights.push(
          f.keyClear === false ? `Tom incerto (talvez ${f.key}).` : `Tonalidade estimada: ${f.key}.`,
        );
      if (f.lufs !== undefined) insights.push(`Loudness integrado: ${f.lufs} LUFS.`);
      if (f.spectralCentroid)
        insights.push(
          `Centroide espectral em ${Math.round(f.spectralCentroid)} Hz (${f.spectralCentroid > 3000 ? 'brilhante' : f.spectralCentroid < 1200 ? 'escuro' : 'equilibrado'}).`,
        );
      return json(200, {
        success: true,
        analysis: {
          analysisType: request.data.analysisType,
          availableTypes: ANALYSIS_TYPES,
          detectedKey: f.key ?? null,
          detectedBPM: f.bpm ? Math.round(f.bpm) : null,
          keyClear: f.key ? f.keyClear !== false : false,
          bpmClear: f.bpm ? f.bpmClear !== false : false,
          aiInsights: [...insights, advice.aiAdvice].join(' '),
          recommendations: [
            `Passa-altas em ${advice.recommendations.eq.highPass} Hz no barramento de efeitos.`,
            ...advice.recommendations.eq.cuts.map(
              (c) => `Corte de ${c.gainDb} dB em ${c.frequency} Hz: ${c.reason}.`,
            ),
            ...advice.recommendations.eq.boosts.map(
              (b) => `Realce de +${b.gainDb} dB em ${b.frequency} Hz: ${b.reason}.`,
            ),
          ],
          basedOn: advice.basedOn,
        },
      });
    }
    case 'ai_beat_generation': {
      const { midi, notes } = beatMidi(request.data);
      return json(200, {
        success: true,
        midiExport: Buffer.from(midi).toString('base64'),
        fileName: `5d-beat-${request.data.genre}-${request.data.bpm}bpm.mid`,
        settings: request.data,
        notes,
      });
    }
    case 'ai_melody_creation': {
      const { midi, notes } = melodyMidi(request.data);
      return json(200, {
        success: true,
        midiExport: Buffer.from(midi).toString('base64'),
        fileName: `5d-melody-${request.data.key}-${request.data.scale}.mid`,
        settings: request.data,
        notes: notes.length,
      });
    }
    case 'ai_mix_assistant': {
      const advice = mixAdvice(
        request.data.trackInfo.type,
        request.data.trackInfo.genre,
        request.data.audioFeatures,
      );
      return json(200, { success: true, ...advice, reference: request.data.reference ?? null });
    }
    case 'smart_arrangement':
      return json(200, {
        success: true,
        ...arrangement(request.data.genre, request.data.length, request.data.bpm),
      });
    case 'sync_parameters': {
      const { host, port: requestedPort, ...effects } = request.data;
      const port = requestedPort ?? defaultOscPort(request.dawType);
      const packets = Object.entries(effects).map(([name, value]) =>
        encodeOsc({ address: `/5d/effects/${name}`, args: [{ type: 'f', value }] }),
      );
      const encoded = packets.map((p) => Buffer.from(p).toString('base64'));
      if (oscDelivery() === 'packet') {
        return json(200, {
          success: true,
          sent: false,
          host,
          port,
          packets: encoded,
          reason:
            'O servidor roda na nuvem e não alcança a rede local do seu computador; os pacotes OSC seguem codificados na resposta.',
        });
      }
      try {
        for (const packet of packets) await sendUdp(packet, host, port);
      } catch {
        throw new AppError(502, 'OSC_SEND_FAILED', { context: 'sync', host, port });
      }
      return json(200, { success: true, sent: true, host, port, packets: encoded });
    }
  }
});
