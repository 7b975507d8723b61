import { DAW_PORTS, DAW_TYPES, type DawType } from '../../../../shared/daw';

/** The DAWs the bridge dialogs offer and their default ports (AI-tools spec §3, §9; ports in shared/daw). */

export type DawId = DawType;

export interface DawInfo {
  id: DawId;
  name: string;
  icon: string;
  features: readonly string[];
  ports: { osc?: number; websocket?: number; api?: number };
}

const LABELS: Record<DawId, Pick<DawInfo, 'name' | 'icon' | 'features'>> = {
  ableton: { name: 'Ableton Live', icon: '🎛️', features: ['midi', 'osc', 'sync'] },
  logic: { name: 'Logic Pro X', icon: '🍎', features: ['midi', 'osc'] },
  reaper: { name: 'Reaper', icon: '🎚️', features: ['midi', 'osc', 'api'] },
  'fl-studio': { name: 'FL Studio', icon: '🍓', features: ['midi', 'websocket'] },
  cubase: { name: 'Cubase', icon: '🎼', features: ['midi', 'websocket'] },
  'pro-tools': { name: 'Pro Tools', icon: '🎙️', features: ['midi', 'websocket'] },
};

/** In the spec's order (shared/daw DAW_TYPES). */
export const DAWS: readonly DawInfo[] = DAW_TYPES.map((id) => ({ id, ...LABELS[id], ports: DAW_PORTS[id] }));

/** The basic dialog offers the first four; the AI dialog all six. */
export const BASIC_DAWS = DAWS.slice(0, 4);

/** Spec §9: OSC default port 11000; a DAW's own OSC port (else its websocket port) when it has one. */
export const DEFAULT_OSC_PORT = 11000;
export function defaultPort(daw: DawInfo): number {
  return daw.ports.osc ?? daw.ports.websocket ?? DEFAULT_OSC_PORT;
}

/** The MIDI export's keys, in the API's short spelling; the dialog names them with lib/key-names. */
export const MIDI_KEYS = ['C', 'Am', 'G', 'Em'] as const;
export const MIDI_TRACKS = ['drums', 'bass', 'melody', 'harmony'] as const;
export type MidiTrack = (typeof MIDI_TRACKS)[number];

export { ANALYSIS_TYPES, EMOTIONS, MIX_GENRES, SCALES, TRACK_TYPES } from '../../../../shared/daw';
export { NOTE_NAMES as NOTE_KEYS } from '../../../../shared/midi/theory';
/** The dialog lists 'electronic' first, then these (the schema's BEAT_GENRES, in the spec's UI order). */
export const BEAT_GENRES = ['house', 'techno', 'trap', 'dnb', 'dubstep', 'ambient', 'jazz', 'rock'] as const;

/** Spec §5 slider ranges. */
export const RANGES = {
  beatBpm: { min: 60, max: 200, step: 1 },
  complexity: { min: 1, max: 10, step: 1 },
  measures: { min: 1, max: 16, step: 1 },
  humanization: { min: 0, max: 50, step: 5 },
  swing: { min: 0, max: 100, step: 5 },
  bars: { min: 4, max: 32, step: 2 },
  filterCutoff: { min: 20, max: 20000, step: 10 },
  unit: { min: 0, max: 1, step: 0.01 },
} as const;

export const SYNC_DEBOUNCE_MS = 500;
