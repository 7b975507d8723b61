import { GetObjectCommand } from '@aws-sdk/client-s3';
import type { DecodedFormat } from '../../../shared/audio/formats';
import { readWavInfo } from '../../../shared/audio/wav';
import { s3 } from '../clients';
import { bytesSource, openAudio } from './decode';
import { AudioDecodeError } from './errors';

/**
 * A quick look at a stored audio file before a long job starts on it: the format is one we decode, the
 * first samples decode, and a WAV is as long as its header says. A file that fails gets its 4xx now,
 * not minutes later as a failed job.
 */

/** The beginning of the file read for the check (a few seconds of any compressed format). */
const PROBE_BYTES = 512 * 1024;

export interface AudioProbe {
  format: DecodedFormat;
  sampleRate: number;
  channels: number;
}

export async function probeAudioObject(
  bucket: string,
  key: string,
  size: number,
  name: string,
): Promise<AudioProbe> {
  if (size === 0) throw new AudioDecodeError('AUDIO_EMPTY', 'The file is empty.');
  const object = await s3.send(
    new GetObjectCommand({ Bucket: bucket, Key: key, Range: `bytes=0-${Math.min(size, PROBE_BYTES) - 1}` }),
  );
  const head = object.Body ? await object.Body.transformToByteArray() : new Uint8Array();
  const audio = await openAudio(bytesSource(head, name));
  audio.close();
  if (audio.format === 'wav') {
    const info = readWavInfo(head);
    if (info.declaredDataBytes !== null && info.dataOffset + info.declaredDataBytes > size + 1)
      throw new AudioDecodeError(
        'AUDIO_TRUNCATED',
        `WAV data chunk declares ${info.declaredDataBytes} bytes; the file holds ${size - info.dataOffset}.`,
      );
  }
  return { format: audio.format, sampleRate: audio.sampleRate, channels: audio.channelCount };
}
