import { ulid } from 'ulid';
import type { Favorite, Project, ProjectCreate } from '../../shared/schemas/marketplace';
import { BadRequest, NotFound } from './errors';
import type { Caller } from './auth';
import { addFavorite, type FavoriteRecord } from './db/favorites';
import { getProfile } from './db/profiles';
import { createProject, getProject, projectDuration, type ProjectRecord } from './db/projects';
import {
  headAudioBucketObject,
  isOwnKey,
  MEDIA_URL_SECONDS,
  presignAudioBucketGet,
} from './marketplace-files';
import { cardFromEntry, cardTierSummary, entryCardOf } from './catalogue/entries';
import { publicMediaUrl } from '../../shared/marketplace/public-media';
import { BeatSold } from './licensing/errors';
import { needsPreview, startRenditionsJob } from './licensing/renditions';

/** Marketplace services: the rules between a validated request and the repositories. */

/**
 * A beat as its public page shows it. Public like the catalogue (cached at the edge, the same for every
 * visitor): its cover and preview are stable public URLs (shared/marketplace/public-media.ts), never a
 * presigned link. A beat without a public preview yet plays from `GET /api/projects/{id}/audio`.
 */
export function projectView(project: ProjectRecord): Project {
  const card = cardFromEntry(entryCardOf(project));
  return {
    id: project.id,
    title: project.title,
    description: project.description,
    price: project.price,
    genre: project.genre,
    bpm: project.bpm,
    duration_seconds: project.duration_seconds,
    duration: projectDuration(project),
    tags: project.tags,
    creator_id: project.creator_id,
    creator: project.creator_name,
    rating: project.rating,
    downloads: project.downloads,
    status: project.status,
    sample: project.sample,
    created_at: project.created_at,
    key: project.key ?? null,
    licences: cardTierSummary(project),
    audioUrl: card.audioUrl,
    coverUrl: card.coverUrl,
    audioOnRequest: card.audioOnRequest,
  };
}

/**
 * A short-lived link to play a beat that has no public preview yet (a WAV whose preview is still being
 * rendered, or an MP3 upload): the same audio the catalogue played before it had public previews.
 */
export async function playLink(project: ProjectRecord): Promise<{ url: string; expires_in: number }> {
  const key = project.preview_key ?? project.audio_key;
  if (!key) throw new NotFound('BEAT_HAS_NO_AUDIO');
  return { url: await presignAudioBucketGet(key, MEDIA_URL_SECONDS), expires_in: MEDIA_URL_SECONDS };
}

export function favoriteView(favorite: FavoriteRecord): Favorite {
  const { beat_cover_key: coverKey, ...rest } = favorite;
  return { ...rest, beat_cover_url: publicMediaUrl(coverKey) };
}

async function requireStoredFile(key: string, kind: 'audio' | 'image'): Promise<void> {
  const head = await headAudioBucketObject(key);
  if (!head) throw new BadRequest('FILE_NOT_FOUND', { context: kind === 'audio' ? 'audio' : 'cover' });
  const type = head.contentType ?? '';
  if (type !== '' && type !== 'application/octet-stream' && !type.startsWith(`${kind}/`)) {
    throw new BadRequest('INVALID_FILE_TYPE', { context: kind });
  }
}

/** A creator publishes a product: files must be their own uploads and must exist. */
export async function publishProject(
  caller: Caller,
  input: ProjectCreate,
  now = new Date(),
): Promise<ProjectRecord> {
  if (!isOwnKey(input.audioKey, caller.sub, ['audio'])) {
    throw new BadRequest('INVALID_FILE_KEY');
  }
  if (input.coverKey !== undefined && !isOwnKey(input.coverKey, caller.sub, ['covers'])) {
    throw new BadRequest('INVALID_FILE_KEY');
  }
  await Promise.all([
    requireStoredFile(input.audioKey, 'audio'),
    input.coverKey ? requireStoredFile(input.coverKey, 'image') : Promise.resolve(),
  ]);
  const profile = await getProfile(caller.sub);
  const project: ProjectRecord = {
    id: ulid(now.getTime()),
    title: input.title,
    description: input.description,
    price: input.price,
    genre: input.genre,
    bpm: input.bpm,
    duration_seconds: input.duration,
    tags: input.tags,
    creator_id: caller.sub,
    creator_name: profile?.full_name || caller.name || caller.email,
    audio_key: input.audioKey,
    cover_key: input.coverKey ?? null,
    rating: 0,
    downloads: 0,
    status: 'published',
    sample: false,
    created_at: now.toISOString(),
  };
  await createProject(project);
  if (needsPreview(project)) {
    // Recorded on the project: a failed start is 'failed' there and a buyer's files request retries it.
    await startRenditionsJob(project.id, now);
  }
  return project;
}

/** A project anyone may open and like: on sale, or sold with an exclusive (its page says 'sold'). */
export async function requireProject(id: string): Promise<ProjectRecord> {
  const project = await getProject(id);
  if (!project) throw new NotFound('PROJECT_NOT_FOUND');
  return project;
}

/** A project still for sale: one sold with an exclusive is a 409 for new orders and payments. */
export async function requireProjectForSale(id: string): Promise<ProjectRecord> {
  // Consistent: the exclusive may have been sold a moment ago.
  const project = await getProject(id, true);
  if (!project) throw new NotFound('PROJECT_NOT_FOUND');
  if (project.status === 'sold') throw new BeatSold();
  return project;
}

export async function likeProject(caller: Caller, projectId: string, now = new Date()) {
  const project = await requireProject(projectId);
  return addFavorite({
    id: project.id,
    user_id: caller.sub,
    project_id: project.id,
    beat_title: project.title,
    beat_creator: project.creator_name,
    beat_genre: project.genre,
    beat_price: project.price,
    beat_cover_key: project.cover_key,
    created_at: now.toISOString(),
  });
}
