import { AudioErrorCode } from '../../../shared/audio/formats';
import { AppError } from '../errors';

/**
 * Why an audio file could not be decoded, as an API error (415 for a format we do not decode, 422 for a
 * file that is broken) and as a Step Functions error name (the state machine's failure keeps the code).
 */
export const AUDIO_ERROR_NAMES: Record<AudioErrorCode, string> = {
  UNSUPPORTED_AUDIO: 'UnsupportedAudio',
  AUDIO_CORRUPT: 'AudioCorrupt',
  AUDIO_TRUNCATED: 'AudioTruncated',
  AUDIO_EMPTY: 'AudioEmpty',
};

export class AudioDecodeError extends AppError {
  /** What exactly was wrong (English, for logs and the `detail` the web may show after the message). */
  readonly detail: string;

  constructor(code: AudioErrorCode, detail = '') {
    super(code === AudioErrorCode.Unsupported ? 415 : 422, code);
    this.name = AUDIO_ERROR_NAMES[code];
    this.detail = detail;
  }
}

export function isAudioDecodeError(error: unknown): error is AudioDecodeError {
  return error instanceof AudioDecodeError;
}
