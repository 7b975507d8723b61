/**
 * The DAW bridge's vocabulary (AI-tools spec §3, §5, §9): the DAWs and their default ports, and the option
 * lists of the AI DAW tools. One source for the request schemas (shared/schemas/ai.ts), the OSC bridge and
 * the web's DAW dialogs; no zod here, so the dialogs import it without the schemas.
 */

export const DAW_TYPES = ['ableton', 'logic', 'reaper', 'fl-studio', 'cubase', 'pro-tools'] as const;
export type DawType = (typeof DAW_TYPES)[number];

/** Spec §9 per-DAW default ports. FL Studio, Cubase and Pro Tools have no OSC port: their websocket one. */
export const DAW_PORTS: Record<DawType, { osc?: number; websocket: number; api?: number }> = {
  ableton: { osc: 11000, websocket: 11001 },
  logic: { osc: 8000, websocket: 8001 },
  reaper: { osc: 8080, websocket: 8081, api: 8082 },
  'fl-studio': { websocket: 9001 },
  cubase: { websocket: 7001 },
  'pro-tools': { websocket: 6001 },
};

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
export const ANALYSIS_TYPES = ['full-spectrum', 'harmonic', 'rhythmic', 'tonal', 'mix-quality'] as const;
export const TRACK_TYPES = ['vocal', 'drums', 'bass', 'guitar', 'piano', 'synth', 'full-mix'] as const;
export const MIX_GENRES = ['pop', 'rock', 'electronic', 'hip-hop', 'jazz', 'classical'] as const;
