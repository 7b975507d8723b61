import { formatDuration, parseDuration } from '../../../../../shared/marketplace/duration';

/** Tags as the form keeps them: trimmed, blanks dropped, no duplicates (case-insensitive). */
export function addTags(current: readonly string[], input: string): string[] {
  const next = [...current];
  const seen = new Set(current.map((tag) => tag.toLowerCase()));
  for (const raw of input.split(',')) {
    const tag = raw.trim();
    if (tag === '' || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    next.push(tag);
  }
  return next;
}

export interface ProductDraft {
  title: string;
  description: string;
  price: string;
  genre: string;
  bpm: string;
  duration: string;
  hasAudio: boolean;
}

/** The spec's required set (title, description, non-zero price, audio) plus what the API needs to publish. */
export function missingRequired(draft: ProductDraft): boolean {
  const price = Number(draft.price);
  const bpm = Number(draft.bpm);
  const seconds = parseDuration(draft.duration);
  return (
    draft.title.trim() === '' ||
    draft.description.trim() === '' ||
    !Number.isFinite(price) ||
    price <= 0 ||
    !draft.hasAudio ||
    draft.genre === '' ||
    !Number.isInteger(bpm) ||
    bpm <= 0 ||
    seconds === undefined ||
    seconds < 1
  );
}

/** The audio's length read by the browser, as 'm:ss' (undefined when it cannot be read). */
export function readAudioDuration(file: File): Promise<string | undefined> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const audio = new Audio();
    const done = (value: string | undefined) => {
      URL.revokeObjectURL(url);
      resolve(value);
    };
    audio.preload = 'metadata';
    audio.onloadedmetadata = () =>
      done(
        Number.isFinite(audio.duration) && audio.duration > 0
          ? formatDuration(Math.max(1, audio.duration))
          : undefined,
      );
    audio.onerror = () => done(undefined);
    audio.src = url;
  });
}

/**
 * Whether the server decodes the file itself for BPM/key detection (WAV, MP3, FLAC, Ogg Vorbis:
 * shared/audio/formats.ts); other audio (AAC/M4A...) is decoded by the browser first.
 */
export function isServerDecodedFile(file: { name: string; type: string }): boolean {
  return (
    /\.(wav|mp3|flac|ogg|oga)$/i.test(file.name) ||
    /^audio\/(wav|x-wav|wave|vnd\.wave|mpeg|mp3|flac|x-flac|ogg)$/i.test(file.type)
  );
}
