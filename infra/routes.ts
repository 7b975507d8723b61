import type { FunctionName } from './functions';

/**
 * The HTTP API, each route once. Read by the CDK Api stack and by the local router.
 * `auth: 'user'` routes sit behind the Cognito JWT authorizer (401 without a valid ID token);
 * role checks (creator-only) are made by the handler, since an HTTP API authorizer only knows scopes.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteDefinition {
  readonly method: HttpMethod;
  /** API Gateway v2 syntax: `{id}` path parameters. */
  readonly path: string;
  readonly functionName: FunctionName;
  readonly auth: 'public' | 'user';
}

export const routes: readonly RouteDefinition[] = [
  { method: 'GET', path: '/api/me/profile', functionName: 'me-profile', auth: 'user' },
  { method: 'PATCH', path: '/api/me/profile', functionName: 'me-profile', auth: 'user' },
  { method: 'GET', path: '/api/geo', functionName: 'geo', auth: 'public' },
  { method: 'POST', path: '/api/uploads', functionName: 'uploads', auth: 'user' },
  { method: 'GET', path: '/api/uploads/{id}', functionName: 'uploads', auth: 'user' },
  { method: 'DELETE', path: '/api/uploads/{id}', functionName: 'uploads', auth: 'user' },
  { method: 'POST', path: '/api/uploads/{id}/parts', functionName: 'uploads', auth: 'user' },
  { method: 'POST', path: '/api/uploads/{id}/complete', functionName: 'uploads', auth: 'user' },
  { method: 'POST', path: '/api/functions/merge-chunks', functionName: 'uploads', auth: 'user' },
  { method: 'GET', path: '/api/projects', functionName: 'projects', auth: 'public' },
  { method: 'GET', path: '/api/projects/{id}', functionName: 'projects', auth: 'public' },
  { method: 'GET', path: '/api/projects/{id}/audio', functionName: 'projects', auth: 'public' },
  { method: 'GET', path: '/api/catalogue/creators', functionName: 'projects', auth: 'public' },
  { method: 'POST', path: '/api/projects', functionName: 'projects', auth: 'user' },
  { method: 'GET', path: '/api/offers/rare', functionName: 'rare-offers', auth: 'public' },
  { method: 'GET', path: '/api/me/favorites', functionName: 'favorites', auth: 'user' },
  { method: 'POST', path: '/api/me/favorites', functionName: 'favorites', auth: 'user' },
  { method: 'DELETE', path: '/api/me/favorites/{id}', functionName: 'favorites', auth: 'user' },
  // The caller's own marks (favourite, bought) on the beats a catalogue page shows (issue 16).
  { method: 'GET', path: '/api/me/marks', functionName: 'favorites', auth: 'user' },
  { method: 'GET', path: '/api/me/orders', functionName: 'orders', auth: 'user' },
  { method: 'POST', path: '/api/orders', functionName: 'orders', auth: 'user' },
  { method: 'GET', path: '/api/projects/{id}/hire-quote', functionName: 'orders', auth: 'user' },
  { method: 'POST', path: '/api/orders/{id}/accept', functionName: 'orders', auth: 'user' },
  { method: 'GET', path: '/api/orders/{id}/download', functionName: 'orders', auth: 'user' },
  { method: 'POST', path: '/api/orders/{id}/rating', functionName: 'orders', auth: 'user' },
  { method: 'GET', path: '/api/creator/orders', functionName: 'creator-orders', auth: 'user' },
  { method: 'POST', path: '/api/creator/orders/{id}/deliver', functionName: 'creator-orders', auth: 'user' },
  { method: 'POST', path: '/api/creator/orders/{id}/decline', functionName: 'creator-orders', auth: 'user' },
  { method: 'GET', path: '/api/creators/leaderboard', functionName: 'gamification', auth: 'public' },
  { method: 'GET', path: '/api/achievements', functionName: 'gamification', auth: 'public' },
  { method: 'GET', path: '/api/competitions/active', functionName: 'gamification', auth: 'public' },
  // Public site pages (issue 9); /api/creators/{name} stays after /api/creators/leaderboard
  { method: 'GET', path: '/api/competitions', functionName: 'competitions', auth: 'public' },
  // Entering a competition (issue 18): under /api/me, so the edge never caches it and forwards the token.
  { method: 'POST', path: '/api/me/competition-entries', functionName: 'competitions', auth: 'user' },
  { method: 'GET', path: '/api/me/competition-entries', functionName: 'competitions', auth: 'user' },
  { method: 'GET', path: '/api/me/competition-tracks', functionName: 'competitions', auth: 'user' },
  { method: 'GET', path: '/api/community/posts', functionName: 'community', auth: 'public' },
  { method: 'POST', path: '/api/community/posts', functionName: 'community', auth: 'user' },
  { method: 'GET', path: '/api/community/trending', functionName: 'community', auth: 'public' },
  { method: 'GET', path: '/api/community/members', functionName: 'community', auth: 'public' },
  { method: 'GET', path: '/api/creators/{name}', functionName: 'creator-profile', auth: 'public' },
  { method: 'GET', path: '/api/me/settings', functionName: 'me-settings', auth: 'user' },
  { method: 'PUT', path: '/api/me/settings', functionName: 'me-settings', auth: 'user' },
  { method: 'POST', path: '/api/studio/bookings', functionName: 'studio-requests', auth: 'public' },
  { method: 'POST', path: '/api/studio/contact', functionName: 'studio-requests', auth: 'public' },
  { method: 'POST', path: '/api/studio/newsletter', functionName: 'studio-requests', auth: 'public' },
  { method: 'GET', path: '/api/studio/requests', functionName: 'studio-requests', auth: 'user' },
  { method: 'GET', path: '/api/creator/settings', functionName: 'creator-settings', auth: 'user' },
  { method: 'PUT', path: '/api/creator/settings', functionName: 'creator-settings', auth: 'user' },
  { method: 'GET', path: '/api/me/purchases', functionName: 'my-collection', auth: 'user' },
  { method: 'GET', path: '/api/me/subscriptions', functionName: 'my-collection', auth: 'user' },
  { method: 'POST', path: '/api/functions/create-checkout', functionName: 'create-checkout', auth: 'user' },
  { method: 'POST', path: '/api/functions/create-payment', functionName: 'create-payment', auth: 'user' },
  // Beat licences (issue 8)
  { method: 'GET', path: '/api/projects/{id}/licences', functionName: 'licences', auth: 'public' },
  { method: 'GET', path: '/api/creator/projects/{id}/licences', functionName: 'licences', auth: 'user' },
  { method: 'PUT', path: '/api/creator/projects/{id}/licences', functionName: 'licences', auth: 'user' },
  { method: 'PUT', path: '/api/creator/projects/{id}/musical-data', functionName: 'licences', auth: 'user' },
  { method: 'GET', path: '/api/creator/coupons', functionName: 'licences', auth: 'user' },
  { method: 'POST', path: '/api/creator/coupons', functionName: 'licences', auth: 'user' },
  { method: 'DELETE', path: '/api/creator/coupons/{code}', functionName: 'licences', auth: 'user' },
  { method: 'GET', path: '/api/creator/licences', functionName: 'licences', auth: 'user' },
  { method: 'POST', path: '/api/licences/coupon-preview', functionName: 'licences', auth: 'user' },
  { method: 'POST', path: '/api/licences/analyse', functionName: 'licences', auth: 'user' },
  { method: 'GET', path: '/api/licences/{orderId}/files', functionName: 'licences', auth: 'user' },
  { method: 'POST', path: '/api/licences/{orderId}/stems', functionName: 'licences', auth: 'user' },
  { method: 'GET', path: '/api/licences/{orderId}/agreement', functionName: 'licences', auth: 'user' },
  { method: 'POST', path: '/api/offers', functionName: 'licences', auth: 'user' },
  { method: 'GET', path: '/api/me/offers', functionName: 'licences', auth: 'user' },
  { method: 'POST', path: '/api/offers/{id}/respond', functionName: 'licences', auth: 'user' },
  { method: 'GET', path: '/api/creator/offers', functionName: 'licences', auth: 'user' },
  { method: 'POST', path: '/api/creator/offers/{id}', functionName: 'licences', auth: 'user' },
  {
    method: 'POST',
    path: '/api/functions/coins-create-checkout',
    functionName: 'coins-create-checkout',
    auth: 'user',
  },
  { method: 'POST', path: '/api/functions/coins-balance', functionName: 'coins-balance', auth: 'user' },
  { method: 'GET', path: '/api/me/wallet', functionName: 'coins-balance', auth: 'user' },
  { method: 'POST', path: '/api/webhooks/stripe', functionName: 'stripe-webhook', auth: 'public' },
  // AI music generation and stem splitting (issue 5)
  {
    method: 'POST',
    path: '/api/functions/suno-create-music',
    functionName: 'suno-create-music',
    auth: 'public',
  },
  { method: 'GET', path: '/api/generations/{id}', functionName: 'generations', auth: 'public' },
  {
    method: 'POST',
    path: '/api/functions/neural-stem-splitter',
    functionName: 'neural-stem-splitter',
    auth: 'user',
  },
  // AI tools (issue 6); attachment-cleanup has no route (EventBridge Scheduler invokes it).
  { method: 'POST', path: '/api/functions/chatbot', functionName: 'chatbot', auth: 'public' },
  { method: 'POST', path: '/api/functions/voice-to-text', functionName: 'voice-to-text', auth: 'public' },
  { method: 'POST', path: '/api/functions/ai-file-analysis', functionName: 'ai-file-analysis', auth: 'user' },
  {
    method: 'POST',
    path: '/api/functions/neural-engine-v2',
    functionName: 'neural-engine-v2',
    auth: 'public',
  },
  { method: 'POST', path: '/api/functions/vocal-synthesis', functionName: 'vocal-synthesis', auth: 'public' },
  { method: 'POST', path: '/api/functions/audio-analysis', functionName: 'audio-analysis', auth: 'public' },
  // The same analyser measuring an upload of the signed-in caller (public routes carry no JWT claims).
  { method: 'POST', path: '/api/me/audio-analysis', functionName: 'audio-analysis', auth: 'user' },
  { method: 'POST', path: '/api/functions/daw-integration', functionName: 'daw-integration', auth: 'public' },
  {
    method: 'POST',
    path: '/api/functions/ai-daw-integration',
    functionName: 'ai-daw-integration',
    auth: 'public',
  },
];

export function routeKey(route: Pick<RouteDefinition, 'method' | 'path'>): string {
  return `${route.method} ${route.path}`;
}
