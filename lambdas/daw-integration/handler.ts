import { DawRequest } from '../../shared/schemas/ai';
import { songMidi } from '../../shared/midi/generators';
import { encodeOsc } from '../../shared/osc/osc';
import { defaultOscPort, oscDelivery, oscMessageFor, sendUdp } from '../_lib/daw/osc-bridge';
import { AppError } from '../_lib/errors';
import { httpHandler, json, parseBody } from '../_lib/http';

/**
 * POST /api/functions/daw-integration (public): the basic DAW dialog.
 * generate_midi → a Standard MIDI File (base64); send_osc → an OSC 1.0 packet, sent over UDP where the
 * runtime can reach the DAW (local) or returned encoded (cloud); export_project → project JSON.
 */
export const handler = httpHandler(async (event) => {
  const request = parseBody(event, DawRequest);
  switch (request.action) {
    case 'generate_midi': {
      const { midi, tracks } = songMidi(request.data);
      if (tracks.length === 0) throw new AppError(400, 'NO_TRACKS');
      return json(200, {
        success: true,
        midiData: Buffer.from(midi).toString('base64'),
        fileName: `5d-${request.data.genre}-${request.data.bpm}bpm.mid`,
        tracks: tracks.length,
        trackNames: tracks,
        bpm: request.data.bpm,
        key: request.data.key,
      });
    }
    case 'send_osc': {
      const { command, value, host } = request.data;
      const port = request.data.port ?? defaultOscPort(request.dawType);
      const message = oscMessageFor(request.dawType, command, value);
      const packet = encodeOsc(message);
      const base = {
        command,
        address: message.address,
        host,
        port,
        packet: Buffer.from(packet).toString('base64'),
      };
      if (oscDelivery() === 'packet') {
        return json(200, {
          success: true,
          sent: false,
          ...base,
          reason:
            'O servidor roda na nuvem e não alcança a rede local do seu computador; envie este pacote OSC (UDP) a partir do seu computador ou use o app local.',
        });
      }
      try {
        await sendUdp(packet, host, port);
      } catch {
        throw new AppError(502, 'OSC_SEND_FAILED', { host, port });
      }
      return json(200, { success: true, sent: true, ...base });
    }
    case 'export_project': {
      const { tracks, bpm, key, genre } = request.data;
      const exportData = {
        format: '5d-project',
        version: 1,
        daw: request.dawType,
        createdAt: new Date().toISOString(),
        project: { bpm, key, genre, timeSignature: '4/4' },
        tracks: tracks.map((name, index) => ({
          name,
          index,
          type: name === 'drums' ? 'drum-rack' : 'midi',
          midiChannel: name === 'drums' ? 10 : index + 1,
        })),
      };
      return json(200, {
        success: true,
        exportData,
        instructions: [
          `Abra o ${request.dawType} e crie um projeto em ${bpm} BPM, tonalidade ${key}.`,
          'Crie uma faixa MIDI para cada entrada de "tracks" e importe o arquivo .mid exportado na aba MIDI Export.',
          'Ative o OSC da DAW (porta padrão mostrada no diálogo) para controlar transporte e andamento.',
        ],
      });
    }
  }
});
