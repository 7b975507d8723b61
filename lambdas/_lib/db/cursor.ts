import { BadRequest } from '../errors';

/** Opaque pagination cursors: DynamoDB's LastEvaluatedKey as base64url JSON. */
export function encodeCursor(key: Record<string, unknown> | undefined): string | null {
  return key ? Buffer.from(JSON.stringify(key)).toString('base64url') : null;
}

export function decodeCursor(cursor: string | undefined): Record<string, unknown> | undefined {
  if (!cursor) return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      const entries = Object.entries(value);
      if (entries.length > 0 && entries.every(([, v]) => typeof v === 'string'))
        return value as Record<string, unknown>;
    }
  } catch {
    // fall through: any malformed cursor is the caller's mistake
  }
  throw new BadRequest('INVALID_CURSOR');
}
