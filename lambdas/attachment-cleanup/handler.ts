import { DeleteObjectCommand } from '@aws-sdk/client-s3';
import * as z from 'zod';
import { s3 } from '../_lib/aws/s3';
import { config } from '../_lib/config';
import { logger } from '../_lib/logger';

/**
 * EventBridge Scheduler target (no HTTP route): deletes one chat attachment. Idempotent: S3
 * DeleteObject succeeds for a key that is already gone. Only the ai-analysis bucket is accepted.
 */
const Input = z.object({ bucket: z.string().min(1), key: z.string().min(1).max(1024) });

export const handler = async (event: unknown): Promise<{ deleted: boolean; bucket: string; key: string }> => {
  const input = Input.parse(typeof event === 'string' ? JSON.parse(event) : event);
  if (input.bucket !== config.ANALYSIS_BUCKET) {
    logger.warn('attachment-cleanup refused a bucket other than ai-analysis', { bucket: input.bucket });
    return { deleted: false, ...input };
  }
  try {
    await s3.send(new DeleteObjectCommand({ Bucket: input.bucket, Key: input.key }));
  } catch (error) {
    if ((error as { name?: string }).name !== 'NoSuchKey') throw error;
  }
  logger.info('attachment deleted', { key: input.key });
  return { deleted: true, ...input };
};
