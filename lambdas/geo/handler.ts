import { httpHandler, json } from '../_lib/http';

/**
 * GET /api/geo: the viewer's country as CloudFront saw it (`cloudfront-viewer-country`), for language
 * detection without any third-party IP service. Unknown → null; the web then falls back to pt-BR.
 */
export const handler = httpHandler(async (event) => {
  const raw = event.headers?.['cloudfront-viewer-country'] ?? '';
  const country = /^[A-Za-z]{2}$/.test(raw) ? raw.toUpperCase() : null;
  return json(200, { country });
});
