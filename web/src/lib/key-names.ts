import type { TFunction } from 'i18next';
import { parseKey } from '../../../shared/licensing/key-bpm';

const NOTES = ['C', 'C#', 'D', 'D#', 'E', 'F', 'F#', 'G', 'G#', 'A', 'A#', 'B'] as const;

/** The 24 keys in the API's canonical spelling ('C major' … 'B minor'), majors first. */
export const MUSICAL_KEYS: readonly string[] = [
  ...NOTES.map((note) => `${note} major`),
  ...NOTES.map((note) => `${note} minor`),
];

/** A note name ('C#', index 0 = C) in the reader's language ('Dó#', 'C#', 'Do#'). */
export function noteLabel(t: TFunction, tonic: number): string {
  return t('musicKeys.notes').split(',')[tonic] ?? '';
}

/**
 * A canonical key ('A minor', 'Am') in the reader's language ('Lá menor', 'A minor', 'La menor'); the
 * text as it came when it is not a key. The names are shell texts, so every screen (the marketplace, the
 * product form, the DAW dialogs) can name keys (issue 18: the DAW dialog said "E Minor" in pt-BR).
 */
export function keyLabel(t: TFunction, key: string): string {
  const parsed = parseKey(key);
  if (!parsed) return key;
  return t('musicKeys.name', { note: noteLabel(t, parsed.tonic), mode: t(`musicKeys.${parsed.mode}`) });
}
