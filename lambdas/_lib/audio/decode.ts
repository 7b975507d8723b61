import { isDecodedFormat, sniffAudioFormat, type DecodedFormat } from '../../../shared/audio/formats';
import type { PcmAudio } from '../../../shared/audio/wav';
import { FramedCodec, Mp3Codec, WavCodec, type Codec, type Pcm } from './codecs';
import { AudioDecodeError } from './errors';

/**
 * The one audio decoder of the server (splitter, analysis, file analysis, licensing detection, upload
 * metadata): WAV, MP3, FLAC and Ogg Vorbis from a stream of bytes to planar float PCM blocks, holding no
 * more than a block of each at a time, so a file of any length decodes in bounded memory. A format we do
 * not decode, a broken file and one that ends early are AudioDecodeErrors (415/422 with a code); the
 * verdict on the end of a file comes from the last block's iteration, so a consumer writes nothing final
 * before the iteration has finished.
 */

export interface AudioSource {
  /** The file's chunks in order (an S3 object's body, a Buffer split in parts...). */
  chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>;
  /** The file's name (only breaks ties for headerless MP3s). */
  name?: string;
}

export interface DecodedAudioStream {
  format: DecodedFormat;
  sampleRate: number;
  /** Channels of every block (the first block's count; later blocks are matched to it). */
  channelCount: number;
  /** Frames the container declares (WAV, FLAC, MP3 with a Xing/Info header), else null. */
  declaredFrames: number | null;
  /** Input bytes handed to the decoder so far. */
  readonly bytesRead: number;
  /** Frames yielded so far. */
  readonly framesDecoded: number;
  /** The PCM blocks; throws AudioDecodeError at the end for a truncated or corrupt file. */
  blocks(): AsyncGenerator<Float32Array[]>;
  /** Frees the decoder (also done when `blocks()` finishes or is left early). */
  close(): void;
}

/** Bytes looked at to tell the format (an ID3 tag with cover art can be larger: the decoder copes). */
const SNIFF_BYTES = 64 * 1024;
/** Largest piece handed to a wasm decoder at once (their input buffers are sized for frames, not files). */
const MAX_PUSH_BYTES = 256 * 1024;

async function codecFor(format: DecodedFormat): Promise<Codec> {
  switch (format) {
    case 'wav':
      return new WavCodec();
    case 'mp3':
      return Mp3Codec.create();
    case 'flac':
      return FramedCodec.create('flac');
    case 'ogg':
      return FramedCodec.create('vorbis');
  }
}

/** Opens a file: reads until the format is known and the first samples are decoded. */
export async function openAudio(source: AudioSource): Promise<DecodedAudioStream> {
  const iterator = toAsyncIterator(source.chunks);
  const head: Uint8Array[] = [];
  let headBytes = 0;
  let ended = false;
  while (headBytes < SNIFF_BYTES) {
    const next = await iterator.next();
    if (next.done) {
      ended = true;
      break;
    }
    if (next.value.length === 0) continue;
    head.push(next.value);
    headBytes += next.value.length;
  }
  if (headBytes === 0) throw new AudioDecodeError('AUDIO_EMPTY', 'The file is empty.');
  const first = head.length === 1 ? head[0]! : Buffer.concat(head);
  const format = sniffAudioFormat(first, source.name);
  if (!isDecodedFormat(format)) throw new AudioDecodeError('UNSUPPORTED_AUDIO', `Recognised as ${format}.`);

  const codec = await codecFor(format);
  let bytesRead = 0;
  let framesDecoded = 0;
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    codec.free();
    void iterator.return?.();
  };

  /** Decoded blocks, in order: what the head gave, then each further chunk, then the flush. */
  async function* decodedBlocks(): AsyncGenerator<Pcm> {
    for (let at = 0; at < first.length; at += MAX_PUSH_BYTES) {
      const piece = first.subarray(at, at + MAX_PUSH_BYTES);
      bytesRead += piece.length;
      const pcm = await codec.push(piece);
      if (pcm) yield pcm;
    }
    while (!ended) {
      const next = await iterator.next();
      if (next.done) break;
      for (let at = 0; at < next.value.length; at += MAX_PUSH_BYTES) {
        const piece = next.value.subarray(at, at + MAX_PUSH_BYTES);
        bytesRead += piece.length;
        const pcm = await codec.push(piece);
        if (pcm) yield pcm;
      }
    }
    const last = await codec.end();
    if (last) yield last;
  }

  const decoded = decodedBlocks();
  let firstBlock: Pcm | undefined;
  try {
    const next = await decoded.next();
    if (next.done) throw new AudioDecodeError('AUDIO_EMPTY', 'The file holds no samples.');
    firstBlock = next.value;
  } catch (error) {
    close();
    throw error;
  }
  const sampleRate = firstBlock.sampleRate;
  const channelCount = firstBlock.channels.length;
  if (!(sampleRate >= 1000 && sampleRate <= 768_000))
    throw new AudioDecodeError('AUDIO_CORRUPT', `Implausible sample rate ${sampleRate} Hz.`);

  return {
    format,
    sampleRate,
    channelCount,
    declaredFrames: codec.declaredFrames,
    get bytesRead() {
      return bytesRead;
    },
    get framesDecoded() {
      return framesDecoded;
    },
    close,
    async *blocks() {
      try {
        let pcm: Pcm | undefined = firstBlock;
        firstBlock = undefined;
        while (pcm) {
          if (pcm.sampleRate !== sampleRate)
            throw new AudioDecodeError(
              'AUDIO_CORRUPT',
              `The sample rate changes from ${sampleRate} to ${pcm.sampleRate} Hz.`,
            );
          const channels = matchChannels(pcm.channels, channelCount);
          framesDecoded += channels[0]!.length;
          yield channels;
          const next = await decoded.next();
          pcm = next.done ? undefined : next.value;
        }
      } finally {
        close();
      }
    },
  };
}

/** A block's channels as the stream's count: a mono block in a stereo stream is duplicated. */
function matchChannels(channels: Float32Array[], count: number): Float32Array[] {
  if (channels.length === count) return channels;
  return Array.from({ length: count }, (_, c) => channels[Math.min(c, channels.length - 1)]!);
}

function toAsyncIterator(
  chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
): AsyncIterator<Uint8Array> {
  if (Symbol.asyncIterator in chunks) return chunks[Symbol.asyncIterator]();
  const sync = chunks[Symbol.iterator]();
  return {
    next: async () => sync.next(),
    return: async () => sync.return?.() ?? { done: true, value: undefined },
  };
}

/** A whole file in memory as a source, handed over in pieces like a network stream would. */
export function bytesSource(bytes: Uint8Array, name?: string, pieceBytes = 1 << 20): AudioSource {
  function* pieces() {
    for (let at = 0; at < bytes.length; at += pieceBytes) yield bytes.subarray(at, at + pieceBytes);
  }
  return { name, chunks: pieces() };
}

/** Decoded blocks joined into one array per channel (for audio that is held whole anyway). */
export function joinBlocks(blocks: readonly Float32Array[][], channelCount: number): Float32Array[] {
  const frames = blocks.reduce((n, block) => n + block[0]!.length, 0);
  return Array.from({ length: channelCount }, (_, c) => {
    const out = new Float32Array(frames);
    let at = 0;
    for (const block of blocks) {
      out.set(block[c]!, at);
      at += block[c]!.length;
    }
    return out;
  });
}

export interface DecodedPrefix {
  format: DecodedFormat;
  audio: PcmAudio;
  /** The whole file's length (seconds): decoded to the end, declared by its header, or estimated from bytes. */
  durationSeconds: number;
  /** Whether the file was decoded to its end (its length is then exact and it was checked whole). */
  complete: boolean;
}

/**
 * The first `maxSeconds` of a file as planar float (what analysis reads): decoding stops there, so a
 * long file costs only its beginning. The duration of the rest comes from the header when it declares
 * one, else from the share of bytes the decoded part took.
 */
export async function decodePrefix(
  source: AudioSource & { size?: number },
  maxSeconds: number,
): Promise<DecodedPrefix> {
  const stream = await openAudio(source);
  const limit = Math.max(1, Math.floor(maxSeconds * stream.sampleRate));
  const parts: Float32Array[][] = [];
  let frames = 0;
  let complete = true;
  for await (const block of stream.blocks()) {
    const take = Math.min(block[0]!.length, limit - frames);
    parts.push(block.map((c) => c.subarray(0, take)));
    frames += take;
    if (frames >= limit) {
      complete = false;
      break;
    }
  }
  const channels = joinBlocks(parts, stream.channelCount);
  let totalFrames = frames;
  if (!complete) {
    totalFrames =
      stream.declaredFrames ??
      (source.size && stream.bytesRead > 0
        ? (stream.framesDecoded * source.size) / stream.bytesRead
        : frames);
  }
  return {
    format: stream.format,
    audio: { sampleRate: stream.sampleRate, channels },
    durationSeconds: totalFrames / stream.sampleRate,
    complete,
  };
}
