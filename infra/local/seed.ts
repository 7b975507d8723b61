import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { db } from '../../lambdas/_lib/aws/dynamodb';
import { s3 } from '../../lambdas/_lib/aws/s3';
import { config } from '../../lambdas/_lib/config';
import { createAchievement } from '../../lambdas/_lib/db/achievements';
import { createPost } from '../../lambdas/_lib/db/community';
import { createCompetition, createCompetitionCard } from '../../lambdas/_lib/db/competitions';
import { claimCreatorSlug } from '../../lambdas/_lib/db/creator-slugs';
import { createCreatorStats } from '../../lambdas/_lib/db/creator-stats';
import { createOffer, listRareOffers } from '../../lambdas/_lib/db/offers';
import { createProfile } from '../../lambdas/_lib/db/profiles';
import { createProject } from '../../lambdas/_lib/db/projects';
import { levelFromXp } from '../../shared/gamification';
import { analyseSeedBeat } from './seed-analysis';
import { coverSvg, pcmToWav, SAMPLE_RATE } from './seed-data/media';
import { synthSong } from './seed-data/song';
import { seedCommunityPosts, seedCompetitionCards } from './seed-data/site';
import {
  seedAchievements,
  seedBeats,
  seedCompetition,
  seedCreators,
  seedOffers,
} from './seed-data/marketplace';

/**
 * Sample marketplace data for the local twin, written through the same repositories the Lambdas use:
 * creators (profiles + stats), ~40 published sample beats (whole 2-minute songs as WAV masters, their
 * tempo and key found by the uploads' analysis; SVG covers) in the audio bucket, rare drops, achievements
 * and the month's competition. Runs once (a marker item records
 * it); every write is conditional, so an interrupted run can simply run again.
 */

const MARKER_KEY = { PK: 'SEED#marketplace', SK: 'META' };
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

export interface SeedCounts {
  skipped: boolean;
  creators: number;
  beats: number;
  audioBytes: number;
  offers: number;
  achievements: number;
  competitions: number;
  ms: number;
  /** How the uploads' analysis saw the seeded beats (issue 18); zeros when the seed was skipped. */
  analysis: SeedAnalysisCounts;
}

export interface SeedAnalysisCounts {
  /** Answers read from the analysis cache (./seed-analysis.ts) rather than computed. */
  cached: number;
  tempoClear: number;
  keyClear: number;
  /** Clear tempos within 1 BPM of the tempo the beat was rendered at; the rest are listed. */
  bpmAgreed: number;
  bpmDisagreed: { id: string; rendered: number; detected: number | null; clear: boolean }[];
}

const noAnalysis = (): SeedAnalysisCounts => ({
  cached: 0,
  tempoClear: 0,
  keyClear: 0,
  bpmAgreed: 0,
  bpmDisagreed: [],
});

export const seedBeatId = (index: number) => `seed-beat-${String(index + 1).padStart(2, '0')}`;

async function putObject(key: string, body: Buffer | string, contentType: string): Promise<void> {
  await s3.send(
    new PutObjectCommand({ Bucket: config.AUDIO_BUCKET, Key: key, Body: body, ContentType: contentType }),
  );
}

/**
 * Rare drops and the monthly competition are time-bound: when no sample drop is live any more (a local
 * data dir kept for days) write a fresh round relative to `now`, and make sure this month's competition
 * exists. Safe to call on every start.
 */
export async function refreshTimeBoundSamples(
  now = new Date(),
): Promise<{ offers: number; competitions: number }> {
  let offers = 0;
  let competitions = 0;
  const live = await listRareOffers(now);
  if (!live.some((offer) => offer.id.startsWith('seed-offer-'))) {
    const round = now.toISOString().slice(0, 13).replace(/\D/g, '');
    for (const offer of seedOffers) {
      const { key, expiresInHours, ...fields } = offer;
      const created = await createOffer({
        id: `seed-offer-${round}-${key}`,
        ...fields,
        expires_at: new Date(now.getTime() + expiresInHours * HOUR).toISOString(),
      });
      if (created) offers += 1;
    }
  }
  // One competition per calendar month; the conditional write makes this a no-op once it exists.
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1) - 1000);
  const created = await createCompetition({
    id: `seed-comp-${start.toISOString().slice(0, 7)}`,
    ...seedCompetition,
    starts_at: start.toISOString(),
    ends_at: end.toISOString(),
    is_active: true,
  });
  if (created) competitions += 1;
  // Issue 9: the /competitions cards and the seed creators' public slugs (both idempotent).
  for (const card of seedCompetitionCards(now)) if (await createCompetitionCard(card)) competitions += 1;
  for (const creator of seedCreators) await claimCreatorSlug(creator);
  // Issue 9: a few /community posts by the seed creators, once a month (the write is conditional).
  for (const post of seedCommunityPosts(now)) {
    await createPost(post).catch((error: unknown) => {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    });
  }
  return { offers, competitions };
}

export async function seedSampleData(now = new Date()): Promise<SeedCounts> {
  const started = performance.now();
  const { Item: marker } = await db.send(new GetCommand({ TableName: config.TABLE_NAME, Key: MARKER_KEY }));
  if (marker) {
    const refreshed = await refreshTimeBoundSamples(now);
    return {
      skipped: true,
      creators: 0,
      beats: 0,
      audioBytes: 0,
      achievements: 0,
      ...refreshed,
      ms: performance.now() - started,
      analysis: noAnalysis(),
    };
  }

  let creators = 0;
  for (const [index, creator] of seedCreators.entries()) {
    const joined = new Date(now.getTime() - (120 + index * 15) * DAY).toISOString();
    if (
      await createProfile({
        id: creator.id,
        full_name: creator.full_name,
        email: creator.email,
        role: 'creator',
        created_at: joined,
      })
    ) {
      creators += 1;
    }
    await createCreatorStats({
      id: creator.id,
      full_name: creator.full_name,
      level: levelFromXp(creator.xp).level,
      xp_points: creator.xp,
      streak_days: creator.streak_days,
      total_revenue: creator.total_revenue,
    });
  }

  let beats = 0;
  let audioBytes = 0;
  const analysis = noAnalysis();
  // A few beats at a time: each one is a render, two uploads, the analysis and a put.
  const queue = [...seedBeats.entries()];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const [index, beat] = next;
      const creator = seedCreators[beat.creator]!;
      const id = seedBeatId(index);
      const audioKey = `audio/${creator.id}/${id}.wav`;
      const coverKey = `covers/${creator.id}/${id}.svg`;
      const { pcm } = synthSong(index + 1, beat.bpm);
      const wav = pcmToWav(pcm);
      audioBytes += wav.length;
      await putObject(audioKey, wav, 'audio/wav');
      await putObject(coverKey, coverSvg(index + 1, beat.title, beat.genre), 'image/svg+xml');
      // Tempo and key as an upload gets them: the stored file analysed by POST /api/licences/analyse's
      // code. As in the upload form, a clear tempo/key is taken as fact; an unclear tempo is the one the
      // creator would type (the tempo the beat was rendered at), an unclear key is left unset.
      const { detection, cached } = await analyseSeedBeat(audioKey, wav);
      const detected = detection.bpm === null ? null : Math.round(detection.bpm);
      const bpm = detection.bpm_clear && detected !== null ? detected : beat.bpm;
      if (cached) analysis.cached += 1;
      if (detection.bpm_clear) analysis.tempoClear += 1;
      if (detection.key_clear) analysis.keyClear += 1;
      if (detection.bpm_clear && detected !== null && Math.abs(detected - beat.bpm) <= 1)
        analysis.bpmAgreed += 1;
      else analysis.bpmDisagreed.push({ id, rendered: beat.bpm, detected, clear: detection.bpm_clear });
      const created = await createProject({
        id,
        title: beat.title,
        // No words of one language: readers of all three see this sample's text (issue 18).
        description: `${beat.genre} · ${bpm} BPM · ${creator.full_name}`,
        price: beat.price,
        genre: beat.genre,
        bpm,
        ...(detection.key_clear && detection.key ? { key: detection.key } : {}),
        // The length of the audio a buyer gets (issue 18: 3–6 s clips were labelled 2:15–3:21).
        duration_seconds: Math.round((pcm.length / SAMPLE_RATE) * 10) / 10,
        tags: beat.tags,
        creator_id: creator.id,
        creator_name: creator.full_name,
        audio_key: audioKey,
        cover_key: coverKey,
        rating: beat.rating,
        downloads: beat.downloads,
        status: 'published',
        sample: true,
        created_at: new Date(now.getTime() - beat.daysAgo * DAY - index * 60_000).toISOString(),
      });
      if (created) beats += 1;
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);

  let achievements = 0;
  for (const achievement of seedAchievements) if (await createAchievement(achievement)) achievements += 1;

  const refreshed = await refreshTimeBoundSamples(now);

  await db.send(
    new PutCommand({
      TableName: config.TABLE_NAME,
      Item: { ...MARKER_KEY, type: 'seed-marker', seeded_at: now.toISOString() },
    }),
  );
  return {
    skipped: false,
    creators,
    beats,
    audioBytes,
    achievements,
    ...refreshed,
    ms: performance.now() - started,
    analysis,
  };
}
