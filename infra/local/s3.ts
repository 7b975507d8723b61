import S3rver from 's3rver';
import { containEmulator, s3ErrorAnswer } from './containment';
import { strictMultipart, type FilesystemStore } from './s3-multipart';

/**
 * S3 API for the local twin: s3rver with the platform's two buckets, with S3's multipart rules added
 * (./s3-multipart.ts) and any failure inside it answered as an S3 InternalError (./containment.ts). Files live under `directory`
 * (`.local/s3` for `npm start`, a temp dir in tests). Clients need path-style addressing, the
 * credentials S3RVER/S3RVER and `requestChecksumCalculation: 'WHEN_REQUIRED'` (LOCAL-EMULATORS.md).
 */
export interface LocalS3Options {
  directory: string;
  port?: number;
  buckets: string[];
  /** Origins the browser uploads from (the app's own origin). */
  allowedOrigins: string[];
}

export interface LocalS3 {
  endpoint: string;
  stop(): Promise<void>;
}

export { S3RVER_CREDENTIALS } from './constants';

/** Browser uploads send presigned PUTs and read each part's ETag, so ETag must be exposed. */
export function corsXml(origins: string[]): string {
  const rules = origins
    .map(
      (origin) => `  <CORSRule>
    <AllowedOrigin>${origin}</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedMethod>POST</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedMethod>DELETE</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>`,
    )
    .join('\n');
  return `<CORSConfiguration xmlns="http://s3.amazonaws.com/doc/2006-03-01/">\n${rules}\n</CORSConfiguration>`;
}

export async function startLocalS3(options: LocalS3Options): Promise<LocalS3> {
  const cors = corsXml(options.allowedOrigins);
  const server = new S3rver({
    address: '127.0.0.1',
    port: options.port ?? 0,
    silent: true,
    directory: options.directory,
    configureBuckets: options.buckets.map((name) => ({ name, configs: [cors] })),
  });
  // Multipart parts and ETags checked as S3 does (./s3-multipart.ts).
  strictMultipart(server.store as FilesystemStore);
  const { port } = await server.run();
  if (server.httpServer) containEmulator(server.httpServer, 's3', s3ErrorAnswer);
  return {
    endpoint: `http://127.0.0.1:${port}`,
    async stop() {
      const closing = server.close();
      server.httpServer?.closeAllConnections();
      await closing;
    },
  };
}
