import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config } from '../config';

/**
 * The table's clients, created once per Lambda container (never per request). One module per AWS
 * service, imported only by the modules that call it, so a function bundles and starts only the SDK
 * clients it uses (tests/bench/cold-start measures it).
 */
export const dynamo = new DynamoDBClient({ region: config.AWS_REGION });

export const db = DynamoDBDocumentClient.from(dynamo, {
  marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
});
