/**
 * The separator with one building block turned off at a time, for the ablation table in docs/audio.md
 * (`separator.ts --ablate [names]`). Each entry is DspSeparator options; names say what is missing.
 */
import type { DspSeparatorOptions } from '../../../lambdas/_lib/stems/dsp-separator';

export const ABLATIONS: Record<string, DspSeparatorOptions> = {
  'without low-band stage': { lowBand: false },
  /** The fitted model's masks as they are (magnitude ratios): the separator before the sharpening. */
  'without Wiener sharpening': { maskSharpness: 1 },
  /** One real mask per bin for both channels, as before the multichannel Wiener filter. */
  'without spatial Wiener filter': { spatialWiener: false, lowBand: { spatialFrames: 0 } },
  /** The stereo models on every frame, also a mono recording's (separator.ts --mono). */
  'without mono models': { mono: false },
};
