import { beforeAll, describe, expect, it } from 'vitest';
import { handler as competitions } from '../../lambdas/competitions/handler';
import { handler as licences } from '../../lambdas/licences/handler';
import type { ApiHandler, ApiResult } from '../../lambdas/_lib/http';
import { routes } from '../../infra/routes';
import { apiGatewayEvent, lambdaContext, matchRoute } from '../support/api-events';
import { drainStreams, seedIndexedCatalogue } from './catalogue-helpers';
import {
  client,
  creator,
  marketplaceHandlers,
  publish,
  sentCommands,
  type Claims,
} from './marketplace-helpers';

/**
 * What the edge may keep (issue 16): every public read answers `Cache-Control: public, …s-maxage…` with
 * bytes that do not depend on who asks — two signed-in users and a visitor get the very same body — and
 * no cacheable answer carries a presigned URL (those expire and belong to one buyer). Per-user marks come
 * from `GET /api/me/marks`, which is never cacheable.
 */

const handlers: Record<string, ApiHandler> = { ...marketplaceHandlers, licences, competitions };
const publicRoutes = routes.filter((route) => route.functionName in handlers);

async function raw(path: string, claims?: Claims): Promise<ApiResult & { body: string }> {
  const [rawPath, search = ''] = path.split('?');
  const found = matchRoute(publicRoutes, 'GET', rawPath!);
  if (!found) throw new Error(`No route for GET ${path}`);
  const query = Object.fromEntries(new URLSearchParams(search));
  const event = apiGatewayEvent({
    method: 'GET',
    routePath: found.route.path,
    rawPath: rawPath!,
    rawQueryString: search,
    query,
    pathParameters: found.params,
    claims,
  });
  const result = await handlers[found.route.functionName]!(event, lambdaContext(found.route.functionName));
  return { ...result, body: String(result.body ?? '') };
}

const header = (result: ApiResult, name: string) =>
  String(
    Object.entries(result.headers ?? {}).find(([key]) => key.toLowerCase() === name.toLowerCase())?.[1] ?? '',
  );

/** Presigned S3 URLs (SigV4 query or the older signature form). */
const PRESIGNED = /X-Amz-Signature|X-Amz-Credential|AWSAccessKeyId=|Signature=/i;

let paths: string[];
let ownBeat: { id: string };

beforeAll(async () => {
  const { beats } = await seedIndexedCatalogue(60, 27);
  // A beat published the way a creator does (a WAV: its preview is rendered, then public).
  ownBeat = await publish(creator('Criador Borda'));
  // Its renditions changed the beat after it was published: the indexer brings its card up to date a
  // moment later, and a card changing between two users' reads would not be the edge's concern.
  await drainStreams();
  const seeded = beats[0]!;
  const word = seeded.title.split(' ')[0]!.toLowerCase();
  paths = [
    '/api/projects',
    '/api/projects?sort=newest',
    `/api/projects?q=${encodeURIComponent(word)}`,
    '/api/projects?genre=Trap&sort=price_asc',
    `/api/projects?creator=${encodeURIComponent(seeded.creator_id)}`,
    `/api/projects/${seeded.id}`,
    `/api/projects/${ownBeat.id}`,
    `/api/projects/${ownBeat.id}/licences`,
    '/api/catalogue/creators?q=a',
    '/api/offers/rare',
    '/api/creators/leaderboard',
    '/api/achievements',
    '/api/competitions/active',
    '/api/competitions',
  ];
}, 300_000);

describe('public reads are the same cacheable bytes for everyone', () => {
  it('two signed-in users and a visitor get identical bodies, marked public with an edge TTL', async () => {
    const ana = client('Ana Borda');
    const bruno = client('Bruno Borda');
    for (const path of paths) {
      const [first, second, visitor] = [await raw(path, ana), await raw(path, bruno), await raw(path)];
      expect(first.statusCode, `${path}: ${first.body}`).toBe(200);
      expect(header(first, 'cache-control'), path).toMatch(
        /^public, max-age=\d+, s-maxage=\d+, stale-while-revalidate=\d+$/,
      );
      expect(second.body, `${path}: same bytes for two users`).toBe(first.body);
      expect(visitor.body, `${path}: same bytes for a visitor`).toBe(first.body);
      expect(header(visitor, 'cache-control'), path).toBe(header(first, 'cache-control'));
    }
  });

  it('a search in any script answers 200 with headers HTTP can carry (Server-Timing names the words)', async () => {
    // A Glagolitic letter once made the local router answer 500: Node refuses such header bytes.
    for (const q of ['Ⰰ', 'привет', '音楽', '🎵 beat', 'a"b\\c']) {
      const answer = await raw(`/api/projects?q=${encodeURIComponent(q)}`);
      expect(answer.statusCode, q).toBe(200);
      for (const [name, value] of Object.entries(answer.headers ?? {}))
        expect(String(value), `${q}: ${name}`).toMatch(/^[\x20-\x7e]*$/);
    }
  });

  it('no cacheable answer carries a presigned URL; cards point at stable public media paths', async () => {
    for (const path of paths) {
      const answer = await raw(path);
      expect(answer.body, path).not.toMatch(PRESIGNED);
    }
    const page = JSON.parse((await raw('/api/projects?sort=newest')).body) as {
      items: { id: string; coverUrl: string | null; audioUrl: string | null }[];
    };
    const mine = page.items.find((item) => item.id === ownBeat.id);
    expect(mine?.audioUrl).toMatch(/^\/renditions\/[^/]+\/[^/]+\/preview-128\.mp3$/);
    for (const item of page.items) {
      if (item.coverUrl) expect(item.coverUrl).toMatch(/^\/covers\//);
      if (item.audioUrl) expect(item.audioUrl).toMatch(/^\/renditions\//);
    }
  });

  it('per-user answers stay out of the cache: marks, and the short-lived play link', async () => {
    const marks = await raw(`/api/me/marks?ids=${ownBeat.id}`, client('Ana Borda'));
    expect(marks.statusCode).toBe(200);
    expect(header(marks, 'cache-control')).toMatch(/no-store|private/);
    const play = await raw(`/api/projects/${ownBeat.id}/audio`);
    expect(header(play, 'cache-control')).toMatch(/no-store/);
    expect(sentCommands).not.toContain('ScanCommand');
  });
});
