import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { TierSummary } from '../../../shared/licensing/tier-summary';
import { formatDuration } from '../../../shared/marketplace/duration';
import { db } from '../aws/dynamodb';
import { config } from '../config';
import { batchWrite } from './batch';
import { keys } from './keys';
import type { TransactItem } from './ledger';

/** A project/beat as stored. Sample beats are the same entity with `sample: true`. */
export interface ProjectRecord {
  id: string;
  title: string;
  description: string;
  price: number;
  genre: string;
  bpm: number;
  duration_seconds: number;
  tags: string[];
  creator_id: string;
  /** The creator's full_name when the project was published. */
  creator_name: string;
  audio_key: string;
  cover_key: string | null;
  rating: number;
  downloads: number;
  /** 'sold' once an exclusive licence was sold: off the catalogue, its page kept (issue 8). */
  status: ProjectStatus;
  sample: boolean;
  created_at: string;
  /** Musical key ('A minor'), set by the creator after detection (issue 8). */
  key?: string | null;
  /** How many users have this beat among their favourites (kept by lambdas/_lib/db/favorites.ts). */
  favorites?: number;
  /** The licence tiers on sale (cheapest price, count), written when the creator saves them (issue 8). */
  licence_from_price?: number;
  licence_count?: number;
  /**
   * Renditions of a WAV beat, written by the beat-renditions job (lambdas/_lib/licensing/renditions.ts):
   * the MP3 lease's 320 kbps MP3 and the catalogue's 128 kbps preview, with the job's state.
   */
  mp3_key?: string;
  preview_key?: string;
  renditions_status?: RenditionsStatus;
  renditions_job_id?: string;
  renditions_started_at?: string;
  /** An ApiProblem (items written before held a pt-BR sentence: read with storedProblem). */
  renditions_error?: unknown;
}

export type RenditionsStatus = 'preparing' | 'ready' | 'failed';

interface ProjectItem extends ProjectRecord {
  PK: string;
  SK: string;
  GSI1PK: string;
  GSI1SK: string;
  type: 'project';
}

export const PUBLISHED = 'published';

export type ProjectStatus = 'published' | 'sold';

export function projectKey(id: string) {
  return { PK: keys.project(id), SK: keys.meta() };
}

export function projectToItem(project: ProjectRecord): ProjectItem {
  return {
    ...projectKey(project.id),
    // Published catalogue, newest first; the id breaks ties between equal timestamps.
    GSI1PK: keys.projectStatus(project.status),
    GSI1SK: `${project.created_at}#${project.id}`,
    type: 'project',
    ...project,
  };
}

export function projectFromItem(item: Record<string, unknown>): ProjectRecord {
  return {
    id: String(item.id),
    title: String(item.title ?? ''),
    description: String(item.description ?? ''),
    price: Number(item.price ?? 0),
    genre: String(item.genre ?? ''),
    bpm: Number(item.bpm ?? 0),
    duration_seconds: Number(item.duration_seconds ?? 0),
    tags: Array.isArray(item.tags) ? item.tags.map(String) : [],
    creator_id: String(item.creator_id ?? ''),
    creator_name: String(item.creator_name ?? ''),
    audio_key: String(item.audio_key ?? ''),
    cover_key: typeof item.cover_key === 'string' ? item.cover_key : null,
    rating: Number(item.rating ?? 0),
    downloads: Number(item.downloads ?? 0),
    // The exclusive sale (licensing/store.ts) marks the item; projects sold before `status` was set too
    // are known by `sale_status` alone.
    status: item.sale_status === 'sold_exclusive' || item.status === 'sold' ? 'sold' : 'published',
    sample: item.sample === true,
    created_at: String(item.created_at ?? ''),
    ...renditionsFromItem(item),
    ...(typeof item.key === 'string' ? { key: item.key } : {}),
    ...(typeof item.favorites === 'number' ? { favorites: Math.max(0, item.favorites) } : {}),
    ...(typeof item.licence_count === 'number' ? { licence_count: item.licence_count } : {}),
    ...(typeof item.licence_from_price === 'number' ? { licence_from_price: item.licence_from_price } : {}),
  };
}

const RENDITION_FIELDS = [
  'mp3_key',
  'preview_key',
  'renditions_job_id',
  'renditions_started_at',
  'renditions_error',
] as const;

function renditionsFromItem(item: Record<string, unknown>): Partial<ProjectRecord> {
  const out: Partial<ProjectRecord> = {};
  for (const field of RENDITION_FIELDS) if (typeof item[field] === 'string') out[field] = item[field];
  const status = item.renditions_status;
  if (status === 'preparing' || status === 'ready' || status === 'failed') out.renditions_status = status;
  return out;
}

/**
 * In the licence settings' transaction: the tier summary the catalogue shows on the beat's card, kept on
 * the project item so listing the catalogue reads nothing else. No tier on sale is a count of 0 (a beat
 * whose creator never saved tiers has no count and shows its default tiers).
 */
export function tierSummaryUpdate(id: string, summary: TierSummary | null): TransactItem {
  return {
    Update: {
      TableName: config.TABLE_NAME,
      Key: projectKey(id),
      ConditionExpression: 'attribute_exists(PK)',
      ...(summary
        ? {
            UpdateExpression: 'SET licence_from_price = :from, licence_count = :count',
            ExpressionAttributeValues: { ':from': summary.from_price, ':count': summary.count },
          }
        : {
            UpdateExpression: 'SET licence_count = :none REMOVE licence_from_price',
            ExpressionAttributeValues: { ':none': 0 },
          }),
    },
  };
}

/** 'm:ss' for display, derived from the stored seconds. */
export function projectDuration(project: Pick<ProjectRecord, 'duration_seconds'>): string {
  return formatDuration(project.duration_seconds);
}

/** Creates a project; false when the id is taken (the seed relies on this to be idempotent). */
export async function createProject(project: ProjectRecord): Promise<boolean> {
  try {
    await db.send(
      new PutCommand({
        TableName: config.TABLE_NAME,
        Item: projectToItem(project),
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/**
 * Writes many new projects at once (BatchWriteItem, 25 a call): the catalogue seeder's bulk path. Unlike
 * createProject it does not check that an id is free, so callers use fresh ids.
 */
export async function putProjects(projects: readonly ProjectRecord[]): Promise<void> {
  await batchWrite(projects.map((project) => ({ put: projectToItem(project) })));
}

/** `consistent` where a sale depends on it: a beat sold a moment ago must not be sold again. */
export async function getProject(id: string, consistent = false): Promise<ProjectRecord | undefined> {
  const { Item } = await db.send(
    new GetCommand({ TableName: config.TABLE_NAME, Key: projectKey(id), ConsistentRead: consistent }),
  );
  return Item ? projectFromItem(Item) : undefined;
}

/** Counts a download of a delivered or purchased project (atomic ADD). */
export async function incrementDownloads(id: string): Promise<void> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: config.TABLE_NAME,
        Key: projectKey(id),
        UpdateExpression: 'ADD downloads :one',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':one': 1 },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}
