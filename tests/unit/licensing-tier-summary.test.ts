import { describe, expect, it } from 'vitest';
import { defaultTiers } from '../../shared/licensing/tiers';
import { summarizeTiers } from '../../shared/licensing/tier-summary';
import { Project } from '../../shared/schemas/marketplace';
import { offeredTierIds, offeredTierSummary } from '../../lambdas/_lib/licensing/summary';

const noFiles = { wav_key: null, stems_keys: [], ai_stems: false };

describe('the beat card tier summary', () => {
  it('shows the cheapest tier on sale and how many there are', () => {
    expect(summarizeTiers([{ price: 100 }, { price: 49.9 }, { price: 500 }])).toEqual({
      from_price: 49.9,
      count: 3,
    });
  });

  it('has nothing to show when no tier is on sale', () => {
    expect(summarizeTiers([])).toBeNull();
  });

  it('counts only the tiers a buyer may choose: WAV needs a WAV file, Trackout needs stems', () => {
    const tiers = defaultTiers(50);
    tiers.exclusive.enabled = true;
    const mp3Beat = { audio_key: 'audio/u/beat.mp3' };
    expect(offeredTierIds(mp3Beat, { tiers, ...noFiles })).toEqual(['mp3']);
    const wavBeat = { audio_key: 'audio/u/beat.wav' };
    expect(offeredTierIds(wavBeat, { tiers, ...noFiles })).toEqual(['mp3', 'wav', 'exclusive']);
    expect(offeredTierSummary(wavBeat, { tiers, ...noFiles })).toEqual({ from_price: 50, count: 3 });
  });

  it('leaves out disabled tiers, so the cheapest shown is one the buyer can buy', () => {
    const tiers = defaultTiers(50);
    tiers.mp3.enabled = false;
    expect(offeredTierSummary({ audio_key: 'a.wav' }, { tiers, ...noFiles })).toEqual({
      from_price: 75,
      count: 1,
    });
    tiers.wav.enabled = false;
    tiers.trackout.enabled = false;
    expect(offeredTierSummary({ audio_key: 'a.wav' }, { tiers, ...noFiles })).toBeNull();
  });
});

describe('catalogue items with a tier summary', () => {
  const item = {
    id: 'p1',
    title: 'Noite',
    description: 'd',
    price: 50,
    genre: 'Trap',
    bpm: 140,
    duration_seconds: 150,
    duration: '2:30',
    tags: [],
    creator_id: 'c1',
    creator: 'Lia',
    rating: 0,
    downloads: 0,
    status: 'published',
    sample: false,
    created_at: '2026-01-01T00:00:00.000Z',
    audioUrl: null,
    // Issue 16: a beat without a public preview yet says so, and plays from its audio link on request.
    audioOnRequest: false,
    coverUrl: null,
  };

  it('accepts items with, without or with a null summary (older answers)', () => {
    expect(Project.parse({ ...item, licences: { from_price: 50, count: 2 } }).licences).toEqual({
      from_price: 50,
      count: 2,
    });
    expect(Project.parse({ ...item, licences: null }).licences).toBeNull();
    expect(Project.parse(item).licences).toBeUndefined();
  });

  it('refuses a summary with no tier in it', () => {
    expect(Project.safeParse({ ...item, licences: { from_price: 50, count: 0 } }).success).toBe(false);
  });
});

describe('the beat page answers', () => {
  const project = {
    id: 'p1',
    title: 'Noite',
    description: 'd',
    price: 50,
    genre: 'Trap',
    bpm: 140,
    duration_seconds: 150,
    duration: '2:30',
    tags: [],
    creator_id: 'c1',
    creator: 'Lia',
    rating: 0,
    downloads: 0,
    status: 'published',
    sample: false,
    created_at: '2026-01-01T00:00:00.000Z',
    audioUrl: null,
    // Issue 16: a beat without a public preview yet says so, and plays from its audio link on request.
    audioOnRequest: false,
    coverUrl: null,
  };

  it('reads a beat sold with an exclusive licence', async () => {
    const { BeatAnswer } = await import('../../web/src/routes/marketplace/api/schemas');
    expect(BeatAnswer.parse({ project: { ...project, status: 'sold' } }).project.status).toBe('sold');
  });

  it('treats an unexpected answer as a load error, not as a beat', async () => {
    const { BeatAnswer, PublicLicencesAnswer } = await import('../../web/src/routes/marketplace/api/schemas');
    expect(BeatAnswer.safeParse({ project: { ...project, bpm: 'fast' } }).success).toBe(false);
    expect(BeatAnswer.safeParse({ items: [] }).success).toBe(false);
    expect(
      PublicLicencesAnswer.safeParse({
        project_id: 'p1',
        sold_exclusive: false,
        tiers: [{ id: 'gold', name: 'x', price: 1, terms: {}, files: [] }],
        ai_stems: false,
        accepts_offers: false,
      }).success,
    ).toBe(false);
  });

  it('reads the tiers on sale with their terms', async () => {
    const { PublicLicencesAnswer } = await import('../../web/src/routes/marketplace/api/schemas');
    const tiers = defaultTiers(50);
    const answer = PublicLicencesAnswer.parse({
      project_id: 'p1',
      sold_exclusive: false,
      tiers: [{ id: 'wav', price: 75, terms: tiers.wav.terms, files: ['mp3', 'wav'] }],
      ai_stems: false,
      accepts_offers: true,
    });
    expect(answer.tiers[0]).toMatchObject({ id: 'wav', price: 75, terms: { audio_streams: 250_000 } });
  });
});
