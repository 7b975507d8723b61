import * as z from 'zod';
import { BadRequest } from '../errors';
import { COLLECT_HARD_MAX, SOURCES, type Stream } from './plan-model';

/**
 * The catalogue's page cursor (issue 16): the planner's choice, so the next page is read the same way,
 * and where each stream stopped (a walk) or how far into the sorted candidates the answer is (a collect).
 * Opaque to the client (base64url JSON), and checked as untrusted input when it comes back.
 */

const Position = z.union([z.null(), z.literal(0), z.record(z.string(), z.union([z.string(), z.number()]))]);
const CursorBody = z.object({
  v: z.literal(1),
  c: z.object({
    source: z.enum(SOURCES),
    mode: z.enum(['walk', 'collect']),
    rangeField: z.enum(['bpm', 'price']).optional(),
    words: z.array(z.string().max(40)).max(8).optional(),
    completes: z.boolean().optional(),
  }),
  p: z.array(Position).max(24).optional(),
  o: z.number().int().min(0).max(COLLECT_HARD_MAX).optional(),
});
export type CursorBody = z.infer<typeof CursorBody>;
/** Where a stream's next page starts: from its beginning (null), after a key, or nowhere (0: ended). */
export type Position = z.infer<typeof Position>;

export function encodeCursor(body: CursorBody): string {
  return Buffer.from(JSON.stringify(body)).toString('base64url');
}

export function decodeCursor(text: string): CursorBody {
  try {
    const parsed = CursorBody.safeParse(JSON.parse(Buffer.from(text, 'base64url').toString('utf8')));
    if (parsed.success) return parsed.data;
  } catch {
    // fall through: any malformed cursor is the caller's mistake
  }
  throw new BadRequest('INVALID_CURSOR');
}

/** A cursor position must point into its own stream's cell (a forged key reads nothing else). */
export function checkPosition(position: Position, stream: Stream): Position {
  if (position === null || position === 0) return position;
  const ok =
    position[stream.partitionAttribute] === stream.partition &&
    typeof position.PK === 'string' &&
    position.PK.startsWith('PROJECT#') &&
    typeof position.SK === 'string' &&
    position.SK.startsWith('IDX#') &&
    position[stream.sortAttribute] !== undefined &&
    Object.keys(position).length === 4;
  if (!ok) throw new BadRequest('INVALID_CURSOR');
  return position;
}
