import type http from 'node:http';
import { isAppPage } from '../../web/src/route-paths';

/**
 * What CloudFront's viewer-response function does (infra/constructs/not-found-status.ts), for Vite's
 * SPA fallback: a page request (the browser asks for HTML) for a path the app has no route for still
 * gets the app, which draws its not-found page, but with status 404 instead of 200. Files (a dot in the
 * last segment) and Vite's own paths (`/@vite/client`, `/@fs/…`) are left alone.
 */
export function answerUnknownPagesWith404(req: http.IncomingMessage, res: http.ServerResponse): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') return;
  if (!(req.headers.accept ?? '').includes('text/html')) return;
  const { pathname } = new URL(req.url ?? '/', 'http://local');
  if (pathname.startsWith('/@') || (pathname.split('/').pop() ?? '').includes('.')) return;
  if (isAppPage(pathname)) return;
  // Vite's HTML middleware sets 200 right before it sends the page: the status is changed at that point.
  const end = res.end.bind(res) as (...args: unknown[]) => http.ServerResponse;
  res.end = ((...args: unknown[]) => {
    if (res.statusCode === 200) res.statusCode = 404;
    return end(...args);
  }) as typeof res.end;
}
