import { checkUpload } from '../../../../../shared/uploads';
import { decodeForAnalysis } from '../../../lib/analysis-audio';
import { uploadForKey } from '../../dashboard/api/uploads';
import { analyseUpload, type AudioDetection } from '../api/licences';

/**
 * The acapella match's work (AcapellaMatch.tsx loads this module when a file is chosen, so decoding and
 * upload code stay off the marketplace's first load): decode in the browser, upload a short mono WAV,
 * and ask the API for its key and BPM.
 */

/** The acapella may be this large; the browser decodes it, so the bound keeps memory reasonable. */
export const MAX_ACAPELLA_BYTES = 100 * 1024 * 1024;
// The decoder's DecodeError is told apart by its name (AcapellaMatch.tsx).
export { DecodeError } from '../../../lib/analysis-audio';

/** Why a chosen file cannot be analysed: not audio (the split's upload rules), or over 100 MB; else null. */
export function acapellaFileProblem(file: File): 'notAudio' | 'tooLarge' | null {
  const problem = checkUpload('stem-split', file.name, file.type, file.size);
  if (problem && problem.code !== 'PAYLOAD_TOO_LARGE') return 'notAudio';
  return file.size > MAX_ACAPELLA_BYTES ? 'tooLarge' : null;
}

/** The detected key and BPM of an acapella (either may be null when it could not be told). */
export async function detectKeyAndBpm(file: File): Promise<AudioDetection> {
  const { wav } = await decodeForAnalysis(file);
  const key = await uploadForKey(new File([wav], 'acapella.wav', { type: 'audio/wav' }), 'stem-split');
  return analyseUpload(key);
}
