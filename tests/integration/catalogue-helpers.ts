import { randomUUID } from 'node:crypto';
import { paginateQuery, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { inject } from 'vitest';
import { db } from '../../lambdas/_lib/aws/dynamodb';
import { config } from '../../lambdas/_lib/config';
import { keys } from '../../lambdas/_lib/db/keys';
import { PUBLISHED, projectFromItem, putProjects, type ProjectRecord } from '../../lambdas/_lib/db/projects';
import { seedCatalogue } from '../../infra/local/seed-data/catalogue';
import { drainStreamsAt, type DrainResult } from '../../infra/local/stream-drain';
import { CATALOGUE_MAX_PAGE_SIZE, type CataloguePage } from '../../shared/schemas/catalogue';
import { call } from './marketplace-helpers';

/**
 * The catalogue's integration helpers (issue 16): wait for the stream consumers (the twin's DynamoDB
 * front delivers the table's change stream to the catalogue indexer in the platform's process), seed a
 * realistic catalogue through the repository, and watch every Query the search sends: how many items
 * it read against how many it returned.
 */

/** Resolves once the catalogue indexer has caught up with every write made so far. */
export function drainStreams(): Promise<DrainResult> {
  return drainStreamsAt(process.env.AWS_ENDPOINT_URL_DYNAMODB!);
}

export interface QueryRecord {
  index: string | undefined;
  partition: unknown;
  filtered: boolean;
  limit: number | undefined;
  scanned: number;
  returned: number;
}

/** Every Query sent through the shared document client, with what it read and returned. */
export const queries: QueryRecord[] = [];

type Send = (...args: unknown[]) => Promise<unknown>;
const send = db.send.bind(db) as Send;
(db as unknown as { send: Send }).send = async (...args: unknown[]) => {
  const command = args[0];
  const output = (await send(...args)) as { ScannedCount?: number; Count?: number };
  if (command instanceof QueryCommand) {
    const input = command.input;
    queries.push({
      index: input.IndexName,
      partition: Object.values(input.ExpressionAttributeValues ?? {})[0],
      filtered: Boolean(input.FilterExpression),
      limit: input.Limit,
      scanned: output.ScannedCount ?? 0,
      returned: output.Count ?? 0,
    });
  }
  return output;
};

/** Queries that read more than three times what they returned (one returned item at least). */
export function wastefulQueries(records: readonly QueryRecord[]): QueryRecord[] {
  return records.filter((record) => record.scanned > 3 * Math.max(record.returned, 1));
}

/** Seeds `beats` realistic beats (a fresh run tag, so every call adds new ones) and waits until indexed. */
export async function seedIndexedCatalogue(
  beats: number,
  seed = 16,
): Promise<{ runTag: string; beats: ProjectRecord[] }> {
  const runTag = randomUUID().slice(0, 6);
  const catalogue = seedCatalogue({ beats, runTag, seed });
  await putProjects(catalogue.beats);
  await drainStreams();
  return { runTag, beats: catalogue.beats };
}

/** Every published beat of the table (test oracle: a whole read is fine here, never in the app). */
export async function allPublished(): Promise<ProjectRecord[]> {
  const out: ProjectRecord[] = [];
  const pages = paginateQuery(
    { client: db },
    {
      TableName: config.TABLE_NAME,
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.projectStatus(PUBLISHED) },
    },
  );
  for await (const page of pages) for (const item of page.Items ?? []) out.push(projectFromItem(item));
  return out;
}

/**
 * A creator's beats as the public catalogue lists them (GET /api/projects?creator=…, most popular first),
 * once the indexer has caught up: what a visitor sees after the creator published or changed them.
 */
export async function listedBeats(creatorId: string, params: Record<string, string> = {}) {
  await drainStreams();
  const answer = await call<CataloguePage>('GET', '/api/projects', {
    query: { creator: creatorId, limit: String(CATALOGUE_MAX_PAGE_SIZE), ...params },
  });
  if (answer.status !== 200) throw new Error(`GET /api/projects: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** A public cover or preview URL (same-origin, as CloudFront serves it) on the twin's front. */
export function publicMediaAt(url: string): string {
  return new URL(url, inject('apiUrl')).toString();
}
