/** The DAWs the bridge dialogs offer and their default ports (AI-tools spec §3, §9). */

export type DawId = 'ableton' | 'logic' | 'reaper' | 'fl-studio' | 'cubase' | 'pro-tools';

export interface DawInfo {
  id: DawId;
  name: string;
  icon: string;
  features: readonly string[];
  ports: { osc?: number; websocket?: number; api?: number };
}

export const DAWS: readonly DawInfo[] = [
  {
    id: 'ableton',
    name: 'Ableton Live',
    icon: '🎛️',
    features: ['midi', 'osc', 'sync'],
    ports: { osc: 11000, websocket: 11001 },
  },
  {
    id: 'logic',
    name: 'Logic Pro X',
    icon: '🍎',
    features: ['midi', 'osc'],
    ports: { osc: 8000, websocket: 8001 },
  },
  {
    id: 'reaper',
    name: 'Reaper',
    icon: '🎚️',
    features: ['midi', 'osc', 'api'],
    ports: { osc: 8080, websocket: 8081, api: 8082 },
  },
  {
    id: 'fl-studio',
    name: 'FL Studio',
    icon: '🍓',
    features: ['midi', 'websocket'],
    ports: { websocket: 9001 },
  },
  { id: 'cubase', name: 'Cubase', icon: '🎼', features: ['midi', 'websocket'], ports: { websocket: 7001 } },
  {
    id: 'pro-tools',
    name: 'Pro Tools',
    icon: '🎙️',
    features: ['midi', 'websocket'],
    ports: { websocket: 6001 },
  },
];

/** The basic dialog offers the first four; the AI dialog all six. */
export const BASIC_DAWS = DAWS.slice(0, 4);

/** Spec §9: OSC default port 11000; a DAW's own OSC port (else its websocket port) when it has one. */
export const DEFAULT_OSC_PORT = 11000;
export function defaultPort(daw: DawInfo): number {
  return daw.ports.osc ?? daw.ports.websocket ?? DEFAULT_OSC_PORT;
}

export const MIDI_KEYS = [
  { value: 'C', label: 'C Major' },
  { value: 'Am', label: 'A Minor' },
  { value: 'G', label: 'G Major' },
  { value: 'Em', label: 'E Minor' },
] as const;
export const MIDI_TRACKS = ['drums', 'bass', 'melody', 'harmony'] as const;
export type MidiTrack = (typeof MIDI_TRACKS)[number];

export const ANALYSIS_TYPES = ['full-spectrum', 'harmonic', 'rhythmic', 'tonal', 'mix-quality'] as const;
export const BEAT_GENRES = ['house', 'techno', 'trap', 'dnb', 'dubstep', 'ambient', 'jazz', 'rock'] as const;
export const NOTE_KEYS = ['C', 'C#', 'D', 'D#', 'E', 'F', 'F#', 'G', 'G#', 'A', 'A#', 'B'] as const;
export const SCALES = [
  'major',
  'minor',
  'dorian',
  'phrygian',
  'lydian',
  'mixolydian',
  'pentatonic',
  'blues',
] as const;
export const EMOTIONS = [
  'happy',
  'sad',
  'energetic',
  'calm',
  'mysterious',
  'epic',
  'romantic',
  'dark',
] as const;
export const TRACK_TYPES = ['vocal', 'drums', 'bass', 'guitar', 'piano', 'synth', 'full-mix'] as const;
export const MIX_GENRES = ['pop', 'rock', 'electronic', 'hip-hop', 'jazz', 'classical'] as const;

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
