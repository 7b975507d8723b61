import * as z from 'zod';
import { issueCode } from '../errors';
import { ANALYSIS_TYPES, DAW_PORTS, DAW_TYPES, EMOTIONS, MIX_GENRES, SCALES, TRACK_TYPES } from '../daw';
import { NOTE_NAMES } from '../midi/theory';
import { normalizeText, textProblem } from '../text-input';

/**
 * Contract of the AI functions (spec AI-tools §5, §7, §8, §9), shared by the Lambdas and the web app.
 * docs/ai-api.md describes each route with examples.
 */

/**
 * The spec's texts of this area that are not API errors (those live with every other error message in
 * shared/i18n/api-errors, by code).
 */
export const aiMessages = {
  chatFallback: 'Desculpe, não consegui processar sua mensagem.',
  vocalNeedsProvider:
    'A síntese vocal com voz real precisa de um provedor de voz configurado; este ambiente renderiza uma voz sintética por formantes.',
} as const;

export const AI_ERROR_CODES = {
  quota: 'AI_QUOTA_EXCEEDED',
  unauthorized: 'AI_UNAUTHORIZED',
  timeout: 'AI_TIMEOUT',
  unavailable: 'AI_UNAVAILABLE',
  rateLimit: 'AI_RATE_LIMIT',
  emptyResponse: 'AI_EMPTY_RESPONSE',
  noResponse: 'AI_NO_RESPONSE',
  noAudio: 'NO_AUDIO_DETECTED',
  needsKey: 'AI_KEY_REQUIRED',
  unsupported: 'UNSUPPORTED_AUDIO',
} as const;

export const ATTACHMENT_TTL_MS = 60_000;
/** Base64 of a voice recording (≈ 4.5 MB of audio); API Gateway → Lambda payloads stop at 6 MB. */
export const MAX_VOICE_BASE64_CHARS = 6 * 1024 * 1024;

// ---------------------------------------------------------------------------------------------------
// Chat

export const ChatRole = z.enum(['user', 'assistant', 'system']);
export const ChatMessage = z.object({ role: ChatRole, content: z.string().max(8000) });
export type ChatMessage = z.infer<typeof ChatMessage>;

export const ChatMode = z.enum(['assistant', 'creative']);

/** Accepts the new shape ({messages}) and the spec's ({message, context}). */
export const ChatRequest = z
  .object({
    messages: z.array(ChatMessage).max(40).optional(),
    message: z.string().max(8000).optional(),
    context: z.string().max(500).optional(),
    mode: z.union([ChatMode, z.string().max(40)]).optional(),
    userId: z.string().max(200).optional(),
    attachments: z
      .array(z.object({ name: z.string().max(200), analysis: z.string().max(8000) }))
      .max(5)
      .optional(),
  })
  .transform((body, ctx) => {
    const messages = [...(body.messages ?? [])];
    if (body.message !== undefined) messages.push({ role: 'user', content: body.message });
    const last = [...messages].reverse().find((m) => m.role === 'user');
    if (!last || last.content.trim() === '') {
      ctx.addIssue({ code: 'custom', path: ['message'], message: issueCode('INPUT_REQUIRED') });
      return z.NEVER;
    }
    // The person's new message follows the shared text rule (the earlier turns are the app's own).
    const problem = textProblem('message', normalizeText(last.content, true), { max: 8000, multiline: true });
    if (problem) {
      ctx.addIssue({
        code: 'custom',
        path: ['message'],
        message: problem.code,
        params: { ...problem.params, code: problem.code },
      });
      return z.NEVER;
    }
    return {
      messages,
      mode: body.mode === 'creative' ? ('creative' as const) : ('assistant' as const),
      context: body.context,
      attachments: body.attachments ?? [],
    };
  });
export type ChatRequest = z.infer<typeof ChatRequest>;

export interface ChatAnswer {
  response: string;
  offline: boolean;
  sources: string[];
  /** What the answer is: from the knowledge base, from the platform's own data, or "I don't know". */
  kind?: 'answer' | 'facts' | 'unknown';
  /** With "I don't know": the closest topics, to ask about next. */
  suggestions?: string[];
  model: string;
  language: 'pt' | 'en' | 'es';
}

// ---------------------------------------------------------------------------------------------------
// Neural Engine V2

export const NeuralMode = z.enum(['creative', 'analytical', 'educational', 'production']);
export type NeuralMode = z.infer<typeof NeuralMode>;

export const NeuralRequest = z.object({
  prompt: z
    .string()
    .max(8000)
    .refine((p) => p.trim() !== '', issueCode('PROMPT_REQUIRED')),
  mode: NeuralMode.default('creative'),
  /** Creativity slider 0..1 step 0.1 (default 0.7); `creativity` is accepted as an alias. */
  temperature: z.number().min(0).max(1).optional(),
  creativity: z.number().min(0).max(1).optional(),
  /** Depth slider 500..3000 step 100 (default 1500); `depth` is accepted as an alias. */
  maxTokens: z.number().int().min(500).max(3000).optional(),
  depth: z.number().int().min(500).max(3000).optional(),
  context: z.string().max(500).optional(),
  userId: z.string().max(200).optional(),
});
export type NeuralRequest = z.infer<typeof NeuralRequest>;

export const NEURAL_DEFAULTS = { temperature: 0.7, maxTokens: 1500 } as const;

// ---------------------------------------------------------------------------------------------------
// Generic tools

export const GenericToolRequest = z.object({
  prompt: z
    .string()
    .max(8000)
    .refine((p) => p.trim() !== '', issueCode('INPUT_REQUIRED')),
  mode: z.string().max(40).optional(),
  context: z.string().max(500).optional(),
  userId: z.string().max(200).optional(),
});

export const AudioAnalysisRequest = z.object({
  analysisType: z.string().max(40).default('analyze'),
  prompt: z.string().max(8000).default(''),
  /** An upload of the caller (chat-attachment or stem-split) to measure; without it, text advice only. */
  uploadId: z.string().max(200).optional(),
  key: z.string().max(1024).optional(),
  settings: z
    .object({ detail: z.unknown().optional(), mastering: z.unknown().optional() })
    .partial()
    .optional(),
  context: z.string().max(500).optional(),
  userId: z.string().max(200).optional(),
});

// ---------------------------------------------------------------------------------------------------
// Voice and files

export const VoiceRequest = z.object({
  audio: z
    .string()
    .min(1, issueCode('NO_AUDIO_DETECTED'))
    .max(MAX_VOICE_BASE64_CHARS, 'Gravação muito longa — envie até cerca de 4 MB de áudio.'),
  mimeType: z.string().max(100).default('audio/webm'),
});

export const FileAnalysisRequest = z
  .object({
    uploadId: z.string().max(200).optional(),
    key: z.string().max(1024).optional(),
    /** The spec's name for the object key. */
    filePath: z.string().max(1024).optional(),
    analysisType: z.string().max(40).default('auto'),
    prompt: z.string().max(4000).optional(),
  })
  .refine((b) => b.uploadId || b.key || b.filePath, { message: issueCode('UPLOAD_REFERENCE_REQUIRED') });

// ---------------------------------------------------------------------------------------------------
// DAW bridge

// The DAWs, their ports and the tools' option lists live in shared/daw.ts (the web dialogs use them too).
export { DAW_PORTS, DAW_TYPES };
export const DawType = z.enum(DAW_TYPES);
export type DawType = z.infer<typeof DawType>;

export const BASIC_KEYS = ['C Major', 'A Minor', 'G Major', 'E Minor', 'C', 'Am', 'G', 'Em'] as const;
export { NOTE_NAMES };
export const BEAT_GENRES = [
  'house',
  'techno',
  'trap',
  'dnb',
  'dubstep',
  'ambient',
  'jazz',
  'rock',
  'electronic',
] as const;
export { ANALYSIS_TYPES, EMOTIONS, MIX_GENRES, SCALES, TRACK_TYPES };

export const MidiTracks = z
  .object({ drums: z.boolean(), bass: z.boolean(), melody: z.boolean(), harmony: z.boolean() })
  .partial()
  .default({ drums: true, bass: true, melody: true, harmony: false });

export const GenerateMidiData = z.object({
  bpm: z.coerce.number().min(20).max(300).default(128),
  key: z.string().max(20).default('Am'),
  genre: z.string().max(40).default('electronic'),
  tracks: MidiTracks,
});

export const OscCommand = z.enum(['play', 'stop', 'tempo', 'record']);
export const SendOscData = z.object({
  command: OscCommand,
  value: z.coerce.number().min(0).max(999).optional(),
  host: z.string().max(253).default('localhost'),
  port: z.coerce.number().int().min(1).max(65535).optional(),
  enabled: z.boolean().optional(),
});

export const ExportProjectData = z.object({
  tracks: z.array(z.string().max(40)).max(32).default([]),
  bpm: z.coerce.number().min(20).max(300).default(128),
  key: z.string().max(20).default('Am'),
  genre: z.string().max(40).default('electronic'),
});

export const DawRequest = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('generate_midi'),
    dawType: DawType.default('ableton'),
    data: GenerateMidiData,
  }),
  z.object({ action: z.literal('send_osc'), dawType: DawType.default('ableton'), data: SendOscData }),
  z.object({
    action: z.literal('export_project'),
    dawType: DawType.default('ableton'),
    data: ExportProjectData,
  }),
]);

export const BeatSettings = z.object({
  genre: z.string().max(40).default('electronic'),
  bpm: z.coerce.number().int().min(60).max(200).default(128),
  complexity: z.coerce.number().int().min(1).max(10).default(5),
  measures: z.coerce.number().int().min(1).max(32).default(4),
  swing: z.coerce.number().min(0).max(100).default(0),
  humanization: z.coerce.number().min(0).max(50).default(15),
  seed: z.number().int().optional(),
});
export type BeatSettings = z.infer<typeof BeatSettings>;

export const MelodySettings = z.object({
  key: z.enum(NOTE_NAMES).default('C'),
  scale: z.enum(SCALES).default('major'),
  genre: z.string().max(40).default('electronic'),
  emotion: z.enum(EMOTIONS).default('energetic'),
  bars: z.coerce.number().int().min(4).max(32).default(8),
  complexity: z.coerce.number().int().min(1).max(10).default(5),
  bpm: z.coerce.number().int().min(60).max(200).default(120),
  seed: z.number().int().optional(),
});
export type MelodySettings = z.infer<typeof MelodySettings>;

export const AudioFeatures = z
  .object({
    bpm: z.number().min(20).max(300).optional(),
    /** False: the tempo is only a guess (shared/audio/music/analyse.ts), said as "tempo unclear". */
    bpmClear: z.boolean().optional(),
    key: z.string().max(20).optional(),
    keyClear: z.boolean().optional(),
    rmsDb: z.number().min(-120).max(10).optional(),
    peakDb: z.number().min(-120).max(10).optional(),
    lufs: z.number().min(-120).max(10).optional(),
    crestDb: z.number().min(0).max(100).optional(),
    spectralCentroid: z.number().min(0).max(24000).optional(),
    lowEnergy: z.number().min(0).max(1).optional(),
    midEnergy: z.number().min(0).max(1).optional(),
    highEnergy: z.number().min(0).max(1).optional(),
    duration: z.number().min(0).optional(),
  })
  .partial();
export type AudioFeatures = z.infer<typeof AudioFeatures>;

export const Effects = z.object({
  filterCutoff: z.number().min(20).max(20000).default(1000),
  resonance: z.number().min(0).max(1).default(0.5),
  distortion: z.number().min(0).max(1).default(0),
  delay: z.number().min(0).max(1).default(0.3),
  reverb: z.number().min(0).max(1).default(0.25),
});

export const AiDawRequest = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('ai_audio_analysis'),
    dawType: DawType.optional(),
    data: z.object({
      audioFeatures: AudioFeatures.optional(),
      analysisType: z.enum(ANALYSIS_TYPES).default('full-spectrum'),
    }),
  }),
  z.object({ action: z.literal('ai_beat_generation'), dawType: DawType.optional(), data: BeatSettings }),
  z.object({ action: z.literal('ai_melody_creation'), dawType: DawType.optional(), data: MelodySettings }),
  z.object({
    action: z.literal('ai_mix_assistant'),
    dawType: DawType.optional(),
    data: z.object({
      trackInfo: z.object({
        type: z.enum(TRACK_TYPES).default('vocal'),
        genre: z.enum(MIX_GENRES).default('electronic'),
      }),
      reference: z.string().max(200).optional(),
      audioFeatures: AudioFeatures.optional(),
    }),
  }),
  z.object({
    action: z.literal('smart_arrangement'),
    dawType: DawType.optional(),
    data: z.object({
      genre: z.string().max(40).default('electronic'),
      length: z.coerce.number().int().min(1).max(16).default(4),
      bpm: z.coerce.number().int().min(60).max(200).default(128),
    }),
  }),
  z.object({
    action: z.literal('sync_parameters'),
    dawType: DawType.default('ableton'),
    data: Effects.extend({
      host: z.string().max(253).default('localhost'),
      port: z.coerce.number().int().min(1).max(65535).optional(),
    }),
  }),
]);
