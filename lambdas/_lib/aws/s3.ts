import { S3Client } from '@aws-sdk/client-s3';
import { config } from '../config';

/** The S3 client, once per container; imported only where buckets are used (see ./dynamodb.ts). */
export const s3 = new S3Client({
  region: config.AWS_REGION,
  forcePathStyle: config.S3_FORCE_PATH_STYLE,
  // Checksums only when S3 demands them: presigned part URLs stay usable by browsers.
  requestChecksumCalculation: 'WHEN_REQUIRED',
  responseChecksumValidation: 'WHEN_REQUIRED',
});
