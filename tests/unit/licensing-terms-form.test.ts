import { describe, expect, it } from 'vitest';
import { formToTerms, parseLimit, termsToForm } from '../../shared/licensing/terms-form';
import { DEFAULT_CREDIT } from '../../shared/licensing/credit';
import { DEFAULT_TERMS } from '../../shared/licensing/tiers';
import { checkUpload, isWavHead, isZipHead, resolveContentType } from '../../shared/uploads';

describe('terms editor form ↔ API terms', () => {
  it('shows an unlimited term as an empty field and a limit as its number', () => {
    expect(termsToForm(DEFAULT_TERMS.exclusive).audio_streams).toBe('');
    expect(termsToForm(DEFAULT_TERMS.wav).audio_streams).toBe('250000');
  });

  it('gives back the same terms for every tier after a round trip', () => {
    for (const terms of Object.values(DEFAULT_TERMS)) {
      expect(formToTerms(termsToForm(terms))).toEqual({ ok: true, terms });
    }
  });

  it('shows the default credit in the creator language and keeps it the default kind on save', () => {
    expect(termsToForm(DEFAULT_TERMS.mp3, 'en-US').credit_line).toBe('Prod. by {creator}');
    expect(termsToForm(DEFAULT_TERMS.mp3).credit_line).toBe('Prod. por {creator}');
    for (const language of ['pt-BR', 'en-US', 'es-ES'] as const) {
      const parsed = formToTerms(termsToForm(DEFAULT_TERMS.mp3, language));
      expect(parsed.ok && parsed.terms.credit_line).toBe(DEFAULT_CREDIT);
    }
    // An edited credit is the creator's own text.
    const own = formToTerms({ ...termsToForm(DEFAULT_TERMS.mp3, 'en-US'), credit_line: 'Beat by {creator}' });
    expect(own.ok && own.terms.credit_line).toBe('Beat by {creator}');
  });

  it('saves an edited WAV lease with 500,000 streams and unlimited radio', () => {
    const form = { ...termsToForm(DEFAULT_TERMS.wav), audio_streams: '500000', radio_stations: '' };
    const parsed = formToTerms(form);
    expect(parsed.ok && parsed.terms.audio_streams).toBe(500_000);
    expect(parsed.ok && parsed.terms.radio_stations).toBeNull();
  });

  it('reads "ilimitado" (any case, spaces) as unlimited and 0 as none allowed', () => {
    expect(parseLimit(' Ilimitado ')).toEqual({ ok: true, value: null });
    expect(parseLimit('0')).toEqual({ ok: true, value: 0 });
  });

  it('refuses decimals, negatives, words and more than a billion, naming the field', () => {
    const form = {
      ...termsToForm(DEFAULT_TERMS.mp3),
      distribution_copies: '1.5',
      audio_streams: '-3',
      music_videos: 'muitos',
      radio_stations: '1000000001',
    };
    expect(formToTerms(form)).toEqual({
      ok: false,
      problems: {
        distribution_copies: 'notInteger',
        audio_streams: 'notInteger',
        music_videos: 'notInteger',
        radio_stations: 'tooLarge',
      },
    });
  });

  it('trims the credit line and refuses one over 200 characters', () => {
    const base = termsToForm(DEFAULT_TERMS.mp3);
    const ok = formToTerms({ ...base, credit_line: '  Prod. {creator}  ' });
    expect(ok.ok && ok.terms.credit_line).toBe('Prod. {creator}');
    expect(formToTerms({ ...base, credit_line: 'x'.repeat(201) })).toEqual({
      ok: false,
      problems: { credit_line: 'creditTooLong' },
    });
  });
});

describe('licence file uploads', () => {
  const wav = new TextEncoder().encode('RIFF\0\0\0\0WAVEfmt ');
  const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0]);

  it('takes only a .wav as the master', () => {
    expect(resolveContentType('licence-master', 'Master.wav', 'audio/wav')).toBe('audio/wav');
    expect(resolveContentType('licence-master', 'Master.wav', '')).toBe('audio/wav');
    expect(checkUpload('licence-master', 'beat.mp3', 'audio/mpeg', 10)?.message).toMatch(/WAV/);
  });

  it('takes WAVs or a ZIP as stems', () => {
    expect(resolveContentType('licence-stems', 'Kick.wav', 'audio/x-wav')).toBe('audio/wav');
    expect(resolveContentType('licence-stems', 'stems.zip', 'application/x-zip-compressed')).toBe(
      'application/zip',
    );
    expect(checkUpload('licence-stems', 'stems.rar', '', 10)?.code).toBe('INVALID_FILE_TYPE');
  });

  it('recognises WAV and ZIP bytes, whatever the name says', () => {
    expect(isWavHead(wav)).toBe(true);
    expect(isWavHead(zip)).toBe(false);
    expect(isZipHead(zip)).toBe(true);
    expect(isZipHead(wav)).toBe(false);
  });
});
