/**
 * S3 for modules where only some requests touch a bucket: they `await import('../aws/s3-objects')`
 * (a chunk of its own, read on first use) instead of importing the client at the top, so a request that
 * never reads or signs an object never loads S3. A function whose every route needs S3 imports this
 * module statically in its handler, keeping that work in its cold start (lambdas/projects).
 */
export { s3 } from './s3';
export {
  GetObjectCommand,
  HeadObjectCommand,
  NotFound as S3NotFound,
  PutObjectCommand,
} from '@aws-sdk/client-s3';
export { getSignedUrl } from '@aws-sdk/s3-request-presigner';
