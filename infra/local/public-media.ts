import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { PUBLIC_MEDIA_CACHE_CONTROL, publicMediaKey } from '../../shared/marketplace/public-media';

/**
 * The twin's stand-in for CloudFront's public media behaviours (issue 16): the same paths
 * (`/covers/…`, `/renditions/…/preview-128.mp3`) served from the audio bucket of the local S3, with the
 * same long cache lifetime and byte ranges (the player seeks with them). Any other object of the bucket
 * is not reachable this way, exactly as CloudFront's origin access grant allows nothing else.
 */
export function createPublicMediaHandler(options: { s3Endpoint: string; bucket: string }) {
  const s3 = new URL(options.s3Endpoint);
  return (req: IncomingMessage, res: ServerResponse): void => {
    const path = new URL(req.url ?? '/', 'http://local').pathname;
    const key = publicMediaKey(path);
    const method = (req.method ?? 'GET').toUpperCase();
    if (!key || (method !== 'GET' && method !== 'HEAD')) {
      res.writeHead(key ? 405 : 404, {
        'content-type': 'text/plain; charset=utf-8',
        ...(key ? { allow: 'GET, HEAD' } : {}),
      });
      res.end(key ? 'Method not allowed' : 'Not found');
      return;
    }
    const headers: http.OutgoingHttpHeaders = {};
    for (const name of ['range', 'if-none-match', 'if-modified-since']) {
      const value = req.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    // s3rver serves anonymous GETs of path-style URLs; the bucket stays private to everything else.
    const upstream = http.request(
      {
        host: s3.hostname,
        port: s3.port,
        method,
        path: `/${options.bucket}/${key.split('/').map(encodeURIComponent).join('/')}`,
        headers,
      },
      (answer) => {
        const status = answer.statusCode ?? 502;
        if (status >= 400 && status !== 416) {
          answer.resume();
          res.writeHead(status === 403 ? 404 : status, {
            'content-type': 'text/plain; charset=utf-8',
            'cache-control': 'no-store',
          });
          res.end('Not found');
          return;
        }
        const out: http.OutgoingHttpHeaders = {
          'cache-control': PUBLIC_MEDIA_CACHE_CONTROL,
          'accept-ranges': 'bytes',
        };
        for (const name of ['content-type', 'content-length', 'content-range', 'etag', 'last-modified']) {
          const value = answer.headers[name];
          if (value !== undefined) out[name] = value;
        }
        res.writeHead(status, out);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('Local S3 unavailable');
    });
    upstream.end();
  };
}
