import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { listedBeats, publicMediaAt } from './catalogue-helpers';
import {
  call,
  client,
  creator,
  publish,
  putAudioBucketObject,
  renditionsSettled,
  tinyWav,
} from './marketplace-helpers';

interface ProjectBody {
  id: string;
  title: string;
  creator: string;
  creator_id: string;
  price: number;
  duration: string;
  duration_seconds: number;
  tags: string[];
  status: string;
  sample: boolean;
  audioUrl: string | null;
  coverUrl: string | null;
}

const form = (audioKey: string, extra: Record<string, unknown> = {}) => ({
  title: 'Noite Quente',
  description: 'Trap escuro',
  price: 49.9,
  genre: 'Trap',
  bpm: 140,
  duration: '3:05',
  tags: [' dark ', 'dark', ''],
  audioKey,
  ...extra,
});

describe('publishing a product', () => {
  it('a creator publishes a product that the public catalogue lists, with a playable preview and cover', async () => {
    const owner = creator('Ana Produtora');
    const audioKey = `audio/${owner.sub}/${Date.now()}_noite.wav`;
    const coverKey = `covers/${owner.sub}/${Date.now()}_noite.svg`;
    await putAudioBucketObject(audioKey, tinyWav(), 'audio/wav');
    await putAudioBucketObject(coverKey, '<svg xmlns="http://www.w3.org/2000/svg"/>', 'image/svg+xml');

    const created = await call<{ project: ProjectBody }>('POST', '/api/projects', {
      claims: owner,
      body: form(audioKey, { coverKey }),
    });
    expect(created.status).toBe(201);
    expect(created.body.project).toMatchObject({
      title: 'Noite Quente',
      creator: 'Ana Produtora',
      creator_id: owner.sub,
      price: 49.9,
      duration: '3:05',
      duration_seconds: 185,
      tags: ['dark'],
      status: 'published',
      sample: false,
    });

    // A WAV master gets its renditions in the background; once made, the catalogue plays the preview MP3.
    // The catalogue lists it once the indexer has read the change from the table's stream (issue 16).
    await renditionsSettled(created.body.project.id);
    const catalogue = await listedBeats(owner.sub, { sort: 'newest' });
    const listed = catalogue.items.find((p) => p.id === created.body.project.id);
    expect(listed).toBeDefined();
    expect(catalogue.items[0]?.id).toBe(created.body.project.id); // newest first

    const audio = await fetch(publicMediaAt(listed!.audioUrl!));
    expect(audio.status).toBe(200);
    const head = Buffer.from(await audio.arrayBuffer()).subarray(0, 3);
    // An MP3 (ID3 tag or a frame sync), not the uploaded WAV master.
    expect(head.toString('latin1') === 'ID3' || (head[0] === 0xff && (head[1]! & 0xe0) === 0xe0)).toBe(true);
    expect((await fetch(publicMediaAt(listed!.coverUrl!))).status).toBe(200);

    const one = await call<{ project: ProjectBody }>('GET', `/api/projects/${created.body.project.id}`);
    expect(one.body.project.title).toBe('Noite Quente');
    // Stable public URLs (issue 16): the same on the list, the beat page and every later request, never
    // signed, so the browser and the CDN cache them.
    expect(one.body.project.coverUrl).toBe(listed!.coverUrl);
    expect(one.body.project.audioUrl).toBe(listed!.audioUrl);
    for (const url of [listed!.coverUrl!, listed!.audioUrl!]) expect(url).not.toMatch(/X-Amz-/i);
    const later = await listedBeats(owner.sub, { sort: 'newest' });
    expect(later.items[0]).toMatchObject({ coverUrl: listed!.coverUrl, audioUrl: listed!.audioUrl });
  });

  it('refuses clients with 403', async () => {
    const buyer = client();
    const audioKey = `audio/${buyer.sub}/${Date.now()}_x.wav`;
    await putAudioBucketObject(audioKey, tinyWav(), 'audio/wav');
    const answer = await call('POST', '/api/projects', { claims: buyer, body: form(audioKey) });
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ error: { code: 'CREATOR_ONLY' } });
  });

  it('a self-declared creator role without the creator group is still refused (403)', async () => {
    const pretender = { ...client(), 'custom:role': 'creator' as const };
    const audioKey = `audio/${pretender.sub}/${Date.now()}_x.wav`;
    await putAudioBucketObject(audioKey, tinyWav(), 'audio/wav');
    expect((await call('POST', '/api/projects', { claims: pretender, body: form(audioKey) })).status).toBe(
      403,
    );
  });

  it('asks anonymous callers to sign in (401)', async () => {
    const answer = await call('POST', '/api/projects', { body: form('audio/x/y.wav') });
    expect(answer.status).toBe(401);
  });

  it.each([
    ['a zero price', { price: 0 }, 'PRICE_NOT_POSITIVE'],
    ['a genre outside the list', { genre: 'Polka' }, 'VALIDATION_ERROR'],
    ['a decimal bpm', { bpm: 99.5 }, 'BPM_NOT_WHOLE'],
    ['a missing title', { title: '' }, 'REQUIRED_FIELDS'],
  ])('rejects %s with 400 and its code', async (_name, change, code) => {
    const owner = creator();
    const answer = await call('POST', '/api/projects', {
      claims: owner,
      body: form(`audio/${owner.sub}/a.wav`, change),
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: { code } });
  });

  it('rejects a body that is not JSON with 400', async () => {
    const answer = await call('POST', '/api/projects', { claims: creator(), rawBody: '{oops' });
    expect(answer.status).toBe(400);
  });

  it("rejects another user's audio key", async () => {
    const owner = creator();
    const other = creator();
    const audioKey = `audio/${other.sub}/${Date.now()}_theirs.wav`;
    await putAudioBucketObject(audioKey, tinyWav(), 'audio/wav');
    const answer = await call('POST', '/api/projects', { claims: owner, body: form(audioKey) });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: { code: 'INVALID_FILE_KEY' } });
  });

  it('rejects an audio key that was never uploaded', async () => {
    const owner = creator();
    const answer = await call('POST', '/api/projects', {
      claims: owner,
      body: form(`audio/${owner.sub}/missing.wav`),
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: { code: 'FILE_NOT_FOUND' } });
  });

  it('rejects a cover that is not an image', async () => {
    const owner = creator();
    const audioKey = `audio/${owner.sub}/${Date.now()}_a.wav`;
    const coverKey = `covers/${owner.sub}/${Date.now()}_c.txt`;
    await putAudioBucketObject(audioKey, tinyWav(), 'audio/wav');
    await putAudioBucketObject(coverKey, 'not an image', 'text/plain');
    const answer = await call('POST', '/api/projects', { claims: owner, body: form(audioKey, { coverKey }) });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: { code: 'INVALID_FILE_TYPE' } });
  });
});

describe('reading the catalogue', () => {
  it('answers 404 for an unknown project', async () => {
    expect((await call('GET', `/api/projects/${randomUUID()}`)).status).toBe(404);
  });

  it('pages with limit and cursor without repeating items', async () => {
    const owner = creator();
    await publish(owner);
    await publish(owner);
    const first = await listedBeats(owner.sub, { limit: '1' });
    expect(first.items).toHaveLength(1);
    expect(first.cursor).toEqual(expect.any(String));
    const second = await call<{ items: ProjectBody[]; cursor: string | null }>('GET', '/api/projects', {
      query: { creator: owner.sub, limit: '1', cursor: first.cursor! },
    });
    expect(second.body.items).toHaveLength(1);
    expect(second.body.items[0]!.id).not.toBe(first.items[0]!.id);
    expect(second.body.cursor).toBeNull();
  });

  it('rejects a forged cursor and a bad limit with 400', async () => {
    const forged = Buffer.from(
      JSON.stringify({ GSI1PK: 'USER#someone', PK: 'x', SK: 'y', GSI1SK: 'z' }),
    ).toString('base64url');
    expect((await call('GET', '/api/projects', { query: { cursor: forged } })).status).toBe(400);
    expect((await call('GET', '/api/projects', { query: { cursor: 'not-base64-json' } })).status).toBe(400);
    expect((await call('GET', '/api/projects', { query: { limit: '0' } })).status).toBe(400);
  });
});
