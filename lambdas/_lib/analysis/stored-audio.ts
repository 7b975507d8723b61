import { MAX_ANALYSIS_SECONDS } from '../../../shared/audio/music/analyse';
import { decodePrefix, type DecodedPrefix } from '../audio/decode';
import { objectSource } from '../audio/object-io';

/**
 * The beginning of a stored audio file (WAV, MP3, FLAC, Ogg Vorbis), decoded for analysis: only the
 * first MAX_ANALYSIS_SECONDS are read from S3 and decoded, so any length costs the same; the whole
 * file's duration comes from its header or its size. Throws AudioDecodeError (415/422) for a format we
 * do not decode or a broken file.
 */
export async function decodeStoredAudio(bucket: string, key: string, name: string): Promise<DecodedPrefix> {
  return decodePrefix(await objectSource(bucket, key, name), MAX_ANALYSIS_SECONDS);
}
