import type { TFunction } from 'i18next';
import { parseKey } from '../../../../../shared/licensing/key-bpm';

const NOTES = ['C', 'C#', 'D', 'D#', 'E', 'F', 'F#', 'G', 'G#', 'A', 'A#', 'B'] as const;

/** The 24 keys in the API's canonical spelling ('C major' … 'B minor'), majors first. */
export const MUSICAL_KEYS: readonly string[] = [
  ...NOTES.map((note) => `${note} major`),
  ...NOTES.map((note) => `${note} minor`),
];

/**
 * A canonical key ('A minor') in the reader's language ('Lá menor', 'A minor', 'La menor'); the
 * canonical text when the licensing texts are not loaded yet or the key cannot be read.
 */
export function keyLabel(t: TFunction, key: string): string {
  const parsed = parseKey(key);
  const names = t('licensing.keys.notes').split(',');
  if (!parsed || names.length !== 12) return key;
  return t('licensing.keys.name', {
    note: names[parsed.tonic],
    mode: t(`licensing.keys.${parsed.mode}`),
  });
}
