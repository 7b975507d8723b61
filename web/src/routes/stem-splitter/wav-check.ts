/**
 * The built-in separator reads RIFF/WAVE files only (the server answers 400 UNSUPPORTED_AUDIO for any
 * other audio). The page checks the same 12 header bytes before uploading, so an MP3 or FLAC is refused
 * at once instead of after a long upload.
 */
export function isRiffWave(head: Uint8Array): boolean {
  const text = String.fromCharCode(...head.subarray(0, 12));
  return text.slice(0, 4) === 'RIFF' && text.slice(8, 12) === 'WAVE';
}

/** Whether the file starts like a WAV; true when it cannot be read here (the server then decides). */
export async function readsAsWav(file: Blob): Promise<boolean> {
  try {
    return isRiffWave(new Uint8Array(await file.slice(0, 12).arrayBuffer()));
  } catch {
    return true;
  }
}
