import { STREAM_DRAIN_PATH } from './constants';

export interface DrainResult {
  records: number;
  batches: number;
  deadLettered: number;
}

/**
 * Waits until the twin's stream consumers have processed every write made so far (the DynamoDB front
 * answers STREAM_DRAIN_PATH once they have). Indexing a large seed can outlast fetch's five-minute wait
 * for response headers on a busy machine: then it asks again, which waits for what is left.
 */
export async function drainStreamsAt(dynamoEndpoint: string): Promise<DrainResult> {
  for (;;) {
    try {
      const answer = await fetch(`${dynamoEndpoint}${STREAM_DRAIN_PATH}`);
      return (await answer.json()) as DrainResult;
    } catch (error) {
      const code = (error as { cause?: { code?: string } }).cause?.code;
      if (code !== 'UND_ERR_HEADERS_TIMEOUT') throw error;
    }
  }
}
