import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { config } from './config';

/** SDK clients, created once per Lambda container (never per request). */
export const dynamo = new DynamoDBClient({ region: config.AWS_REGION });

export const db = DynamoDBDocumentClient.from(dynamo, {
  marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
});

export const s3 = new S3Client({
  region: config.AWS_REGION,
  forcePathStyle: config.S3_FORCE_PATH_STYLE,
  // Checksums only when S3 demands them: presigned part URLs stay usable by browsers.
  requestChecksumCalculation: 'WHEN_REQUIRED',
  responseChecksumValidation: 'WHEN_REQUIRED',
});

export const cognito = new CognitoIdentityProviderClient({ region: config.AWS_REGION });
