import { apiRequest } from '../../api/client';
import type { AudioFeatures } from '../../lib/audio-features';
import type { DawId, MidiTrack } from './daws';

/**
 * The DAW bridge calls (docs/ai-api.md): `daw-integration` for the basic dialog, `ai-daw-integration`
 * for the AI dialog. MIDI comes back as base64 Standard MIDI Files; OSC packets are sent over UDP by the
 * local runtime (in the cloud the API answers with the encoded packet and why it was not sent).
 */

export interface MidiSettings {
  bpm: number;
  key: string;
  genre: string;
  tracks: Record<MidiTrack, boolean>;
}

export interface MidiExport {
  midiBase64: string;
  tracks?: number;
}

function pickMidi(body: unknown): MidiExport {
  const value = body as {
    midiBase64?: unknown;
    midiData?: unknown;
    midiExport?: unknown;
    tracks?: unknown;
  } | null;
  const midi = value?.midiBase64 ?? value?.midiData ?? value?.midiExport;
  if (typeof midi !== 'string' || !midi) throw new Error('No MIDI in the answer');
  return { midiBase64: midi, tracks: typeof value?.tracks === 'number' ? value.tracks : undefined };
}

export async function exportMidi(dawType: DawId, settings: MidiSettings): Promise<MidiExport> {
  const body = await apiRequest<unknown>('/api/functions/daw-integration', {
    method: 'POST',
    body: { action: 'generate_midi', dawType, data: settings },
  });
  return pickMidi(body);
}

export type OscCommand = 'play' | 'stop' | 'tempo' | 'record';

export interface OscResult {
  sent: boolean;
  packetBase64?: string;
  reason?: string;
}

export async function sendOsc(
  dawType: DawId,
  command: OscCommand,
  target: { host: string; port: number },
  value?: number,
): Promise<OscResult> {
  const body = await apiRequest<{ sent?: unknown; packet?: unknown; reason?: unknown } | null>(
    '/api/functions/daw-integration',
    {
      method: 'POST',
      body: {
        action: 'send_osc',
        dawType,
        data: { command, value, host: target.host, port: target.port, enabled: true },
      },
    },
  );
  if (!body || typeof body.sent !== 'boolean') throw new Error('No OSC result');
  return {
    sent: body.sent,
    packetBase64: typeof body.packet === 'string' ? body.packet : undefined,
    reason: typeof body.reason === 'string' ? body.reason : undefined,
  };
}

export async function exportProject(
  dawType: DawId,
  project: { tracks: string[]; bpm: number; key: string; genre: string },
): Promise<unknown> {
  const body = await apiRequest<unknown>('/api/functions/daw-integration', {
    method: 'POST',
    body: { action: 'export_project', dawType, data: project },
  });
  const value = body as { exportData?: unknown; instructions?: unknown } | null;
  if (!value?.exportData || typeof value.exportData !== 'object') throw new Error('No project data');
  return { ...value.exportData, instructions: value.instructions ?? [] };
}

// ---------------------------------------------------------------------------------------------------
// AI DAW dialog

async function aiDaw<T>(action: string, dawType: DawId, data: unknown): Promise<T> {
  const body = await apiRequest<T | null>('/api/functions/ai-daw-integration', {
    method: 'POST',
    body: { action, dawType, data },
  });
  if (body === null || typeof body !== 'object') throw new Error('Empty answer');
  return body;
}

/** The server's audioFeatures shape (shared/schemas/ai.ts): measured values only, unknown ones left out. */
function toServerFeatures(features: AudioFeatures) {
  return {
    bpm: features.estimatedBpm ?? undefined,
    bpmClear: features.estimatedBpm !== null ? features.tempoClear : undefined,
    key: features.estimatedKey ?? undefined,
    keyClear: features.estimatedKey !== null ? features.keyClear : undefined,
    lufs: features.lufs > -120 ? features.lufs : undefined,
    rmsDb: features.rmsDb,
    peakDb: features.peakDb,
    crestDb: Math.max(0, features.crestFactorDb),
    spectralCentroid: Math.min(24000, features.spectralCentroid),
    lowEnergy: features.lowEnergy,
    midEnergy: features.midEnergy,
    highEnergy: features.highEnergy,
    duration: features.duration,
  };
}

export interface AudioAnalysis {
  aiInsights: string;
  detectedKey: string;
  detectedBPM: number | null;
  /** False: the analysis is unsure; shown as "key unclear" / "tempo unclear" with the guess. */
  keyClear: boolean;
  bpmClear: boolean;
  recommendations: string[];
}

export async function analyseAudio(
  dawType: DawId,
  audioFeatures: AudioFeatures,
  analysisType: string,
): Promise<AudioAnalysis> {
  const body = await aiDaw<{ analysis?: Partial<AudioAnalysis> } & Partial<AudioAnalysis>>(
    'ai_audio_analysis',
    dawType,
    { audioFeatures: toServerFeatures(audioFeatures), analysisType },
  );
  const analysis = body.analysis ?? body;
  if (typeof analysis.aiInsights !== 'string') throw new Error('No analysis');
  return {
    aiInsights: analysis.aiInsights,
    detectedKey: typeof analysis.detectedKey === 'string' ? analysis.detectedKey : '—',
    detectedBPM: typeof analysis.detectedBPM === 'number' ? analysis.detectedBPM : null,
    keyClear: analysis.keyClear !== false,
    bpmClear: analysis.bpmClear !== false,
    recommendations: Array.isArray(analysis.recommendations) ? analysis.recommendations.map(String) : [],
  };
}

export interface BeatSettings {
  genre: string;
  bpm: number;
  complexity: number;
  measures: number;
  swing: number;
  humanization: number;
}

export interface MelodySettings {
  key: string;
  scale: string;
  genre: string;
  emotion: string;
  bars: number;
  complexity: number;
}

export async function generateBeat(dawType: DawId, settings: BeatSettings): Promise<MidiExport> {
  return pickMidi(await aiDaw<unknown>('ai_beat_generation', dawType, settings));
}

export async function createMelody(dawType: DawId, settings: MelodySettings): Promise<MidiExport> {
  return pickMidi(await aiDaw<unknown>('ai_melody_creation', dawType, settings));
}

export interface MixResult {
  aiAdvice: string;
  recommendations: {
    eq?: { highPass?: string | number; [band: string]: unknown };
    compression?: { ratio?: string | number; [setting: string]: unknown };
    effects?: { reverb?: string | number | Record<string, unknown>; [effect: string]: unknown };
  };
}

export async function analyseMix(
  dawType: DawId,
  trackInfo: { type: string; genre: string },
  reference: string,
): Promise<MixResult> {
  const body = await aiDaw<Partial<MixResult>>('ai_mix_assistant', dawType, {
    trackInfo,
    reference: reference.trim() || undefined,
  });
  if (typeof body.aiAdvice !== 'string') throw new Error('No mix advice');
  return { aiAdvice: body.aiAdvice, recommendations: body.recommendations ?? {} };
}

export async function generateArrangement(
  dawType: DawId,
  settings: { genre: string; length: number; bpm: number },
): Promise<unknown> {
  return aiDaw<unknown>('smart_arrangement', dawType, settings);
}

export interface Effects {
  filterCutoff: number;
  resonance: number;
  distortion: number;
  delay: number;
  reverb: number;
}

export async function syncParameters(dawType: DawId, effects: Effects, signal?: AbortSignal): Promise<void> {
  await apiRequest<unknown>('/api/functions/ai-daw-integration', {
    method: 'POST',
    body: { action: 'sync_parameters', dawType, data: effects },
    signal,
  });
}
