import { describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { ValidationFailed } from '../../lambdas/_lib/errors';
import { LANGUAGES } from '../../shared/i18n/language';
import { OfferCreateRequest, LicenceTerms } from '../../shared/licensing/tiers';
import { ChatRequest } from '../../shared/schemas/ai';
import { CreateMusicRequest } from '../../shared/schemas/generation';
import { CreatorSettings, ProjectCreate, defaultCreatorSettings } from '../../shared/schemas/marketplace';
import { HireRequest } from '../../shared/schemas/orders';
import { ProfileUpdate } from '../../shared/schemas/profile';
import { NewCommunityPost, UserSettings } from '../../shared/schemas/site';
import { StudioBookingInput, StudioContactInput } from '../../shared/schemas/studio';
import {
  TEXT_FIELDS,
  TextInputCode,
  checkText,
  cleanText,
  graphemeLength,
  textField,
  textMessageParams,
  type TextInputCode as TextCode,
  type TextProblemParams,
} from '../../shared/text-input';
import apiErrorsEnUS from '../../shared/i18n/api-errors/en-US';
import apiErrorsEsES from '../../shared/i18n/api-errors/es-ES';
import { formatApiError } from '../../shared/i18n/api-errors/format';
import apiErrorsPtBR from '../../shared/i18n/api-errors/pt-BR';
import type { Language } from '../../shared/i18n/language';
import { DEFAULT_SETTINGS } from '../../shared/site-rules';
import { defaultTiers } from '../../shared/licensing/tiers';

const catalogues = { 'pt-BR': apiErrorsPtBR, 'en-US': apiErrorsEnUS, 'es-ES': apiErrorsEsES } as const;

/** A refusal as the web words it: the code's line in the reader's catalogue, the field's label there. */
const textInputMessage = (code: TextCode, params: TextProblemParams, language: Language) =>
  formatApiError(catalogues[language], code, textMessageParams(params, language), language) ?? '';

/** The one text-input rule (shared/text-input.ts) and every free-text field that uses it. */
const name = textField('full_name', { min: 1, max: 10 });
const bio = textField('bio', { max: 20, multiline: true });

function refusal(schema: ZodType, value: unknown) {
  const result = schema.safeParse(value);
  if (result.success) return undefined;
  const error = new ValidationFailed(result.error);
  return { code: error.code, params: error.params, message: error.message, status: error.status };
}

describe('the rule', () => {
  it('normalises to NFC and trims: a decomposed "é" is stored composed and counts as one character', () => {
    expect(name.parse('  Jose\u0301  ')).toBe('José');
    expect(graphemeLength('Jose\u0301')).toBe(4);
  });

  it('counts what a person sees: an emoji with skin tone and ZWJ is one character', () => {
    expect(graphemeLength('👩🏽‍🎤👩🏽‍🎤')).toBe(2);
    expect(textField('title', { max: 2 }).safeParse('👩🏽‍🎤👩🏽‍🎤').success).toBe(true);
    expect(refusal(textField('title', { max: 1 }), '👩🏽‍🎤👩🏽‍🎤')).toMatchObject({
      code: TextInputCode.TooLong,
      params: { field: 'title', label: 'Título', maximum: 1, length: 2 },
    });
  });

  it.each([
    ['NUL', 'Ctl\u0000Name'],
    ['an ANSI escape', '\u001b[31mRed'],
    ['DEL', 'a\u007fb'],
    ['a C1 control (NEL)', 'a\u0085b'],
    ['a vertical tab', 'a\u000bb'],
  ])('refuses %s with the field named, in a 400', (_label, value) => {
    expect(refusal(name, value)).toMatchObject({
      status: 400,
      code: TextInputCode.ControlCharacters,
      params: { field: 'full_name' },
      message: expect.stringContaining('“Nome completo”'),
    });
  });

  it('keeps newlines and tabs in multi-line fields (CRLF becomes LF); single-line fields get a space', () => {
    expect(bio.parse('linha 1\r\nlinha\t2')).toBe('linha 1\nlinha\t2');
    expect(name.parse('Ana\n\tMaria')).toBe('Ana Maria');
  });

  it('refuses bidirectional overrides and isolates, keeps the LRM/RLM marks right-to-left text needs', () => {
    for (const control of ['\u202e', '\u202a', '\u2066', '\u2069'])
      expect(refusal(bio, `abc${control}def`)?.code).toBe(TextInputCode.BidiControls);
    expect(bio.parse('שלום\u200f abc')).toBe('שלום\u200f abc');
  });

  it('an empty required field says which field', () => {
    expect(refusal(name, '   ')).toMatchObject({
      code: TextInputCode.Required,
      params: { field: 'full_name' },
    });
  });

  it('words each refusal in the three languages for every field', () => {
    for (const language of LANGUAGES)
      for (const field of TEXT_FIELDS)
        for (const code of Object.values(TextInputCode)) {
          const text = textInputMessage(code, { field, max: 10, length: 12 }, language);
          expect(text, `${language} ${field} ${code}`).not.toMatch(/[{}]|undefined/);
          expect(text.length).toBeGreaterThan(10);
        }
    expect(textInputMessage(TextInputCode.ControlCharacters, { field: 'bio' }, 'en-US')).toBe(
      '“Bio” contains invisible control characters. Delete them (or type the text again) and try again.',
    );
    expect(textInputMessage(TextInputCode.ControlCharacters, { field: 'bio' }, 'es-ES')).toContain(
      '“Biografía” contiene caracteres de control',
    );
    expect(checkText('bio', 'a\u0000', { max: 10 })).toEqual({
      ok: false,
      problem: { code: TextInputCode.ControlCharacters, params: { field: 'bio' } },
    });
  });

  it('cleanText removes what the rule refuses (for text that reaches us outside the API)', () => {
    expect(cleanText('  Ctl\u0000Na\u202eme\u001b ', { max: 120 })).toBe('CtlName');
    expect(cleanText('x'.repeat(200), { max: 120 })).toHaveLength(120);
  });
});

describe('every free-text field goes through it', () => {
  const project = {
    title: 'Beat',
    description: 'Descrição',
    price: 10,
    genre: 'Trap',
    bpm: 140,
    duration: 120,
    tags: ['trap'],
    audioKey: 'audio/u/a.wav',
  };
  const settings = defaultCreatorSettings('DJ');
  const booking = {
    name: 'Ana',
    email: 'a@example.com',
    phone: '+55 11 99999-9999',
    service: 'recording',
    date: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
    time: '14:00',
    duration: 2,
    notes: '',
  };
  const cases: [string, ZodType, (bad: string) => unknown, string][] = [
    ['profile name', ProfileUpdate, (bad) => ({ full_name: bad }), 'full_name'],
    ['product title', ProjectCreate, (bad) => ({ ...project, title: bad }), 'title'],
    ['product description', ProjectCreate, (bad) => ({ ...project, description: bad }), 'description'],
    ['product tag', ProjectCreate, (bad) => ({ ...project, tags: [bad] }), 'tag'],
    [
      'creator display name',
      CreatorSettings,
      (bad) => ({ ...settings, profile: { ...settings.profile, displayName: bad } }),
      'display_name',
    ],
    [
      'creator bio',
      CreatorSettings,
      (bad) => ({ ...settings, profile: { ...settings.profile, bio: bad } }),
      'bio',
    ],
    ['settings bio', UserSettings, (bad) => ({ ...DEFAULT_SETTINGS, bio: bad }), 'bio'],
    ['community post', NewCommunityPost, (bad) => ({ text: bad }), 'post'],
    ['studio booking name', StudioBookingInput, (bad) => ({ ...booking, name: bad }), 'name'],
    ['studio booking notes', StudioBookingInput, (bad) => ({ ...booking, notes: bad }), 'notes'],
    [
      'contact message',
      StudioContactInput,
      (bad) => ({ name: 'A', email: 'a@example.com', subject: 'Oi', message: bad }),
      'message',
    ],
    [
      'contact subject',
      StudioContactInput,
      (bad) => ({ name: 'A', email: 'a@example.com', subject: bad, message: 'Oi' }),
      'subject',
    ],
    [
      'offer note',
      OfferCreateRequest,
      (bad) => ({ projectId: 'p', tier: 'mp3', amount: 10, message: bad }),
      'offer_note',
    ],
    [
      'licence credit line',
      LicenceTerms,
      (bad) => ({ ...defaultTiers(30).mp3.terms, credit_line: bad }),
      'credit_line',
    ],
    ['song description', CreateMusicRequest, (bad) => ({ description: bad }), 'prompt'],
    ['song lyrics', CreateMusicRequest, (bad) => ({ description: 'lo-fi', lyrics: bad }), 'lyrics'],
    ['chat message', ChatRequest, (bad) => ({ message: bad }), 'message'],
    ['hire brief', HireRequest, (bad) => ({ projectId: 'p', brief: bad }), 'brief'],
  ];

  it.each(cases)(
    '%s: a control character is refused with its field named',
    (_label, schema, build, field) => {
      expect(refusal(schema, build('Ctl\u0000Name'))).toMatchObject({
        code: TextInputCode.ControlCharacters,
        params: { field },
      });
      expect(refusal(schema, build('abc\u202edef'))?.code).toBe(TextInputCode.BidiControls);
      expect(schema.safeParse(build('Texto comum é ok')).success).toBe(true);
    },
  );
});
