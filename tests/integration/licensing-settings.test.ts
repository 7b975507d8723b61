import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { handler as uploadsHandler } from '../../lambdas/uploads/handler';
import { DEFAULT_CREDIT } from '../../shared/licensing/credit';
import {
  creditLine,
  defaultTiers,
  type LicenceTerms,
  type PublicLicences,
} from '../../shared/licensing/tiers';
import { uploadFile } from '../../web/src/lib/multipart-uploader';
import { api } from './licensing-helpers';
import { creator, publish, putAudioBucketObject, tinyWav, type Claims } from './marketplace-helpers';
import { handlerApi } from './uploads-api';

/**
 * Saving a beat's licence settings (issue 8): terms validated with messages a creator can read, and
 * the master/stems keys accepted only when they are the caller's own finished uploads of the right kind.
 */
type ErrorAnswer = { error: { code: string; message: string; params?: Record<string, string | number> } };

const save = (owner: Claims, projectId: string, body: Record<string, unknown>) =>
  api<ErrorAnswer & { settings: { wav_key: string | null; stems_keys: string[] } }>(
    'PUT',
    `/api/creator/projects/${projectId}/licences`,
    { claims: owner, body: { tiers: defaultTiers(50), ...body } },
  );

/** Uploads through the real uploads Lambda and the multipart uploader, as the Creator Hub does. */
async function uploadAs(
  owner: Claims,
  purpose: 'licence-master' | 'licence-stems',
  name: string,
  bytes: Buffer,
) {
  const file = new File([new Uint8Array(bytes)], name, { type: '' });
  const result = await uploadFile(file, { purpose, api: handlerApi(uploadsHandler, owner), storage: null });
  return result.key;
}

describe('licence settings: terms', () => {
  it('an edited term is saved and shown to buyers with the credit line in the creator name', async () => {
    const owner = creator('Rafa Termos');
    const beat = await publish(owner, { price: 50 });
    const tiers = defaultTiers(50);
    tiers.wav.terms.audio_streams = 750_000;
    tiers.wav.terms.radio_stations = null;
    tiers.wav.terms.credit_line = 'Beat por {creator}';
    expect((await save(owner, beat.id, { tiers })).status).toBe(200);

    const view = await api<{ tiers: { id: string; terms: LicenceTerms }[] }>(
      'GET',
      `/api/projects/${beat.id}/licences`,
    );
    const wav = view.body.tiers.find((t) => t.id === 'wav')!;
    expect(wav.terms.audio_streams).toBe(750_000);
    expect(wav.terms.radio_stations).toBeNull();
    expect(wav.terms.credit_line).toBe('Beat por Rafa Termos');
    // The creator's own credit is not the default: no label, every reader sees it as written.
    expect((wav as { credit?: unknown }).credit).toBeUndefined();
  });

  it('the default credit is stored as its kind and sent with the creator name for each reader language', async () => {
    const owner = creator('Rafa Padrão');
    const beat = await publish(owner, { price: 50 });
    const tiers = defaultTiers(50);
    // An en-US creator's editor sends the default back in English: it stays the default.
    tiers.wav.terms.credit_line = 'Prod. by {creator}';
    expect((await save(owner, beat.id, { tiers })).status).toBe(200);
    const own = await api<{ settings: { tiers: Record<string, { terms: LicenceTerms }> } }>(
      'GET',
      `/api/creator/projects/${beat.id}/licences`,
      { claims: owner },
    );
    expect(own.body.settings.tiers.wav!.terms.credit_line).toBe(DEFAULT_CREDIT);
    expect(own.body.settings.tiers.mp3!.terms.credit_line).toBe(DEFAULT_CREDIT);

    const view = await api<PublicLicences>('GET', `/api/projects/${beat.id}/licences`);
    const wav = view.body.tiers.find((t) => t.id === 'wav')!;
    expect(wav.credit).toEqual({ kind: 'produced_by', params: { creator: 'Rafa Padrão' } });
    // Older clients read the pt-BR line.
    expect(wav.terms.credit_line).toBe('Prod. por Rafa Padrão');
    expect(creditLine({ credit_line: DEFAULT_CREDIT }, wav.credit!.params.creator, 'en-US')).toBe(
      'Prod. by Rafa Padrão',
    );
  });

  it('a term that is not a whole number is refused with a code naming the field', async () => {
    const owner = creator();
    const beat = await publish(owner);
    const tiers = defaultTiers(50) as unknown as Record<string, { terms: Record<string, unknown> }>;
    tiers.wav!.terms.audio_streams = 'muitos';
    const answer = await save(owner, beat.id, { tiers });
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('TERM_LIMIT_INVALID');
    expect(answer.body.error.params).toMatchObject({ field: 'tiers.wav.terms.audio_streams' });
  });

  it('a credit line over 200 characters is refused naming the field', async () => {
    const owner = creator();
    const beat = await publish(owner);
    const tiers = defaultTiers(50);
    tiers.mp3.terms.credit_line = 'x'.repeat(201);
    const answer = await save(owner, beat.id, { tiers });
    expect(answer.status).toBe(400);
    // The one text rule (shared/text-input.ts) answers for every free-text field.
    expect(answer.body.error).toMatchObject({ code: 'TEXT_TOO_LONG', params: { field: 'credit_line' } });
  });
});

describe('licence settings: master and stems files', () => {
  it('the creator’s own uploaded master WAV and stems are saved', async () => {
    const owner = creator();
    const beat = await publish(owner);
    const master = await uploadAs(owner, 'licence-master', 'Master Final.wav', tinyWav());
    const kick = await uploadAs(owner, 'licence-stems', 'Kick.wav', tinyWav());
    const answer = await save(owner, beat.id, { wav_key: master, stems_keys: [kick] });
    expect(answer.status).toBe(200);
    expect(answer.body.settings.wav_key).toBe(master);
    expect(answer.body.settings.stems_keys).toEqual([kick]);
  });

  it('another creator’s upload is refused with 403', async () => {
    const owner = creator();
    const other = creator('Outra Produtora');
    const beat = await publish(owner);
    const theirs = await uploadAs(other, 'licence-master', 'Master.wav', tinyWav());
    const answer = await save(owner, beat.id, { wav_key: theirs });
    expect(answer.status).toBe(403);
    expect(answer.body.error).toMatchObject({
      code: 'FILE_NOT_OWNED',
      message: 'Este arquivo não é um envio seu.',
    });
    const stems = await save(owner, beat.id, { stems_keys: [theirs] });
    expect(stems.status).toBe(403);
  });

  it('a key of an upload that never finished is refused with 400', async () => {
    const owner = creator();
    const beat = await publish(owner);
    const answer = await save(owner, beat.id, { wav_key: `stems/${owner.sub}/${randomUUID()}/Master.wav` });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ code: 'FILE_NOT_FOUND', params: { context: 'master' } });
    expect(answer.body.error.message).toMatch(/^Master WAV: o envio não foi concluído/);
  });

  it('a master that is not really a WAV is refused with 400', async () => {
    const owner = creator();
    const beat = await publish(owner);
    const fake = `stems/${owner.sub}/${randomUUID()}/Master.wav`;
    await putAudioBucketObject(fake, Buffer.from('PK\u0003\u0004 not a wav'), 'audio/wav');
    const answer = await save(owner, beat.id, { wav_key: fake });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ code: 'INVALID_FILE_TYPE', params: { context: 'wav' } });
  });
});
