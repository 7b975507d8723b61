/**
 * The separator with one building block turned off at a time, for the ablation table in docs/audio.md
 * (`separator.ts --ablate`). Each entry is DspSeparator options; names say what is missing.
 */
import type { DspSeparatorOptions } from '../../../lambdas/_lib/stems/dsp-separator';

export const ABLATIONS: Record<string, DspSeparatorOptions> = {
  'without low-band stage': { lowBand: false },
};
