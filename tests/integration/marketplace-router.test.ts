import { describe, expect, inject, it } from 'vitest';

/** The marketplace routes are reachable through the local router that reads infra/routes.ts. */
describe('marketplace routes behind the local router', () => {
  const api = inject('apiUrl');

  it('serves the public catalogue, rare drops and gamification reads without a token', async () => {
    for (const path of [
      '/api/projects',
      '/api/offers/rare',
      '/api/creators/leaderboard',
      '/api/achievements',
    ]) {
      const response = await fetch(`${api}${path}`);
      expect(response.status, path).toBe(200);
      expect(await response.json(), path).toHaveProperty('items');
    }
    const competition = await fetch(`${api}/api/competitions/active`);
    expect(competition.status).toBe(200);
  });

  it('asks for a token on personal routes', async () => {
    for (const [method, path] of [
      ['GET', '/api/me/favorites'],
      ['POST', '/api/orders'],
      ['GET', '/api/creator/orders'],
      ['GET', '/api/me/purchases'],
    ] as const) {
      const response = await fetch(`${api}${path}`, { method });
      expect(response.status, `${method} ${path}`).toBe(401);
    }
  });
});
