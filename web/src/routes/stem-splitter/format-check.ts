import { isDecodedFormat, sniffAudioFormat, type SniffedFormat } from '../../../../shared/audio/formats';

/**
 * The splitter decodes WAV, MP3, FLAC and Ogg Vorbis (the server answers 415 UNSUPPORTED_AUDIO for
 * anything else). The page reads the file's first bytes the same way the server does
 * (shared/audio/formats.ts), so an M4A or AIFF is refused at once instead of after a long upload.
 */
export async function sniffFile(file: Blob & { name?: string }): Promise<SniffedFormat | null> {
  try {
    return sniffAudioFormat(new Uint8Array(await file.slice(0, 64 * 1024).arrayBuffer()), file.name ?? '');
  } catch {
    return null; // unreadable here: the server decides
  }
}

/** Whether the splitter takes the file (true when it cannot be read here: the server then decides). */
export async function splitterAccepts(file: Blob & { name?: string }): Promise<boolean> {
  const format = await sniffFile(file);
  return format === null || isDecodedFormat(format);
}
