/**
 * The tempo a beat may have (the upload schema's rule). Kept apart from the zod schemas so the catalogue's
 * stats, which cover every BPM band in between, read it without evaluating zod.
 */
export const BEAT_BPM = { min: 20, max: 300 } as const;
