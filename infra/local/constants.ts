/**
 * Names the twin's processes share without loading the emulators: the region, the buckets, the fake
 * credentials the local S3 accepts, and the DynamoDB front's twin-only path that waits for the stream
 * consumers (tests and `npm run seed:catalogue` call it).
 */
export const REGION = 'us-east-1';
export const BUCKETS = { audio: 'audio-files', analysis: 'ai-analysis' } as const;
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;
export const STREAM_DRAIN_PATH = '/_twin/streams/drain';
