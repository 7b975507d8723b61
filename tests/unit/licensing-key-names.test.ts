import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { normalizeKey } from '../../shared/licensing/key-bpm';
import enUS from '../../web/src/i18n/locales/en-US';
import esES from '../../web/src/i18n/locales/es-ES';
import ptBR from '../../web/src/i18n/locales/pt-BR';
import { isServerDecodedFile } from '../../web/src/routes/dashboard/components/product-form';
import { keyLabel, MUSICAL_KEYS } from '../../web/src/lib/key-names';

async function translator(language: string, shell: typeof ptBR) {
  const instance = i18next.createInstance();
  await instance.init({ lng: language, resources: { [language]: { translation: shell } } });
  return instance.t;
}

describe('musical key names (product form, acapella match, key filter)', () => {
  it('offers the 24 keys once each, in the API spelling', () => {
    expect(MUSICAL_KEYS).toHaveLength(24);
    expect(new Set(MUSICAL_KEYS).size).toBe(24);
    for (const key of MUSICAL_KEYS) expect(normalizeKey(key)).toBe(key);
  });

  it('names keys in the reader language', async () => {
    const pt = await translator('pt-BR', ptBR);
    const en = await translator('en-US', enUS);
    const es = await translator('es-ES', esES);
    // i18next's TFunction is generic over the app's typed catalogue; the test instance is untyped.
    const label = (t: unknown, key: string) => keyLabel(t as Parameters<typeof keyLabel>[0], key);
    expect(label(pt, 'A minor')).toBe('Lá menor');
    expect(label(pt, 'C# major')).toBe('Dó# maior');
    expect(label(en, 'A# minor')).toBe('A# minor');
    expect(label(es, 'B major')).toBe('Si mayor');
    expect(new Set(MUSICAL_KEYS.map((key) => label(pt, key))).size).toBe(24);
    // The DAW dialogs' short spelling (issue 18: 'E Minor' in pt-BR).
    expect(label(pt, 'Em')).toBe('Mi menor');
    expect(label(es, 'C')).toBe('Do mayor');
    // Not a key: shown as it came.
    expect(label(pt, 'H dorian')).toBe('H dorian');
  });
});

describe('which uploads the server decodes for detection', () => {
  it('knows WAV, MP3, FLAC and OGG by extension or type, and leaves M4A to the browser', () => {
    expect(isServerDecodedFile({ name: 'beat.WAV', type: '' })).toBe(true);
    expect(isServerDecodedFile({ name: 'beat', type: 'audio/x-wav' })).toBe(true);
    expect(isServerDecodedFile({ name: 'beat.mp3', type: 'audio/mpeg' })).toBe(true);
    expect(isServerDecodedFile({ name: 'beat.flac', type: '' })).toBe(true);
    expect(isServerDecodedFile({ name: 'beat.m4a', type: 'audio/mp4' })).toBe(false);
  });
});
