/** The four stems every separator returns, as the splitter view and `neural-stem-splitter` name them. */
export const STEM_NAMES = ['vocals', 'drums', 'bass', 'other'] as const;
export type StemName = (typeof STEM_NAMES)[number];

/** Each a WAV of the input's length, sample rate and (up to two) channels. */
export type SeparatedStems = Record<StemName, Uint8Array>;

export interface StemSeparator {
  readonly name: string;
  separate(wav: Uint8Array, options?: { signal?: AbortSignal }): Promise<SeparatedStems>;
}
