import { LambdaClient } from '@aws-sdk/client-lambda';
import { config } from '../config';

/** The Lambda client (async invokes of background jobs), once per container; see ./dynamodb.ts. */
export const lambda = new LambdaClient({ region: config.AWS_REGION });
